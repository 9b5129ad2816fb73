import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LOGIN_MESSAGES, NETWORK_OFFLINE_MESSAGE, UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { useSession } from "../session/store.ts";
import { useDialogs } from "./store.ts";
import {
  advance,
  openDialogElement,
  errorReply,
  renderHost,
  setupDialogTests,
  showDialog,
  stubApi,
  USER,
} from "../../tests/client/harness.tsx";

setupDialogTests();

async function fillLogin(user: ReturnType<typeof renderHost>["user"], username: string, password: string) {
  if (username) await user.type(screen.getByLabelText("Username or email"), username);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log In" }));
}

describe("LoginDialog", () => {
  it("asks for both fields and sends nothing when one is blank", async () => {
    const api = stubApi({});
    const { user } = renderHost();
    showDialog("login");
    await fillLogin(user, "   ", "secret123");
    expect(screen.getByRole("alert")).toHaveProperty(
      "textContent",
      "Please enter both username and password",
    );
    await user.clear(screen.getByLabelText("Username or email"));
    await user.clear(screen.getByLabelText("Password"));
    await fillLogin(user, "ada", "");
    expect(screen.getByRole("alert")).toHaveProperty(
      "textContent",
      "Please enter both username and password",
    );
    expect(api.calls).toHaveLength(0);
  });

  it("labels its fields for password managers", () => {
    stubApi({});
    renderHost();
    showDialog("login");
    expect(screen.getByLabelText("Username or email").getAttribute("autocomplete")).toBe("username");
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("current-password");
    expect(openDialogElement().getAttribute("aria-modal")).toBe("true");
    expect(screen.getByRole("dialog", { name: "Log In" })).toBe(openDialogElement());
  });

  it("signs in with the trimmed username, tracks the country and goes to the dashboard", async () => {
    const api = stubApi({ "POST /api/users/login": { data: { user: USER } } });
    const { user, path } = renderHost();
    showDialog("login");
    await fillLogin(user, "  ada  ", " pass word ");
    await advance(300);
    expect(api.callsTo("POST /api/users/login")[0]?.body).toEqual({
      username: "ada",
      password: " pass word ",
    });
    expect(useSession.getState().user).toEqual(USER);
    expect(JSON.parse(localStorage.getItem("auth-session") ?? "{}").user).toEqual(USER);
    expect(api.callsTo("POST /api/events").map((c) => c.body)).toEqual([
      { name: "user_login_success", country: "1" },
    ]);
    expect(useDialogs.getState().open).toBeNull();
    expect(path()).toBe("/dashboard");
    expect(screen.getByRole("heading", { name: "Dashboard page" })).toBeTruthy();
  });

  it("keeps the loading button up for 300 ms even when the server answers at once, and submits once", async () => {
    const api = stubApi({ "POST /api/users/login": { data: { user: USER } } });
    const { user, path } = renderHost();
    showDialog("login");
    await fillLogin(user, "ada", "secret123");
    const button = screen.getByRole("button", { name: "Log In" });
    await user.click(button);
    await user.type(screen.getByLabelText("Password"), "{Enter}");
    // A submit the disabled button cannot stop (a script, an old browser's implicit submission).
    fireEvent.submit(button.closest("form")!);
    await advance(250);
    expect(button).toHaveProperty("disabled", true);
    expect(button.className).toContain("is-loading");
    expect(path()).toBe("/");
    await advance(50);
    expect(path()).toBe("/dashboard");
    expect(api.callsTo("POST /api/users/login")).toHaveLength(1);
  });

  it("tells verification no new code was sent when the API answers with Retry-After (cooldown)", async () => {
    stubApi({
      "POST /api/users/login": { ...(errorReply(403, "ACCOUNT_NOT_VERIFIED", "ada@example.com") as object), headers: { "Retry-After": "37" } },
    });
    const { user } = renderHost();
    showDialog("login");
    await fillLogin(user, "ada", "secret123");
    await advance(300);
    expect(useDialogs.getState()).toMatchObject({ open: "verify", verifyContext: "login", codeWaitS: 37 });
    const verify = screen.getByRole("dialog", { name: "Verify Your Email" });
    expect(verify.textContent).toContain("so no new one was sent now");
    expect(verify.textContent).not.toContain("We sent a new");
    expect(screen.getByRole("button", { name: "Resend in 37s" })).toBeTruthy();
  });

  it("opens verification in login context for the e-mail of an unverified account, without sending a code", async () => {
    const api = stubApi({
      "POST /api/users/login": errorReply(403, "ACCOUNT_NOT_VERIFIED", "ada@example.com"),
    });
    const { user } = renderHost();
    showDialog("login");
    await fillLogin(user, "ada", "secret123");
    await advance(300);
    expect(useDialogs.getState()).toMatchObject({
      open: "verify",
      email: "ada@example.com",
      verifyContext: "login",
    });
    expect(screen.getByRole("dialog", { name: "Verify Your Email" }).textContent).toContain(
      "ada@example.com",
    );
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(api.callsTo("POST /api/users/resend-otp")).toHaveLength(0);
    expect(useSession.getState().user).toBeNull();
  });

  it.each([
    [
      "wrong credentials",
      errorReply(401, "INVALID_USERNAME_OR_PASSWORD", "nope"),
      LOGIN_MESSAGES.invalidCredentials,
    ],
    ["a server failure", errorReply(500, "INTERNAL_ERROR", "boom"), LOGIN_MESSAGES.other],
    [
      "an unreachable odds service (the web tier's own words)",
      errorReply(502, "UPSTREAM_UNAVAILABLE", UPSTREAM_UNAVAILABLE_MESSAGE),
      UPSTREAM_UNAVAILABLE_MESSAGE,
    ],
  ])("shows the spec's message for %s", async (_name, reply, message) => {
    stubApi({ "POST /api/users/login": reply });
    const { user, path } = renderHost();
    showDialog("login");
    await fillLogin(user, "ada", "secret123");
    await advance(300);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(path()).toBe("/");
    expect(useSession.getState().user).toBeNull();
  });

  it("says the phone is offline when the request never leaves", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = renderHost();
    showDialog("login");
    await fillLogin(user, "ada", "secret123");
    await advance(300);
    expect(screen.getByRole("alert").textContent).toBe(NETWORK_OFFLINE_MESSAGE);
  });

  describe("on an account locked by failed logins", () => {
    const locked = errorReply(403, "ACCOUNT_LOCKED", LOGIN_MESSAGES.accountLocked);

    it("says a code was e-mailed and signs in with the password and that code", async () => {
      const api = stubApi({ "POST /api/users/login": [locked, { data: { user: USER } }] });
      const { user, path } = renderHost();
      showDialog("login");
      await fillLogin(user, "ada", "secret123");
      await advance(300);
      expect(screen.getByRole("alert").textContent).toBe("Too many failed attempts on this account. We've e-mailed you a code to sign in.");
      const code = screen.getByLabelText("Code from the e-mail");
      expect(code.getAttribute("autocomplete")).toBe("one-time-code");
      await user.type(code, "12 34 56");
      await user.click(screen.getByRole("button", { name: "Log In" }));
      await advance(300);
      expect(api.callsTo("POST /api/users/login").map((call) => call.body)).toEqual([
        { username: "ada", password: "secret123" },
        { username: "ada", password: "secret123", code: "123456" },
      ]);
      expect(useSession.getState().user).toEqual(USER);
      expect(path()).toBe("/dashboard");
    });

    it("asks for the code before sending, and says password or code was wrong when still locked", async () => {
      const api = stubApi({ "POST /api/users/login": locked });
      const { user } = renderHost();
      showDialog("login");
      await fillLogin(user, "ada", "secret123");
      await advance(300);
      await user.click(screen.getByRole("button", { name: "Log In" }));
      expect(screen.getByRole("alert").textContent).toBe(VALIDATION_MESSAGES.codeRequired);
      expect(api.callsTo("POST /api/users/login")).toHaveLength(1);
      const code = screen.getByLabelText("Code from the e-mail");
      await user.type(code, "654321");
      await user.click(screen.getByRole("button", { name: "Log In" }));
      await advance(300);
      expect(screen.getByRole("alert").textContent).toBe(LOGIN_MESSAGES.unlockFailed);
      expect(code.getAttribute("aria-invalid")).toBe("true");
      expect(useSession.getState().user).toBeNull();
    });

    it("drops the code field for another name, which signs in with its password alone", async () => {
      const api = stubApi({ "POST /api/users/login": [locked, { data: { user: USER } }] });
      const { user } = renderHost();
      showDialog("login");
      await fillLogin(user, "ada", "secret123");
      await advance(300);
      await user.type(screen.getByLabelText("Username or email"), "_2");
      expect(screen.queryByLabelText("Code from the e-mail")).toBeNull();
      await user.click(screen.getByRole("button", { name: "Log In" }));
      await advance(300);
      expect(api.callsTo("POST /api/users/login")[1]?.body).toEqual({ username: "ada_2", password: "secret123" });
    });
  });

  it("links to register and to forgot password", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("login");
    await user.click(within(openDialogElement()).getByRole("button", { name: "Register" }));
    expect(screen.getByRole("dialog", { name: "Create Your Free Account" })).toBeTruthy();
    showDialog("login");
    await user.click(within(openDialogElement()).getByRole("button", { name: "Forgot password?" }));
    expect(screen.getByRole("dialog", { name: "Forgot Password" })).toBeTruthy();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });

  it("shows and hides the password on request, keeping what was typed", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("login");
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    await user.type(password, "secret123");
    expect(password.type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    expect(password.value).toBe("secret123");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.type).toBe("password");
  });
});
