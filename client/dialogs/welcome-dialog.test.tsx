import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDialogs } from "./store.ts";
import { advance, renderHost, setupDialogTests, showDialog, stubApi } from "../../tests/client/harness.tsx";

setupDialogTests();

describe("WelcomeDialog", () => {
  it("welcomes the user to AfriOdds and focuses Get Started", () => {
    stubApi({});
    renderHost();
    showDialog("welcome");
    expect(screen.getByRole("dialog", { name: "Welcome to AfriOdds!" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Get Started" }));
  });

  it.each([
    [
      "Get Started",
      async (user: ReturnType<typeof renderHost>["user"]) =>
        user.click(screen.getByRole("button", { name: "Get Started" })),
    ],
    [
      "the close button",
      async (user: ReturnType<typeof renderHost>["user"]) =>
        user.click(screen.getByRole("button", { name: "Close" })),
    ],
    ["Escape", async (user: ReturnType<typeof renderHost>["user"]) => user.keyboard("{Escape}")],
  ])("goes to the dashboard on %s", async (_name, leave) => {
    stubApi({});
    const { user, path } = renderHost();
    showDialog("welcome");
    await leave(user);
    expect(useDialogs.getState().open).toBeNull();
    expect(path()).toBe("/dashboard");
    await advance(300);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("heading", { name: "Dashboard page" })).toBeTruthy();
  });
});
