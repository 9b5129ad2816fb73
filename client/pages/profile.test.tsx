import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { UserProfile } from "#shared/contract.ts";
import { jsonResponse, renderPage } from "../../tests/client/harness.tsx";
import { loader, ProfilePage, type ProfileData } from "./profile.tsx";

const SLOW = { timeout: 3000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    username: "ada",
    email: "ada@example.ng",
    country: 1,
    registrationDate: "2026-11-21T23:30:00.000Z",
    ...overrides,
  };
}

function stubMe(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    if (String(input) !== "/api/users/me") throw new Error(`unexpected call ${String(input)}`);
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The page with its own loader, as the browser runs it; or hydrated with the profile the server rendered. */
function renderProfile(served?: UserProfile) {
  const data: ProfileData | undefined = served && { profile: { status: "ready", profile: served } };
  return renderPage({ path: "profile", Component: ProfilePage, loader, served: data });
}

/** The value next to a row label of the details table. */
function detail(label: string) {
  return screen.getByRole("rowheader", { name: label }).nextElementSibling?.textContent;
}

describe("ProfilePage", () => {
  it("shows a loading status, then the profile from /api/users/me", async () => {
    const fetchMock = stubMe(() =>
      jsonResponse({ data: profile({ lastLogin: "2026-12-01T13:05:00.000Z" }) }),
    );
    renderProfile();

    expect((await screen.findByRole("status")).textContent).toBe("Loading profile...");
    expect(await screen.findByRole("rowheader", { name: "Username" }, SLOW)).toBeTruthy();
    expect(detail("Username")).toBe("ada");
    expect(detail("Email")).toBe("ada@example.ng");
    expect(detail("Country")).toBe("Nigeria");
    expect(detail("Member Since")).toBe("22 November 2026");
    expect(detail("Last Login")).toBe("1 December 2026, 14:05");
    expect(screen.queryByRole("status")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("uses the server-rendered profile without fetching and hides a missing last login", async () => {
    const fetchMock = stubMe(() => jsonResponse({ data: profile() }));
    renderProfile(profile());
    expect(await screen.findByRole("rowheader", { name: "Member Since" })).toBeTruthy();
    expect(screen.queryByRole("rowheader", { name: "Last Login" })).toBeNull();
    expect(screen.queryByText("Last Login")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [1, "Nigeria"],
    [2, "Ghana"],
    [3, "Kenya"],
    [7, "Unknown"],
  ])("names country %s as %s", async (country, name) => {
    renderProfile(profile({ country }));
    await screen.findByRole("rowheader", { name: "Country" });
    expect(detail("Country")).toBe(name);
  });

  it("shows the server's description of a coded error", async () => {
    stubMe(() =>
      jsonResponse(
        { error: { code: "INTERNAL_ERROR", description: "Profile store unavailable", type: "server" } },
        500,
      ),
    );
    renderProfile();
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.querySelector("h2")?.textContent).toBe("Error Loading Profile");
    expect(alert.querySelector("p")?.textContent).toBe("Profile store unavailable");
  });

  it("offers Retry after a failure, which asks again and shows the profile", async () => {
    let calls = 0;
    const fetchMock = stubMe(() => (++calls === 1 ? new Response("<html>Bad gateway</html>", { status: 502 }) : jsonResponse({ data: profile() })));
    renderProfile();
    const alert = await screen.findByRole("alert", {}, SLOW);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("rowheader", { name: "Username" }, SLOW)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("falls back to 'Failed to load user details' when the error has no code", async () => {
    stubMe(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    renderProfile();
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toBe("Error Loading ProfileFailed to load user detailsRetry");
  });

  it("says 'An unexpected error occurred' for a failure that is not an API error", async () => {
    const broken = {
      ok: true,
      status: 200,
      text: () => Promise.reject(new Error("stream broke")),
    } as unknown as Response;
    stubMe(() => broken);
    renderProfile();
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toBe("Error Loading ProfileAn unexpected error occurredRetry");
  });

  it("says 'No Profile Data' when the server answers nothing", async () => {
    stubMe(() => jsonResponse({ data: null }));
    renderProfile();
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.querySelector("h2")?.textContent).toBe("No Profile Data");
    expect(alert.querySelector("p")?.textContent).toBe("No data received from server");
  });
});

describe("the profile page's Telegram link", () => {
  function stubCalls(answers: Record<string, () => Response>) {
    const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${String(input)}`;
      const answer = answers[key];
      if (!answer) throw new Error(`unexpected call ${key}`);
      return answer();
    });
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("posts for a single-use link and shows it to open in Telegram", async () => {
    const url = "https://t.me/afriodds_bot?start=abcdefghijklmnopqrstuvwxyz012345";
    const fetchMock = stubCalls({ "POST /api/users/telegram/link": () => jsonResponse({ data: { url, expiresAt: "2026-11-24T10:10:00.000Z" } }) });
    renderProfile(profile());
    const box = await screen.findByRole("region", { name: "Telegram" });
    fireEvent.click(within(box).getByRole("button", { name: "Link Telegram" }));
    const open = await within(box).findByRole("link", { name: "Open Telegram to link" }, SLOW);
    expect(open.getAttribute("href")).toBe(url);
    expect(within(box).getByText(/works once, for 10 minutes/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("unlinks, and says why when the API refuses", async () => {
    let unlinks = 0;
    stubCalls({
      "DELETE /api/users/telegram/link": () => (++unlinks === 1 ? jsonResponse({ data: { ok: true } }) : jsonResponse({ error: { code: "RATE_LIMIT_EXCEEDED", description: "Too many Telegram links asked for. Please wait a few minutes.", type: "rate_limit" } }, 429)),
    });
    renderProfile(profile());
    const box = await screen.findByRole("region", { name: "Telegram" });
    fireEvent.click(within(box).getByRole("button", { name: "Unlink" }));
    expect(await within(box).findByText("Telegram unlinked: no more alerts there.", undefined, SLOW)).toBeTruthy();
    fireEvent.click(within(box).getByRole("button", { name: "Unlink" }));
    expect((await within(box).findByRole("alert", undefined, SLOW)).textContent).toBe("Too many Telegram links asked for. Please wait a few minutes.");
  });
});
