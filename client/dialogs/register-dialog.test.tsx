import { screen, within } from "@testing-library/react";
import { createChallenge, verifySolution } from "altcha-lib";
import { describe, expect, it, vi } from "vitest";
import { CHALLENGE_SOLVING_MESSAGE, REGISTER_MESSAGES } from "#shared/messages.ts";
import { useDialogs } from "./store.ts";
import {
  advance,
  openDialogElement,
  errorReply,
  renderHost,
  setupDialogTests,
  showDialog,
  stubApi,
} from "../../tests/client/harness.tsx";

/** How long a test waits for the dialog to solve a real proof-of-work challenge. */
const SOLVING = { timeout: 15_000 };

setupDialogTests();

type User = ReturnType<typeof renderHost>["user"];
const VALID = { username: "ada", email: "Ada@Example.com", password: "secret123", confirm: "secret123", terms: true };

async function register(user: User, values: Partial<typeof VALID> = {}) {
  const v = { ...VALID, ...values };
  if (v.username) await user.type(screen.getByLabelText("Username"), v.username);
  if (v.email) await user.type(screen.getByLabelText("Email"), v.email);
  if (v.password) await user.type(screen.getByLabelText("Password"), v.password);
  if (v.confirm) await user.type(screen.getByLabelText("Confirm Password"), v.confirm);
  if (v.terms) await user.click(screen.getByRole("checkbox", { name: /18 or older/ }));
  await user.click(screen.getByRole("button", { name: "Register" }));
}

