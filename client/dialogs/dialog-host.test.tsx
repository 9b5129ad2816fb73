import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDialogs } from "./store.ts";
import { advance, openDialogElement, renderHost, setupDialogTests, showDialog, stubApi } from "../../tests/client/harness.tsx";

setupDialogTests();

describe("DialogHost", () => {
  it("renders nothing while no dialog is open", () => {
    stubApi({});
    renderHost();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.documentElement.classList.contains("is-clipped")).toBe(false);
  });

  it("shows one dialog at a time, switching at once", () => {
    stubApi({});
    renderHost();
    showDialog("login");
    showDialog("register");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(openDialogElement().getAttribute("aria-labelledby")).toBe(
      screen.getByRole("heading", { name: "Create Your Free Account" }).id,
    );
  });

  it("focuses the first field on open, closes on Escape after a 300 ms exit, and gives focus back to the opener", async () => {
    stubApi({});
    const { user } = renderHost();
    const opener = screen.getByRole("button", { name: "Open login" });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText("Username or email"));
    expect(document.documentElement.classList.contains("is-clipped")).toBe(true);

    await user.keyboard("{Escape}");
    expect(useDialogs.getState().open).toBeNull();
    expect(document.activeElement).toBe(opener);
    await advance(250);
    const leaving = document.querySelector(".modal");
    expect(leaving?.classList.contains("is-closing")).toBe(true);
    expect(leaving?.hasAttribute("inert")).toBe(true);
    await advance(50);
    expect(document.querySelector(".modal")).toBeNull();
    expect(document.documentElement.classList.contains("is-clipped")).toBe(false);
  });

  it("gives focus back to the first opener after moving between dialogs", async () => {
    stubApi({});
    const { user } = renderHost();
    const opener = screen.getByRole("button", { name: "Open login" });
    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Username"));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(document.activeElement).toBe(opener);
  });

  it("traps Tab and Shift+Tab inside the dialog", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("login");
    const inside = Array.from(openDialogElement().querySelectorAll<HTMLElement>("button, input"));
    const first = inside[0]!;
    const last = inside[inside.length - 1]!;
    expect(first.getAttribute("aria-label")).toBe("Close");
    expect(last.textContent).toBe("Register");
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Username or email"));
  });

  it("closes from the backdrop and from the close button", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("forgot");
    await user.click(document.querySelector(".modal-background")!);
    expect(useDialogs.getState().open).toBeNull();
    await advance(300);
    showDialog("login");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(useDialogs.getState().open).toBeNull();
  });

  it("keeps a dialog with typed input open on a backdrop tap; Escape still closes it", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("register");
    await user.type(screen.getByLabelText("Username"), "ada");
    await user.click(document.querySelector(".modal-background")!);
    expect(useDialogs.getState().open).toBe("register");
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("ada");
    await user.keyboard("{Escape}");
    expect(useDialogs.getState().open).toBeNull();
  });

  it("starts a dialog reopened during its exit afresh", async () => {
    stubApi({});
    const { user } = renderHost();
    showDialog("login");
    await user.type(screen.getByLabelText("Username or email"), "ada");
    act(() => useDialogs.getState().close());
    await advance(100);
    showDialog("login");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect((screen.getByLabelText("Username or email") as HTMLInputElement).value).toBe("");
    await advance(400);
    expect(screen.getByRole("dialog", { name: "Log In" })).toBeTruthy();
  });
});
