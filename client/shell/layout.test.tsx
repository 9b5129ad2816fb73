import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openLogin, openRegister, useDialogs } from "../dialogs/store.ts";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { useSession } from "../session/store.ts";
import { errorReply, loggedIn, renderApp, resetApp, stubApi, USER } from "../../tests/client/harness.tsx";
import { betslipFixture, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { useBetslip } from "../betslip/store.ts";
import { timeZoneCookie } from "./time-zone-cookie.ts";

afterEach(resetApp);

const banner = () => within(screen.getByRole("banner"));

async function openDrawer() {
  const app = renderApp("/about");
  const account = await screen.findByRole("button", { name: "Account" });
  await app.user.click(account);
  return { ...app, account, drawer: screen.getByRole("dialog") };
}

describe("the top bar", () => {
  it("offers Login and links the brand to / when logged out", async () => {
    stubApi();
    const { user } = renderApp("/about");
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    await screen.findByRole("banner");
    expect(banner().getByRole("link", { name: "AfriOdds" })).toHaveProperty("pathname", "/");
    expect(banner().queryByRole("button", { name: "Account" })).toBeNull();

    const login = banner().getByRole("button", { name: "Login" });
    expect(login.getAttribute("aria-haspopup")).toBe("dialog");
    await user.click(login);

    expect(useDialogs.getState().open).toBe("login");
  });

  it("writes Login and Sign up as links to their form pages, which open the dialogs instead when tapped or pressed with Space", async () => {
    stubApi();
    const { user } = renderApp("/about");
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    const login = await banner().findByRole("button", { name: "Login" });
    const signUp = banner().getByRole("button", { name: "Sign up free" });
    // Without JavaScript these are links to the pages that hold the same forms (docs/design.md, Pages without JavaScript).
    expect([login.tagName, login.getAttribute("href")]).toEqual(["A", "/login"]);
    expect([signUp.tagName, signUp.getAttribute("href")]).toEqual(["A", "/register"]);
    const path = window.location.pathname;
    await user.click(signUp);
    expect(useDialogs.getState().open).toBe("register");
    expect(window.location.pathname).toBe(path);
    act(() => useDialogs.getState().close());
    login.focus();
    await user.keyboard(" ");
    expect(useDialogs.getState().open).toBe("login");
  });

  it("shows the account button and links the brand to /dashboard when logged in", async () => {
    stubApi(loggedIn());
    renderApp("/about");

    const account = await screen.findByRole("button", { name: "Account" });

    expect(account.getAttribute("aria-expanded")).toBe("false");
    expect(banner().getByRole("link", { name: "AfriOdds" })).toHaveProperty("pathname", "/dashboard");
    expect(banner().queryByRole("button", { name: "Login" })).toBeNull();
  });

  it("checks the session once on start-up", async () => {
    const api = stubApi(loggedIn());
    renderApp("/");
    await screen.findByRole("button", { name: "Account" });
    expect(api.callsTo("GET /api/session")).toHaveLength(1);
  });
});

describe("the account drawer", () => {
  it("holds Home, the bettor tools, Alerts, Profile, Help, Feedback and Logout, and takes the focus", async () => {
    stubApi(loggedIn());
    const { account, drawer } = await openDrawer();

    expect(account.getAttribute("aria-expanded")).toBe("true");
    expect(account.getAttribute("aria-controls")).toBe(drawer.id);
    const links = within(drawer).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/dashboard"],
      ["Today's matches", "/matches"],
      ["Competitions", "/competitions"],
      ["Betslip", "/betslip"],
      ["Sure bets", "/sure-bets"],
      ["Value bets", "/value-bets"],
      ["Alerts", "/alerts"],
      ["Profile", "/profile"],
      ["Help", "/help"],
      ["Feedback", "/feedback"],
    ]);
    expect(within(drawer).getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(within(drawer).getByText(USER.username)).toBeTruthy();
    expect(document.activeElement).toBe(links[0]);
  });

  it("closes on Escape and gives the focus back to the account button", async () => {
    stubApi(loggedIn());
    const { user, account } = await openDrawer();

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(account.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(account);
  });

  it("keeps Tab inside the open drawer, in both directions", async () => {
    stubApi(loggedIn());
    const { user, drawer } = await openDrawer();
    const close = within(drawer).getByRole("button", { name: "Close menu" });
    const logout = within(drawer).getByRole("button", { name: "Logout" });

    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(logout);
    await user.tab();
    expect(document.activeElement).toBe(close);
  });

  it("closes when a link is followed", async () => {
    stubApi(loggedIn());
    const { user, drawer, path } = await openDrawer();

    await user.click(within(drawer).getByRole("link", { name: "Profile" }));

    expect(path()).toBe("/profile");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("logs out: tells the server, clears the session and goes to /", async () => {
    const api = stubApi(loggedIn());
    const { user, drawer, path } = await openDrawer();
    expect(localStorage.getItem("auth-session")).not.toBeNull();

    await user.click(within(drawer).getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(path()).toBe("/"));
    expect(api.callsTo("POST /api/users/logout")).toHaveLength(1);
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem("auth-session")).toBeNull();
    expect(banner().getByRole("button", { name: "Login" })).toBeTruthy();
  });

  it("logs out of a signed-in page to home, not to a login asking for that page again", async () => {
    stubApi(loggedIn());
    const app = renderApp("/help");
    await app.user.click(await screen.findByRole("button", { name: "Account" }));
    await app.user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(app.path()).toBe("/"));
    expect(app.router.state.location.search).toBe("");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("stays signed in and says why when the server could not log out", async () => {
    const api = stubApi({
      ...loggedIn(),
      "POST /api/users/logout": { status: 502, error: { code: "UPSTREAM_UNAVAILABLE", description: UPSTREAM_UNAVAILABLE_MESSAGE } },
    });
    const { user, drawer, path } = await openDrawer();

    await user.click(within(drawer).getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("alert")).toHaveProperty("textContent", UPSTREAM_UNAVAILABLE_MESSAGE);
    expect(api.callsTo("POST /api/users/logout")).toHaveLength(1);
    expect(path()).toBe("/about");
    expect(useSession.getState().user).toEqual(USER);
    expect(localStorage.getItem("auth-session")).not.toBeNull();
    expect(banner().getByRole("button", { name: "Account" })).toBeTruthy();
  });
});

describe("the rest of the frame", () => {
  it("links the footer to About Us, Terms of Service, Privacy Policy, Responsible Gambling and the lite version", async () => {
    stubApi();
    renderApp("/");
    const footer = within(await screen.findByRole("contentinfo"));
    expect(footer.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["About Us", "/about"],
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Responsible Gambling", "/responsible-gambling"],
      ["Lite version (saves data)", "/lite/on"],
    ]);
  });

  it("has a bottom bar Home link that follows the session", async () => {
    stubApi();
    renderApp("/about");
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    // The route's loader may still be running when the session check ends: wait for the frame.
    await screen.findByRole("navigation", { name: "Quick links" });
    const home = () =>
      within(screen.getByRole("navigation", { name: "Quick links" })).getByRole("link", { name: "Home" });
    expect(home().getAttribute("href")).toBe("/");

    act(() => useSession.getState().signIn(USER));

    expect(home().getAttribute("href")).toBe("/dashboard");
  });

  it("has a skip link to the main landmark", async () => {
    stubApi();
    renderApp("/");
    const skip = await screen.findByRole("link", { name: "Skip to main content" });
    expect(skip.getAttribute("href")).toBe("#main");
    expect(screen.getByRole("main").id).toBe("main");
  });
});

describe("on every path change", () => {
  it("sends a page_view beacon and scrolls to the top", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const api = stubApi();
    const { user, path } = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: /Compare Football Odds/ });
    await waitFor(() => expect(api.events()).toEqual([{ name: "page_view", path: "/" }]));
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Terms of Service" }));

    expect(path()).toBe("/terms");
    await waitFor(() =>
      expect(api.events()).toEqual([
        { name: "page_view", path: "/" },
        { name: "page_view", path: "/terms" },
      ]),
    );
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe("start-up", () => {
  it("stores the browser's time zone in the tz cookie", async () => {
    stubApi();
    renderApp("/");
    await screen.findByRole("main");
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie.split("; ")).toContain(`tz=${zone}`);
  });

  it("writes the cookie for a year, site-wide, SameSite=Lax, and refuses odd zone names", () => {
    expect(timeZoneCookie("Africa/Lagos")).toBe("tz=Africa/Lagos; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(timeZoneCookie("America/Argentina/Buenos_Aires")).toMatch(/^tz=America\/Argentina\/Buenos_Aires;/);
    expect(timeZoneCookie("Africa/Lagos; Domain=evil")).toBeNull();
    expect(timeZoneCookie(undefined)).toBeNull();
  });

  it("opens the login and register dialogs on the global window events", async () => {
    stubApi();
    renderApp("/");
    await screen.findByRole("main");

    // The listeners are attached by an effect, which a loaded machine may run after the first paint.
    await waitFor(() => {
      act(() => openRegister());
      expect(useDialogs.getState().open).toBe("register");
    });

    act(() => openLogin());
    expect(useDialogs.getState().open).toBe("login");
  });
});

describe("the way to the dropping odds", () => {
  it("is in the top bar (tablets up) and the bottom bar (phones) for a signed-in user", async () => {
    stubApi(loggedIn());
    renderApp("/about");
    await screen.findByRole("button", { name: "Account" });
    const top = banner().getByRole("link", { name: "Dropping odds" });
    expect(top.getAttribute("href")).toBe("/dropping");
    expect(top.className).toContain("is-hidden-mobile");
    const quick = within(screen.getByRole("navigation", { name: "Quick links" }));
    expect(quick.getByRole("link", { name: "Dropping odds" }).getAttribute("href")).toBe("/dropping");
  });

  it.each([
    ["Sure bets", "/sure-bets"],
    ["Value bets", "/value-bets"],
  ])("sits beside the way to %s, in the top bar (tablets up) and the bottom bar (phones)", async (name, href) => {
    stubApi(loggedIn());
    renderApp("/about");
    await screen.findByRole("button", { name: "Account" });
    const top = banner().getByRole("link", { name });
    expect(top.getAttribute("href")).toBe(href);
    expect(top.className).toContain("is-hidden-mobile");
    const quick = within(screen.getByRole("navigation", { name: "Quick links" }));
    expect(quick.getAllByRole("link").map((link) => link.textContent)).toEqual(["Home", "Dropping odds", "Sure bets", "Value bets"]);
    expect(quick.getByRole("link", { name }).getAttribute("href")).toBe(href);
  });

  it("is not offered to a visitor, who would be sent home", async () => {
    stubApi();
    renderApp("/about");
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    await screen.findByRole("navigation", { name: "Quick links" });
    expect(screen.queryByRole("link", { name: "Dropping odds" })).toBeNull();
  });
});

describe("the way to the whole board", () => {
  it("is in the top bar (desktops up) for a signed-in user, as in the account drawer", async () => {
    stubApi(loggedIn());
    renderApp("/about");
    await screen.findByRole("button", { name: "Account" });
    for (const [name, href] of [["Today", "/matches"], ["Competitions", "/competitions"]] as const) {
      const top = banner().getByRole("link", { name });
      expect(top.getAttribute("href")).toBe(href);
      expect(top.className).toContain("is-hidden-touch");
    }
  });

  it("is not offered to a visitor", async () => {
    stubApi();
    renderApp("/about");
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    expect(screen.queryByRole("link", { name: "Today" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Competitions" })).toBeNull();
  });
});

/** The top bar's betslip badge by its accessible name, once the signed-in frame is there. */
async function findBadge(name: string) {
  await screen.findByRole("button", { name: "Account" });
  return banner().findByRole("link", { name });
}

describe("the betslip badge", () => {
  const BETSLIP = "GET /api/users/betslip";

  it("links to /betslip with the size of the user's saved slip", async () => {
    const api = stubApi({ ...loggedIn(), [BETSLIP]: { data: betslipFixture([legView(leg()), legView(leg({ eventId: "c1:spurs-everton" })), legView(leg({ eventId: "c2:real-getafe" }))]) } });
    renderApp("/about");

    const badge = await findBadge("Betslip, 3 selections");

    expect(badge.getAttribute("href")).toBe("/betslip");
    expect(badge.querySelector(".betslip-count")?.textContent).toBe("3");
    // What it shows is inside what it is called (WCAG 2.5.3: 'Betslip 3' in 'Betslip, 3 selections').
    expect(badge.textContent).toBe("Betslip 3");
    expect(api.callsTo(BETSLIP)).toHaveLength(1);
  });

  it("follows a tap at once", async () => {
    stubApi({ ...loggedIn(), "POST /api/users/betslip/selections": "pending" });
    renderApp("/about");
    await findBadge("Betslip, 0 selections");

    act(() => void useBetslip.getState().toggle(leg(), "Arsenal vs Chelsea"));

    expect(await findBadge("Betslip, 1 selection")).toBeTruthy();
  });

  it("claims no count before the slip is read", async () => {
    stubApi({ ...loggedIn(), [BETSLIP]: "pending" });
    renderApp("/about");
    const badge = await findBadge("Betslip");
    expect(badge.querySelector(".betslip-count")).toBeNull();
  });

  it("is not offered to a visitor, and no slip is read", async () => {
    const api = stubApi();
    renderApp("/about");
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    await screen.findByRole("navigation", { name: "Quick links" });
    expect(screen.queryByRole("link", { name: /Betslip/ })).toBeNull();
    expect(api.callsTo(BETSLIP)).toHaveLength(0);
  });

  it("forgets the slip at logout", async () => {
    stubApi({ ...loggedIn(), [BETSLIP]: { data: betslipFixture([legView(leg())]) } });
    const { user, drawer } = await openDrawer();
    await waitFor(() => expect(useBetslip.getState().legs).toHaveLength(1));

    await user.click(within(drawer).getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(useBetslip.getState()).toMatchObject({ owner: null, legs: [] }));
  });
});

describe("the betslip's messages", () => {
  it("say, wherever the user tapped, why a change was undone, until dismissed", async () => {
    stubApi({ ...loggedIn(), "POST /api/users/betslip/selections": errorReply(400, "VALIDATION_ERROR", "A betslip holds at most 50 selections.") });
    const { user } = renderApp("/about");
    await findBadge("Betslip, 0 selections");

    act(() => void useBetslip.getState().toggle(leg(), "Arsenal vs Chelsea"));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("A betslip holds at most 50 selections.");
    expect(banner().getByRole("link", { name: "Betslip, 0 selections" })).toBeTruthy();
    await user.click(within(alert).getByRole("button", { name: "Dismiss betslip message" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("say politely that a selection replaced another of the same match", async () => {
    stubApi({ ...loggedIn(), "GET /api/users/betslip": { data: betslipFixture([legView(leg())]) }, "POST /api/users/betslip/selections": "pending" });
    renderApp("/about");
    await findBadge("Betslip, 1 selection");

    act(() => void useBetslip.getState().toggle(leg({ selectionTypeId: 3 }), "Arsenal vs Chelsea"));

    expect((await screen.findByRole("status")).textContent).toBe("One selection per match: Arsenal vs Chelsea is now 1X2 (Match Result): Away instead of 1X2 (Match Result): Home.");
  });
});
