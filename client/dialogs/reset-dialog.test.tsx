import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RESET_MESSAGES } from "#shared/messages.ts";
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

const EMAIL = "ada@example.com";
type User = ReturnType<typeof renderHost>["user"];

async function reset(user: User, values: { code?: string; password?: string; confirm?: string } = {}) {
  const v = { code: "123456", password: "newsecret1", confirm: "newsecret1", ...values };
  if (v.code) await user.type(screen.getByLabelText("Reset Code"), v.code);
  if (v.password) await user.type(screen.getByLabelText("New Password"), v.password);
  if (v.confirm) await user.type(screen.getByLabelText("Confirm New Password"), v.confirm);
  await user.click(screen.getByRole("button", { name: "Reset Password" }));
}

function openReset() {
  const host = renderHost();
  showDialog("reset", { email: EMAIL });
  return host;
}

describe("ResetDialog", () => {
  it("shows the e-mail and fields with one-time-code and new-password hints", () => {
    stubApi({});
    openReset();
    expect(openDialogElement().textContent).toContain(EMAIL);
    expect(screen.getByLabelText("Reset Code").getAttribute("autocomplete")).toBe("one-time-code");
    expect(screen.getByLabelText("Reset Code").getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByLabelText("New Password").getAttribute("autocomplete")).toBe("new-password");
  });

  it("keeps only six digits of the code", async () => {
    stubApi({});
    const { user } = openReset();
    const code = screen.getByLabelText("Reset Code") as HTMLInputElement;
    await user.click(code);
    await user.paste("12-34 56abc789");
    expect(code.value).toBe("123456");
  });

  it.each([
    ["a short code", { code: "12345" }, "Please enter the 6-digit verification code"],
    ["a missing password", { password: "" }, "Please fill in all fields"],
    ["a missing confirmation", { confirm: "" }, "Please fill in all fields"],
    ["different passwords", { confirm: "newsecret2" }, "Passwords do not match"],
    [
      "a short password",
      { password: "short1", confirm: "short1" },
      "Password must be at least 8 characters long",
    ],
  ])("blocks %s before anything is sent", async (_name, values, message) => {
    const api = stubApi({});
    const { user } = openReset();
    await reset(user, values);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it("resets the password, signs in, tracks the login with the country and goes to the dashboard", async () => {
    const api = stubApi({ "POST /api/users/reset-password": { data: { user: USER } } });
    const { user, path } = openReset();
    await reset(user);
    await advance(250);
    expect(screen.getByRole("button", { name: "Reset Password" })).toHaveProperty("disabled", true);
    expect(path()).toBe("/");
    await advance(50);
    expect(api.callsTo("POST /api/users/reset-password").map((c) => c.body)).toEqual([
      { email: EMAIL, otp: "123456", password: "newsecret1" },
    ]);
    expect(useSession.getState().user).toEqual(USER);
    expect(api.callsTo("POST /api/events").map((c) => c.body)).toEqual([
      { name: "user_login_success", country: USER.country },
    ]);
    expect(useDialogs.getState().open).toBeNull();
    expect(path()).toBe("/dashboard");
  });

  it.each([
    ["INVALID_OTP", RESET_MESSAGES.invalidOtp],
    ["OTP_EXPIRED", RESET_MESSAGES.otpExpired],
    ["OTP_ALREADY_USED", RESET_MESSAGES.otpAlreadyUsed],
    ["INTERNAL_ERROR", RESET_MESSAGES.other],
  ])("shows the spec's message for %s", async (code, message) => {
    const api = stubApi({
      "POST /api/users/reset-password": errorReply(code === "INTERNAL_ERROR" ? 500 : 400, code),
    });
    const { user, path } = openReset();
    await reset(user);
    await advance(300);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(useSession.getState().user).toBeNull();
    expect(api.callsTo("POST /api/events")).toHaveLength(0);
    expect(path()).toBe("/");
  });

  it("goes back to forgot password with the e-mail filled in", async () => {
    stubApi({});
    const { user } = openReset();
    await user.click(within(openDialogElement()).getByRole("button", { name: "Back to Forgot Password" }));
    expect(screen.getByRole("dialog", { name: "Forgot Password" })).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(EMAIL);
  });
});
