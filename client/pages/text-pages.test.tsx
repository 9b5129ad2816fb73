import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp, resetApp, stubApi } from "../../tests/client/harness.tsx";

afterEach(resetApp);

async function sectionTitles(path: string) {
  stubApi();
  renderApp(path);
  await screen.findByRole("heading", { level: 1 });
  return screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
}

describe("the Terms of Service", () => {
  it("has the nine sections, numbered", async () => {
    expect(await sectionTitles("/terms")).toEqual([
      "1. Acceptance of Terms",
      "2. Description of Service",
      "3. No Liability",
      "4. Accuracy of Data",
      "5. Free Service",
      "6. User Responsibilities",
      "7. Third-Party Links",
      "8. Changes to These Terms",
      "9. Contact Us",
    ]);
  });

  it("keeps the right to add premium features with notice, and links Back to Home", async () => {
    await sectionTitles("/terms");
    expect(screen.getByText(/reserve the right to add optional premium features/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });
});

describe("the Privacy Policy", () => {
  it("has twelve sections, including cookies, minimum age and your rights", async () => {
    const titles = await sectionTitles("/privacy");
    expect(titles).toHaveLength(12);
    expect(titles).toEqual(
      expect.arrayContaining(["4. Cookies and Local Storage", "10. Your Rights", "11. Minimum Age"]),
    );
  });

  it("sets the minimum age at 18, offers deletion and names the tz and session cookies", async () => {
    await sectionTitles("/privacy");
    expect(screen.getByText(/at least 18 years old/)).toBeTruthy();
    expect(screen.getByText(/request deletion of your account/)).toBeTruthy();
    expect(screen.getByText("tz").tagName).toBe("CODE");
    expect(screen.getByText(/Session cookies keep you logged in/)).toBeTruthy();
  });
});

describe("the Responsible Gambling page", () => {
  it("has its six parts", async () => {
    expect(await sectionTitles("/responsible-gambling")).toEqual([
      "What Responsible Gambling Means",
      "Warning Signs",
      "Limits and Self-Exclusion Tools",
      "Tips for Staying in Control",
      "Getting Help",
      "Gambling Is Entertainment",
    ]);
  });
});

describe("the About page", () => {
  it("covers mission, bookmakers, leagues, how it works and trust", async () => {
    expect(await sectionTitles("/about")).toEqual([
      "Our Mission",
      "Bookmakers We Cover",
      "Leagues We Focus On",
      "How It Works",
      "Trust and Security",
    ]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "1. Choose a Match",
      "2. Compare the Odds",
      "3. Choose Your Bookmaker",
    ]);
  });
});

describe("an unknown address", () => {
  it("gets a friendly 404 with a way home", async () => {
    stubApi();
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Compare Nigerian Odds" }).getAttribute("href")).toBe("/nigeria");
  });
});
