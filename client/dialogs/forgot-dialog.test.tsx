import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { FORGOT_MESSAGES } from "#shared/messages.ts";
import { forgetAskedCodes } from "./forgot-dialog.tsx";
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

setupDialogTests();
beforeEach(forgetAskedCodes);

describe("ForgotDialog", () => {
  it.each([
    ["", "Please enter your email address"],
    ["   ", "Please enter your email address"],
    ["ada@example", "Please enter a valid email address"],
  ])("rejects %j with %j and sends nothing", async (email, message) => {
    const api = stubApi({});
    const { user } = renderHost();
    showDialog("forgot");
    if (email) await user.type(screen.getByLabelText("Email"), email);
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it("sends the code, shows 'Check Your Email', then opens reset for that e-mail", async () => {
    const api = stubApi({ "POST /api/users/forgot-password": { data: { ok: true } } });
    const { user } = renderHost();
    showDialog("forgot");
    expect(screen.getByLabelText("Email").getAttribute("autocomplete")).toBe("email");
    await user.type(screen.getByLabelText("Email"), " Ada@Example.com ");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await advance(250);
    expect(screen.getByRole("button", { name: "Send Reset Code" })).toHaveProperty("disabled", true);
    await advance(50);
    expect(api.callsTo("POST /api/users/forgot-password").map((c) => c.body)).toEqual([
      { email: "ada@example.com" },
    ]);
    expect(screen.getByRole("dialog", { name: "Check Your Email" }).textContent).toContain("ada@example.com");
    const next = screen.getByRole("button", { name: "Enter Reset Code" });
    expect(document.activeElement).toBe(next);
    await user.click(next);
    expect(useDialogs.getState()).toMatchObject({ open: "reset", email: "ada@example.com" });
    expect(screen.getByRole("dialog", { name: "Reset Password" }).textContent).toContain("ada@example.com");
  });

  it("asked again within the minute, says when another code can be asked for instead of claiming one was sent", async () => {
    const api = stubApi({ "POST /api/users/forgot-password": { data: { ok: true } } });
    const { user } = renderHost();
    showDialog("forgot");
    await user.type(screen.getByLabelText("Email"), "bola@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await advance(300);
    const first = screen.getByRole("dialog", { name: "Check Your Email" }).textContent;
    expect(first).toContain(
      "If an account exists for bola@example.com, we are sending a 6-digit code to reset its password: at most one a minute and five an hour.",
    );

    showDialog("login");
    showDialog("forgot");
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "Bola@Example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await advance(300);
    const again = screen.getByRole("dialog", { name: "Check Your Email" }).textContent ?? "";
    expect(again).toMatch(
      /You asked for a code for bola@example\.com less than a minute ago: if an account exists, that code is on its way\. You can ask for another in (60|59|58) s\./,
    );
    expect(again).not.toContain("we are sending");
    expect(api.callsTo("POST /api/users/forgot-password")).toHaveLength(1);
  });

  it.each([
    ["RATE_LIMIT_EXCEEDED", 429, FORGOT_MESSAGES.rateLimited],
    ["USER_NOT_FOUND", 404, FORGOT_MESSAGES.userNotFound],
    ["INTERNAL_ERROR", 500, FORGOT_MESSAGES.other],
  ] as const)("shows the spec's message for %s", async (code, status, message) => {
    stubApi({ "POST /api/users/forgot-password": errorReply(status, code) });
    const { user } = renderHost();
    showDialog("forgot");
    await user.type(screen.getByLabelText("Email"), "ada@example.com{Enter}");
    await advance(300);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.queryByRole("dialog", { name: "Check Your Email" })).toBeNull();
  });

  it("goes back to login", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("forgot");
    await user.click(within(openDialogElement()).getByRole("button", { name: "Back to Login" }));
    expect(screen.getByRole("dialog", { name: "Log In" })).toBeTruthy();
  });
});
