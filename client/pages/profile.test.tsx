import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MAX_ALERT_RULES, type AlertsView } from "#shared/alerts-contract.ts";
import type { UserProfile } from "#shared/contract.ts";
import { jsonResponse, renderPage, USER } from "../../tests/client/harness.tsx";
import { partialDataSource } from "../loaders/source.ts";
import { routes } from "../routes.tsx";
import type { ServerContext } from "../server-context.ts";
import { loader, ProfilePage, type ProfileData } from "./profile.tsx";
import type { TelegramState } from "./profile-telegram.tsx";

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

const NOT_LINKED: TelegramState = { available: true, linked: false, muted: false };
const LINKED: TelegramState = { available: true, linked: true, muted: false };
const BOT_OFF: TelegramState = { available: false, linked: false, muted: false };

/** The Alerts view (GET /users/alerts) with this Telegram state: all the profile page reads of it. */
function alertsView(telegram: TelegramState): AlertsView {
  return {
    rules: [],
    settings: { timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "07:00", emailOff: false },
    channels: { telegram, push: { available: false, publicKey: null, subscriptions: 0 }, email: { on: true } },
    maxRules: MAX_ALERT_RULES,
  };
}

/** Stubs /api/users/me with `answer` and /api/users/alerts with `telegram` (a failure when "failed"); answers the calls made to /api/users/me. */
function stubMe(answer: () => Response | Promise<Response>, telegram: TelegramState | "failed" = NOT_LINKED) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    if (String(input) === "/api/users/alerts") return telegram === "failed" ? jsonResponse({ error: { code: "NOT_FOUND", description: "Not found", type: "client" } }, 404) : jsonResponse({ data: alertsView(telegram) });
    if (String(input) !== "/api/users/me") throw new Error(`unexpected call ${String(input)}`);
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls: () => fetchMock.mock.calls.filter(([input]) => String(input) === "/api/users/me").length, all: fetchMock };
}