/** What describes a field: the text of the elements its aria-describedby names. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("RegisterDialog", () => {
  it.each([
    ["a missing confirmation", { confirm: "" }, "Confirm Password", "Please confirm your password"],
    ["a malformed e-mail", { email: "ada@example" }, "Email", "Please enter a valid email address"],
    ["different passwords", { confirm: "secret124" }, "Confirm Password", "Passwords do not match"],
    ["a short password", { password: "short12", confirm: "short12" }, "Password", "Password must be at least 8 characters long"],
  ])("blocks %s before anything is sent, with the message beside its field", async (_name, values, label, message) => {
    const api = stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await register(user, values);
    const field = screen.getByLabelText(label);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(description(field)).toBe(message);
    expect(document.activeElement).toBe(field);
    expect(api.calls).toHaveLength(0);
    expect(useDialogs.getState().open).toBe("register");
  });

  it("shows every field's problem at once after one submit, focusing the first, and sends nothing", async () => {
    const api = stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await register(user, { username: "ada obi", email: "ada@example", password: "short12", confirm: "short13", terms: false });
    const expected: Array<[string, string]> = [
      ["Username", "Username can only contain letters, numbers, underscores, dots and hyphens"],
      ["Email", "Please enter a valid email address"],
      ["Password", "Password must be at least 8 characters long"],
      ["Confirm Password", "Passwords do not match"],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute("aria-invalid"), label).toBe("true");
      expect(description(field), label).toBe(message);
    }
    const box = screen.getByRole("checkbox", { name: /18 or older/ });
    expect(description(box)).toBe("Please confirm you are 18 or older and accept the Terms of Service and Privacy Policy");
    expect(document.activeElement).toBe(screen.getByLabelText("Username"));
    // Nothing was empty, so no line above the fields: each message is beside its own.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("says once that all fields are needed, and names each empty one beside it", async () => {
    const api = stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(screen.getByRole("alert").textContent).toBe("Please fill in all fields");
    expect(description(screen.getByLabelText("Username"))).toBe("Please enter a username");
    expect(description(screen.getByLabelText("Email"))).toBe("Please enter your email address");
    expect(description(screen.getByLabelText("Password"))).toBe("Please enter a password");
    expect(description(screen.getByLabelText("Confirm Password"))).toBe("Please confirm your password");
    expect(document.activeElement).toBe(screen.getByLabelText("Username"));
    expect(api.calls).toHaveLength(0);
  });

  it("shows the API's field issues beside their fields: a common password under the password", async () => {
    const common = "This password is one of the most common, so it is among the first an attacker tries. Please choose another.";
    const error = { code: "password", description: common, type: "validation", fields: [{ field: "password", code: "password", description: common }] };
    const api = stubApi({ "PUT /api/users/register": { status: 400, error } });
    const { user } = renderHost();
    showDialog("register");
    await register(user, { password: "Password1", confirm: "Password1" });
    await advance(300);
    expect(api.callsTo("PUT /api/users/register")).toHaveLength(1);
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(description(password)).toBe(common);
    expect(document.activeElement).toBe(password);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    expect(useDialogs.getState().open).toBe("register");
  });

  it("refuses to register without the 18+ and Terms confirmation, marking the box", async () => {
    const api = stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await register(user, { terms: false });
    const box = screen.getByRole("checkbox", { name: /18 or older/ });
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(description(box)).toBe("Please confirm you are 18 or older and accept the Terms of Service and Privacy Policy");
    expect(api.calls).toHaveLength(0);
  });

  it("shows and hides each password on request", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("register");
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    expect((screen.getByLabelText("Confirm Password") as HTMLInputElement).type).toBe("password");
  });

  it("marks only the field a validation message is about", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await register(user, { confirm: "different1" });
    const confirm = screen.getByLabelText("Confirm Password");
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(description(confirm)).toBe("Passwords do not match");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByLabelText("Password").getAttribute("aria-describedby")).toBeNull();
  });

  it("offers only Nigeria and the autocomplete hints of a new account", () => {
    stubApi({});
    renderHost();
    showDialog("register");
    const country = screen.getByLabelText("Country") as HTMLSelectElement;
    expect(Array.from(country.options).map((o) => [o.value, o.textContent])).toEqual([["1", "Nigeria"]]);
    expect(screen.getByLabelText("Email").getAttribute("autocomplete")).toBe("email");
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("new-password");
    expect(screen.getByLabelText("Confirm Password").getAttribute("autocomplete")).toBe("new-password");
  });

  it("registers and opens verification in registration context for the e-mail the server normalised", async () => {
    const api = stubApi({ "PUT /api/users/register": { status: 201, data: { email: "ada@example.com" } } });
    const { user } = renderHost();
    showDialog("register");
    await register(user, { username: " ada " });
    await advance(300);
    expect(api.callsTo("PUT /api/users/register")[0]?.body).toEqual({
      userName: "ada",
      email: "Ada@Example.com",
      password: "secret123",
      country: 1,
      acceptTerms: true,
    });
    expect(useDialogs.getState()).toMatchObject({
      open: "verify",
      email: "ada@example.com",
      verifyContext: "registration",
    });
    expect(screen.getByRole("dialog", { name: "Verify Your Email" }).textContent).toContain(
      "ada@example.com",
    );
    expect(api.callsTo("POST /api/users/resend-otp")).toHaveLength(0);
  });

  it.each([
    ["EMAIL_IN_USE", REGISTER_MESSAGES.emailInUse],
    ["USERNAME_IN_USE", REGISTER_MESSAGES.usernameInUse],
    ["INTERNAL_ERROR", REGISTER_MESSAGES.other],
  ])("shows the spec's message for %s", async (code, message) => {
    stubApi({ "PUT /api/users/register": errorReply(code === "INTERNAL_ERROR" ? 500 : 409, code) });
    const { user } = renderHost();
    showDialog("register");
    await register(user);
    await advance(300);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(useDialogs.getState().open).toBe("register");
  });

  it("keeps the button disabled and loading for 300 ms", async () => {
    stubApi({ "PUT /api/users/register": { data: { email: "ada@example.com" } } });
    const { user } = renderHost();
    showDialog("register");
    await register(user);
    await advance(250);
    const button = screen.getByRole("button", { name: "Register" });
    expect(button).toHaveProperty("disabled", true);
    expect(button.className).toContain("is-loading");
    await advance(50);
    expect(useDialogs.getState().open).toBe("verify");
  });

  describe("under a sign-up flood (docs/decisions/023-proof-of-work-under-flood.md)", () => {
    const HMAC_KEY = "the-api-key";
    /** A real ALTCHA challenge, easy (its number is 40), as the API signs them. */
    const challenge = () => createChallenge({ algorithm: "SHA-256", hmacKey: HMAC_KEY, maxnumber: 100, number: 40 });
    const asked = errorReply(429, "CHALLENGE_REQUIRED");

    it("says it is checking while it solves the proof of work", async () => {
      stubApi({ "PUT /api/users/register": asked, "GET /api/users/register/challenge": "pending" });
      const { user } = renderHost();
      showDialog("register");
      await register(user);
      await advance(300);
      expect(screen.getByRole("status").textContent).toBe(CHALLENGE_SOLVING_MESSAGE);
      expect(screen.getByRole("button", { name: "Register" })).toHaveProperty("disabled", true);
    });

    it("solves the challenge the server asks for and registers again with the solution, once", async () => {
      const api = stubApi({
        "PUT /api/users/register": [asked, { status: 201, data: { email: "ada@example.com" } }],
        "GET /api/users/register/challenge": { data: await challenge() },
      });
      const { user } = renderHost();
      showDialog("register");
      await register(user);
      // Solving is real proof-of-work: seconds on a loaded machine.
      await vi.waitFor(() => expect(useDialogs.getState().open).toBe("verify"), SOLVING);
      const [first, second] = api.callsTo("PUT /api/users/register").map((call) => call.body as Record<string, unknown>);
      expect(first).not.toHaveProperty("altcha");
      expect(second).toMatchObject({ userName: "ada", email: "Ada@Example.com" });
      expect(await verifySolution(String(second!.altcha), HMAC_KEY)).toBe(true);
      expect(api.callsTo("GET /api/users/register/challenge")).toHaveLength(1);
      expect(screen.queryByText(CHALLENGE_SOLVING_MESSAGE)).toBeNull();
    });

    it("says the check failed when the server still asks after the solution, and solves only once per try", async () => {
      const api = stubApi({ "PUT /api/users/register": asked, "GET /api/users/register/challenge": { data: await challenge() } });
      const { user } = renderHost();
      showDialog("register");
      await register(user);
      await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe(REGISTER_MESSAGES.challengeFailed), SOLVING);
      expect(api.callsTo("PUT /api/users/register")).toHaveLength(2);
      expect(api.callsTo("GET /api/users/register/challenge")).toHaveLength(1);
      expect(useDialogs.getState().open).toBe("register");
    });
  });

  it("links back to login", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await user.click(within(openDialogElement()).getByRole("button", { name: "Log in" }));
    expect(screen.getByRole("dialog", { name: "Log In" })).toBeTruthy();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});
