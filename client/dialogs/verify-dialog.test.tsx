import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RESEND_MESSAGES, VERIFY_MESSAGES } from "#shared/messages.ts";
import { useSession } from "../session/store.ts";
import { useDialogs, type VerifyContext } from "./store.ts";
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

const EMAIL = "ada@example.com";

function openVerify(verifyContext: VerifyContext = "registration", codeWaitS = 0) {
  const host = renderHost();
  showDialog("verify", { email: EMAIL, verifyContext, codeWaitS });
  return { ...host, code: () => screen.getByLabelText("Verification Code") as HTMLInputElement };
}

/** Opens the dialog and lets the minute that follows the first code run out. */
async function openVerifyReadyToResend(verifyContext: VerifyContext = "registration") {
  const opened = openVerify(verifyContext);
  await advance(60_000);
  expect(screen.getByRole("button", { name: "Resend code" })).toHaveProperty("disabled", false);
  return opened;
}

describe("VerifyDialog", () => {
  it("shows the e-mail and a numeric one-time-code field", () => {
    stubApi({});
    const { code } = openVerify();
    expect(openDialogElement().textContent).toContain(EMAIL);
    expect(code().getAttribute("autocomplete")).toBe("one-time-code");
    expect(code().getAttribute("inputmode")).toBe("numeric");
    expect(document.activeElement).toBe(code());
  });

  it("after registration says the code was sent and counts down the minute before another", async () => {
    const api = stubApi({ "POST /api/users/resend-otp": { data: { ok: true } } });
    openVerify("registration");
    expect(openDialogElement().querySelector("p")?.textContent).toBe(
      `We have sent a 6-digit verification code to ${EMAIL}.`,
    );
    const button = screen.getByRole("button", { name: "Resend in 60s" });
    expect(button).toHaveProperty("disabled", true);
    await advance(59_000);
    expect(button.textContent).toBe("Resend in 1s");
    await advance(1000);
    expect(button.textContent).toBe("Resend code");
    expect(button).toHaveProperty("disabled", false);
    expect(api.calls).toHaveLength(0);
  });

  it("after an unverified login says a new code was sent and counts down the minute before another", async () => {
    const api = stubApi({ "POST /api/users/resend-otp": { data: { ok: true } } });
    const { user } = openVerify("login");
    expect(openDialogElement().querySelector("p")?.textContent).toBe(
      `Your account is not verified yet. We sent a new 6-digit code to ${EMAIL}. Enter it below, or ask for another.`,
    );
    const button = screen.getByRole("button", { name: "Resend in 60s" });
    expect(button).toHaveProperty("disabled", true);
    await advance(59_000);
    expect(button.textContent).toBe("Resend in 1s");
    expect(api.calls).toHaveLength(0);
    await advance(1000);
    expect(button.textContent).toBe("Resend code");
    await user.click(button);
    await advance(300);
    expect(api.callsTo("POST /api/users/resend-otp").map((c) => c.body)).toEqual([{ email: EMAIL }]);
    expect(screen.getByRole("button", { name: "Resend in 60s" })).toHaveProperty("disabled", true);
  });

  it("after an unverified login within the cooldown says no new code was sent, and counts down what is left", async () => {
    stubApi({});
    openVerify("login", 42);
    expect(openDialogElement().querySelector("p")?.textContent).toBe(
      `Your account is not verified yet. We sent a 6-digit code to ${EMAIL} a moment ago, so no new one was sent now. Enter that code below, or ask for another when the wait is over.`,
    );
    expect(screen.getByRole("button", { name: "Resend in 42s" })).toHaveProperty("disabled", true);
    await advance(42_000);
    expect(screen.getByRole("button", { name: "Resend code" })).toHaveProperty("disabled", false);
  });

  it("keeps only digits of what is typed, at most six", async () => {
    stubApi({});
    const { user, code } = openVerify();
    await user.type(code(), "12a-3 4");
    expect(code().value).toBe("1234");
    await user.type(code(), "56789");
    expect(code().value).toBe("123456");
  });

  it("strips pasted text to its first six digits", async () => {
    stubApi({});
    const { user, code } = openVerify();
    await user.click(code());
    await user.paste("12-34 56abc");
    expect(code().value).toBe("123456");
    await user.clear(code());
    await user.paste("Your code: 987 654 321");
    expect(code().value).toBe("987654");
  });

  it("asks for six digits and sends nothing otherwise", async () => {
    const api = stubApi({});
    const { user, code } = openVerify();
    await user.type(code(), "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter the 6-digit verification code");
    expect(api.calls).toHaveLength(0);
  });

  it("signs in after registration, tracks it with the country and shows the welcome", async () => {
    const api = stubApi({ "POST /api/users/verify-email": { data: { user: { ...USER, country: "1" } } } });
    const { user, code, path } = openVerify("registration");
    await user.type(code(), "123456{Enter}");
    await advance(250);
    expect(screen.getByRole("button", { name: "Verify" })).toHaveProperty("disabled", true);
    await advance(50);
    expect(api.callsTo("POST /api/users/verify-email")[0]?.body).toEqual({ email: EMAIL, otp: "123456" });
    expect(useSession.getState().user).toEqual(USER);
    expect(api.callsTo("POST /api/events").map((c) => c.body)).toEqual([
      { name: "user_registration_completed", country: "1" },
    ]);
    expect(screen.getByRole("dialog", { name: "Welcome to AfriOdds!" })).toBeTruthy();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(path()).toBe("/");
  });

  it("signs in an unverified login and tracks it as a login with the country, not a registration", async () => {
    const api = stubApi({ "POST /api/users/verify-email": { data: { user: USER } } });
    const { user, code } = openVerify("login");
    await user.type(code(), "123456{Enter}");
    await advance(300);
    expect(useSession.getState().user).toEqual(USER);
    expect(api.callsTo("POST /api/events").map((c) => c.body)).toEqual([
      { name: "user_login_success", country: "1" },
    ]);
    expect(useDialogs.getState().open).toBe("welcome");
  });

  it.each([
    ["registration", "INVALID_VERIFICATION_CODE", VERIFY_MESSAGES.invalidCodeRegistration],
    ["registration", "VERIFICATION_CODE_EXPIRED", VERIFY_MESSAGES.expired],
    ["registration", "INTERNAL_ERROR", VERIFY_MESSAGES.otherRegistration],
    ["login", "INVALID_VERIFICATION_CODE", VERIFY_MESSAGES.invalidCodeLogin],
    ["login", "VERIFICATION_CODE_EXPIRED", VERIFY_MESSAGES.expired],
    ["login", "INTERNAL_ERROR", VERIFY_MESSAGES.otherLogin],
  ] as const)("in %s context shows the spec's message for %s", async (context, code, message) => {
    const api = stubApi({
      "POST /api/users/verify-email": errorReply(code === "INTERNAL_ERROR" ? 500 : 400, code),
    });
    const { user, code: field } = openVerify(context);
    await user.type(field(), "123456{Enter}");
    await advance(300);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(useSession.getState().user).toBeNull();
    expect(api.callsTo("POST /api/events")).toHaveLength(0);
    expect(useDialogs.getState().open).toBe("verify");
  });

  it("resends the code, then counts down 60 seconds before it can resend again", async () => {
    const api = stubApi({ "POST /api/users/resend-otp": { data: { ok: true } } });
    const { user } = await openVerifyReadyToResend();
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    await advance(300);
    expect(api.callsTo("POST /api/users/resend-otp").map((c) => c.body)).toEqual([{ email: EMAIL }]);
    const button = screen.getByRole("button", { name: "Resend in 60s" });
    expect(button).toHaveProperty("disabled", true);
    // The API answers alike whether or not it mailed a code, so the status promises no more than that.
    expect(screen.getByRole("status").textContent).toBe(
      `We'll send a new code to ${EMAIL} if we can: at most one a minute and five an hour. Use the newest code you receive.`,
    );
    await advance(1000);
    expect(button.textContent).toBe("Resend in 59s");
    await advance(58_000);
    expect(button.textContent).toBe("Resend in 1s");
    expect(button).toHaveProperty("disabled", true);
    await advance(1000);
    expect(button.textContent).toBe("Resend code");
    expect(button).toHaveProperty("disabled", false);
    await user.click(button);
    await advance(300);
    expect(api.callsTo("POST /api/users/resend-otp")).toHaveLength(2);
  });

  it.each([
    ["RATE_LIMIT_EXCEEDED", 429, RESEND_MESSAGES.rateLimited],
    ["INVALID_EMAIL", 400, RESEND_MESSAGES.invalidEmail],
    ["INTERNAL_ERROR", 500, RESEND_MESSAGES.other],
  ] as const)(
    "shows the spec's resend message for %s and starts no countdown",
    async (code, status, message) => {
      stubApi({ "POST /api/users/resend-otp": errorReply(status, code) });
      const { user } = await openVerifyReadyToResend();
      await user.click(screen.getByRole("button", { name: "Resend code" }));
      await advance(300);
      expect(screen.getByRole("alert").textContent).toBe(message);
      expect(screen.getByRole("button", { name: "Resend code" })).toHaveProperty("disabled", false);
    },
  );

  it("goes back to register after registration and to login after a login", async () => {
    stubApi({});
    const { user } = openVerify("registration");
    expect(within(openDialogElement()).queryByRole("button", { name: "Back to Login" })).toBeNull();
    await user.click(within(openDialogElement()).getByRole("button", { name: "Back to Register" }));
    expect(screen.getByRole("dialog", { name: "Create Your Free Account" })).toBeTruthy();

    showDialog("verify", { email: EMAIL, verifyContext: "login" });
    expect(within(openDialogElement()).queryByRole("button", { name: "Back to Register" })).toBeNull();
    await user.click(within(openDialogElement()).getByRole("button", { name: "Back to Login" }));
    expect(screen.getByRole("dialog", { name: "Log In" })).toBeTruthy();
  });
});