/** The page with its own loader, as the browser runs it; or hydrated with the profile and Telegram state the server rendered. */
function renderProfile(served?: UserProfile, telegram: TelegramState = NOT_LINKED) {
  const data: ProfileData | undefined = served && { profile: { status: "ready", profile: served }, telegram: { ok: true, data: telegram } };
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
    expect(fetchMock.calls()).toBe(1);
  });

  it("uses the server-rendered profile without fetching and hides a missing last login", async () => {
    const fetchMock = stubMe(() => jsonResponse({ data: profile() }));
    renderProfile(profile());
    expect(await screen.findByRole("rowheader", { name: "Member Since" })).toBeTruthy();
    expect(screen.queryByRole("rowheader", { name: "Last Login" })).toBeNull();
    expect(screen.queryByText("Last Login")).toBeNull();
    expect(fetchMock.all).not.toHaveBeenCalled();
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
    expect(fetchMock.calls()).toBe(2);
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

  const telegramBox = () => screen.findByRole("region", { name: "Telegram" }, SLOW);

  it("reads the Telegram state with the profile: not linked offers Link Telegram and no Unlink", async () => {
    stubMe(() => jsonResponse({ data: profile() }), NOT_LINKED);
    renderProfile();
    const box = await telegramBox();
    expect(within(box).getByRole("button", { name: "Link Telegram" })).toBeTruthy();
    expect(within(box).queryByRole("button", { name: "Unlink" })).toBeNull();
    expect(box.textContent).not.toContain("Linked to Telegram");
  });

  it("linked says so, with Unlink and no Link Telegram", async () => {
    stubMe(() => jsonResponse({ data: profile() }), LINKED);
    renderProfile();
    const box = await telegramBox();
    expect(box.textContent).toContain("Linked to Telegram.");
    expect(box.textContent).not.toContain("muted");
    expect(within(box).getByRole("button", { name: "Unlink" })).toBeTruthy();
    expect(within(box).queryByRole("button", { name: "Link Telegram" })).toBeNull();
  });

  it("linked and muted from the bot says both", async () => {
    renderProfile(profile(), { available: true, linked: true, muted: true });
    const box = await telegramBox();
    expect(box.textContent).toContain("Linked to Telegram.");
    expect(box.textContent).toContain("muted from the bot");
  });

  it.each([
    ["the bot is off", BOT_OFF],
    ["the alerts cannot be read", "failed" as const],
  ])("says nothing about Telegram when %s, and still shows the profile and the way to the Alerts page", async (_, telegram) => {
    const fetchMock = stubMe(() => jsonResponse({ data: profile() }), telegram);
    renderProfile();
    expect(await screen.findByRole("rowheader", { name: "Username" }, SLOW)).toBeTruthy();
    // Both reads have come back: the profile's and the Alerts view's.
    await vi.waitFor(() => expect(fetchMock.all.mock.calls.map(([input]) => String(input)).sort()).toEqual(["/api/users/alerts", "/api/users/me"]));
    await vi.waitFor(() => expect(screen.queryByText("Loading profile...")).toBeNull());
    expect(screen.queryByRole("region", { name: "Telegram" })).toBeNull();
    expect(document.body.textContent).not.toContain("Telegram");
    expect(screen.getByRole("link", { name: "Your alerts" }).getAttribute("href")).toBe("/alerts");
  });

  it("links to the Alerts page", async () => {
    renderProfile(profile(), LINKED);
    expect((await screen.findByRole("link", { name: "Your alerts" })).getAttribute("href")).toBe("/alerts");
  });

  it("posts for a single-use link and shows it to open in Telegram", async () => {
    const url = "https://t.me/afriodds_bot?start=abcdefghijklmnopqrstuvwxyz012345";
    const fetchMock = stubCalls({ "POST /api/users/telegram/link": () => jsonResponse({ data: { url, expiresAt: "2026-11-24T10:10:00.000Z" } }) });
    renderProfile(profile(), NOT_LINKED);
    const box = await telegramBox();
    fireEvent.click(within(box).getByRole("button", { name: "Link Telegram" }));
    const open = await within(box).findByRole("link", { name: "Open Telegram to link" }, SLOW);
    expect(open.getAttribute("href")).toBe(url);
    expect(within(box).getByText(/works once, for 10 minutes/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("unlinks in place: says so, and offers Link Telegram instead of Unlink", async () => {
    const fetchMock = stubCalls({ "DELETE /api/users/telegram/link": () => jsonResponse({ data: { ok: true } }) });
    renderProfile(profile(), LINKED);
    const box = await telegramBox();
    fireEvent.click(within(box).getByRole("button", { name: "Unlink" }));
    expect(await within(box).findByText("Telegram unlinked: no more alerts there.", undefined, SLOW)).toBeTruthy();
    expect(within(box).getByRole("button", { name: "Link Telegram" })).toBeTruthy();
    expect(within(box).queryByRole("button", { name: "Unlink" })).toBeNull();
    expect(box.textContent).not.toContain("Linked to Telegram");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says why when the API refuses an unlink, and stays linked", async () => {
    stubCalls({
      "DELETE /api/users/telegram/link": () => jsonResponse({ error: { code: "RATE_LIMIT_EXCEEDED", description: "Too many Telegram links asked for. Please wait a few minutes.", type: "rate_limit" } }, 429),
    });
    renderProfile(profile(), LINKED);
    const box = await telegramBox();
    fireEvent.click(within(box).getByRole("button", { name: "Unlink" }));
    expect((await within(box).findByRole("alert", undefined, SLOW)).textContent).toBe("Too many Telegram links asked for. Please wait a few minutes.");
    expect(box.textContent).toContain("Linked to Telegram.");
    expect(within(box).getByRole("button", { name: "Unlink" })).toBeTruthy();
  });
});

describe("the profile page rendered on the server, without JavaScript", () => {
  const TOKEN = "t".repeat(43);

  async function renderOnServer(telegram: TelegramState | "failed") {
    const context: ServerContext = {
      server: true,
      user: USER,
      timeZone: "Africa/Lagos",
      now: Date.parse("2026-11-30T12:00:00Z"),
      path: "/profile",
      form: { token: TOKEN },
      data: partialDataSource(
        {
          me: async () => profile(),
          alerts: async () => (telegram === "failed" ? Promise.reject(new Error("no alerts")) : alertsView(telegram)),
          betslip: () => Promise.reject(new Error("no slip")),
        },
        () => Promise.reject(new Error("not used")),
      ),
    };
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request("http://localhost/profile"), { requestContext: context });
    if (result instanceof Response) throw new Error(`unexpected redirect to ${result.headers.get("Location")}`);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
    return container;
  }

  /** The page's own form posts (the account's Log out among them), each with its fields. */
  const postsOf = (container: HTMLElement) =>
    [...container.querySelectorAll<HTMLFormElement>("main form[method=post]")].map((form) => [form.getAttribute("action"), Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)])), form.textContent]);

  it("not linked: Link Telegram is a form post carrying the form token", async () => {
    const container = await renderOnServer(NOT_LINKED);
    expect(postsOf(container)).toEqual([
      ["/profile/telegram/link", { _csrf: TOKEN }, "Link Telegram"],
      ["/logout", { _csrf: TOKEN }, "Log out"],
    ]);
    expect(container.textContent).not.toContain("Linked to Telegram");
  });

  it("linked: says so, and Unlink is a form post carrying the form token", async () => {
    const container = await renderOnServer(LINKED);
    expect(container.textContent).toContain("Linked to Telegram.");
    expect(postsOf(container)).toEqual([
      ["/profile/telegram/unlink", { _csrf: TOKEN }, "Unlink"],
      ["/logout", { _csrf: TOKEN }, "Log out"],
    ]);
  });

  it.each([
    ["the bot is off", BOT_OFF],
    ["the alerts cannot be read", "failed" as const],
  ])("says nothing about Telegram when %s", async (_, telegram) => {
    const container = await renderOnServer(telegram);
    expect(container.querySelector("main")!.textContent).not.toContain("Telegram");
    expect(postsOf(container)).toEqual([["/logout", { _csrf: TOKEN }, "Log out"]]);
  });

  it("links to the Alerts page, which the account drawer does not reach without JavaScript", async () => {
    const container = await renderOnServer(NOT_LINKED);
    const link = [...container.querySelectorAll("main a")].find((a) => a.textContent === "Your alerts");
    expect(link?.getAttribute("href")).toBe("/alerts");
  });
});
