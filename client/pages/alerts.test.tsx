import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { MAX_ALERT_RULES, type AlertRuleView, type AlertsView } from "#shared/alerts-contract.ts";
import { errorReply, renderPage, resetApp, stubApi, USER, type Reply } from "../../tests/client/harness.tsx";
import { partialDataSource } from "../loaders/source.ts";
import { routes } from "../routes.tsx";
import type { ServerContext } from "../server-context.ts";
import { AlertsPage, ALERTS_LOAD_FAILED_MESSAGE, loader, maxRulesMessage } from "./alerts.tsx";

const NOW = Date.parse("2026-11-30T12:00:00Z");
const GET = "GET /api/users/alerts";

afterEach(resetApp);

function rule(overrides: Partial<AlertRuleView> = {}): AlertRuleView {
  return {
    id: "r1",
    subject: { kind: "target", eventId: "c1:arsenal-chelsea", marketId: 1, selectionTypeId: 1 },
    title: "Arsenal v Chelsea: Arsenal to win",
    threshold: 2.63,
    channels: ["telegram", "email"],
    mutedUntil: null,
    createdAt: "2026-11-29T10:00:00.000Z",
    lastFiredAt: null,
    ...overrides,
  };
}

const SURE = rule({ id: "r2", subject: { kind: "sure" }, title: "New sure bets", threshold: 1, channels: [], lastFiredAt: "2026-11-30T08:15:00.000Z" });

function view(overrides: Partial<AlertsView> = {}): AlertsView {
  return {
    rules: [rule(), SURE],
    settings: { timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "07:00", emailOff: false },
    channels: { telegram: { available: true, linked: false, muted: false }, push: { available: false, publicKey: null, subscriptions: 0 }, email: { on: true } },
    maxRules: MAX_ALERT_RULES,
    ...overrides,
  };
}

function renderAlerts(replies: Record<string, Reply | Reply[]>) {
  const api = stubApi(replies);
  const { router } = renderPage({ path: "alerts", Component: AlertsPage, loader, now: NOW });
  return { api, router, user: userEvent.setup() };
}

const ruleItem = async (title: string) => (await screen.findByRole("heading", { name: title })).closest("li")!;
const said = () => screen.getAllByRole("status").map((s) => s.textContent).join("");

describe("the Alerts page", () => {
  it("lists each rule: what it follows, its threshold in words, its channels, its mute and its last alert", async () => {
    renderAlerts({ [GET]: { data: view({ rules: [rule({ mutedUntil: "2026-12-01T09:30:00.000Z" }), SURE] }) } });
    const target = await ruleItem("Arsenal v Chelsea: Arsenal to win");
    expect(target.textContent).toContain("When the best price reaches 2.63 or more");
    expect(target.textContent).toContain("ChannelsTelegram, E-mail");
    expect(target.textContent).toContain("Muted until1 Dec, 10:30");
    expect(target.textContent).toContain("Last alertNone yet");
    expect(within(target).getByRole("button", { name: "Unmute: Arsenal v Chelsea: Arsenal to win" })).toBeTruthy();
    const sure = await ruleItem("New sure bets");
    expect(sure.textContent).toContain("New sure bets of 1% profit or more after tax");
    expect(sure.textContent).toContain("ChannelsEvery channel you have");
    expect(sure.textContent).toContain("Last alert30 Nov, 09:15");
    expect(sure.textContent).not.toContain("Muted until");
    expect(within(sure).getByRole("button", { name: "Mute 24 h: New sure bets" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "What you follow (2 of 50)" })).toBeTruthy();
    expect(screen.queryByText(maxRulesMessage(MAX_ALERT_RULES))).toBeNull();
  });

  it("mutes a rule for 24 hours in place, with the contract's call, and says so", async () => {
    const muted = rule({ mutedUntil: "2026-12-01T12:00:00.000Z" });
    const { api, router, user } = renderAlerts({ [GET]: { data: view() }, "PATCH /api/users/alerts/r1": { data: muted } });
    const item = await ruleItem("Arsenal v Chelsea: Arsenal to win");
    await user.click(within(item).getByRole("button", { name: "Mute 24 h: Arsenal v Chelsea: Arsenal to win" }));
    expect(await within(item).findByRole("button", { name: "Unmute: Arsenal v Chelsea: Arsenal to win" })).toBeTruthy();
    expect(item.textContent).toContain("Muted until1 Dec, 13:00");
    expect(said()).toContain("Alert muted for 24 hours.");
    expect(api.callsTo("PATCH /api/users/alerts/r1").map((c) => c.body)).toEqual([{ id: "r1", muteHours: 24 }]);
    expect(api.callsTo(GET)).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/alerts");
  });

  it("unmutes a muted rule", async () => {
    const { api, user } = renderAlerts({ [GET]: { data: view({ rules: [rule({ mutedUntil: "2026-12-01T12:00:00.000Z" })] }) }, "PATCH /api/users/alerts/r1": { data: rule() } });
    await user.click(await screen.findByRole("button", { name: "Unmute: Arsenal v Chelsea: Arsenal to win" }));
    expect(await screen.findByRole("button", { name: "Mute 24 h: Arsenal v Chelsea: Arsenal to win" })).toBeTruthy();
    expect(said()).toContain("Alert unmuted.");
    expect(api.callsTo("PATCH /api/users/alerts/r1").map((c) => c.body)).toEqual([{ id: "r1", muteHours: 0 }]);
  });

  it("deletes a rule in place, and the last one gone shows what can be followed", async () => {
    const { api, user } = renderAlerts({ [GET]: { data: view({ rules: [SURE] }) }, "DELETE /api/users/alerts/r2": { data: { ok: true } } });
    await user.click(await screen.findByRole("button", { name: "Delete: New sure bets" }));
    expect(await screen.findByText("You follow nothing yet.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "New sure bets" })).toBeNull();
    expect(said()).toContain("Alert deleted.");
    expect(screen.getByRole("heading", { name: "What you follow (0 of 50)" })).toBeTruthy();
    expect(api.callsTo("DELETE /api/users/alerts/r2")).toHaveLength(1);
  });

  it("keeps the rule and says the API's reason when a change is refused", async () => {
    const { user } = renderAlerts({ [GET]: { data: view() }, "DELETE /api/users/alerts/r1": errorReply(404, "NOT_FOUND", "That alert does not exist.") });
    const item = await ruleItem("Arsenal v Chelsea: Arsenal to win");
    await user.click(within(item).getByRole("button", { name: "Delete: Arsenal v Chelsea: Arsenal to win" }));
    await waitFor(() => expect(said()).toContain("That alert does not exist."));
    expect(screen.getByRole("heading", { name: "Arsenal v Chelsea: Arsenal to win" })).toBeTruthy();
  });

  it("says what can be followed and where each Alert me is when nothing is followed", async () => {
    renderAlerts({ [GET]: { data: view({ rules: [] }) } });
    expect(await screen.findByText("You follow nothing yet.")).toBeTruthy();
    for (const [name, href] of [
      ["match page", "/dashboard"],
      ["betslip", "/betslip"],
      ["sure bets", "/sure-bets"],
    ]) {
      expect(screen.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
  });

  it("says so when the bettor follows the most rules there can be", async () => {
    const rules = Array.from({ length: MAX_ALERT_RULES }, (_, i) => rule({ id: `r${i}`, title: `Rule ${i}` }));
    renderAlerts({ [GET]: { data: view({ rules }) } });
    expect(await screen.findByText(maxRulesMessage(MAX_ALERT_RULES))).toBeTruthy();
    expect(screen.getByRole("heading", { name: "What you follow (50 of 50)" })).toBeTruthy();
  });

  it("shows where alerts reach the bettor: Telegram to link on the profile, push's own controls, e-mail on", async () => {
    renderAlerts({ [GET]: { data: view() } });
    const channels = within(await screen.findByRole("region", { name: "Where alerts reach you" }));
    expect(channels.getByRole("link", { name: "Link Telegram on your profile" }).getAttribute("href")).toBe("/profile");
    expect(channels.getByText("Push alerts are not available on this site right now.", { exact: false })).toBeTruthy();
    const [, , email] = channels.getAllByRole("listitem");
    expect(email!.textContent).toBe("E-mail: On.");
  });

  it.each([
    [{ available: true, linked: true, muted: false }, "Telegram: Linked."],
    [{ available: true, linked: true, muted: true }, "Telegram: Linked, and muted from the bot."],
    [{ available: false, linked: false, muted: false }, "Telegram: Telegram alerts are not available on this site."],
  ])("says Telegram's state (%j)", async (telegram, words) => {
    renderAlerts({ [GET]: { data: view({ channels: { ...view().channels, telegram } }) } });
    const channels = within(await screen.findByRole("region", { name: "Where alerts reach you" }));
    expect(channels.getAllByRole("listitem")[0]!.textContent).toBe(words);
  });

  it("saves quiet hours, zone and e-mail off, and shows e-mail off once saved", async () => {
    const saved = { timeZone: "Africa/Nairobi", quietFrom: "23:00", quietTo: "06:30", emailOff: true };
    const { api, user } = renderAlerts({ [GET]: { data: view() }, "PUT /api/users/alerts/settings": { data: saved } });
    const form = within(await screen.findByRole("region", { name: "Quiet hours and e-mail" }));
    await user.clear(form.getByLabelText("Quiet from"));
    await user.type(form.getByLabelText("Quiet from"), "23:00");
    await user.clear(form.getByLabelText("Quiet until"));
    await user.type(form.getByLabelText("Quiet until"), "06:30");
    await user.selectOptions(form.getByLabelText("Time zone"), "Africa/Nairobi");
    await user.click(form.getByLabelText("Send alerts by e-mail"));
    await user.click(form.getByRole("button", { name: "Save alert settings" }));
    await waitFor(() => expect(said()).toContain("Alert settings saved."));
    expect(api.callsTo("PUT /api/users/alerts/settings").map((c) => c.body)).toEqual([saved]);
    const channels = within(screen.getByRole("region", { name: "Where alerts reach you" }));
    expect(channels.getAllByRole("listitem")[2]!.textContent).toBe("E-mail: Off: switch it on below.");
    expect((screen.getByLabelText("Send alerts by e-mail") as HTMLInputElement).checked).toBe(false);
  });

  it("says what is wrong with quiet hours before any call", async () => {
    const { api, user } = renderAlerts({ [GET]: { data: view() } });
    const form = within(await screen.findByRole("region", { name: "Quiet hours and e-mail" }));
    await user.clear(form.getByLabelText("Quiet until"));
    await user.click(form.getByRole("button", { name: "Save alert settings" }));
    await waitFor(() => expect(said()).toContain("Give quiet hours a start and an end, or leave both empty for none."));
    expect(api.callsTo("PUT /api/users/alerts/settings")).toHaveLength(0);
  });

  it("says the alerts failed to load, with Retry", async () => {
    renderAlerts({ [GET]: errorReply(503, "SERVICE_UNAVAILABLE", "Down") });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ALERTS_LOAD_FAILED_MESSAGE);
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});

describe("the Alerts page rendered on the server, without JavaScript", () => {
  async function renderOnServer(data: AlertsView) {
    const context: ServerContext = {
      server: true,
      user: USER,
      timeZone: "Africa/Lagos",
      now: NOW,
      path: "/alerts",
      form: { token: "t".repeat(43) },
      data: partialDataSource({ alerts: async () => data, betslip: () => Promise.reject(new Error("no slip")) }, () => Promise.reject(new Error("not used"))),
    };
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request("http://localhost/alerts"), { requestContext: context });
    if (result instanceof Response) throw new Error(`unexpected redirect to ${result.headers.get("Location")}`);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
    return container;
  }

  const fieldsOf = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));

  it("lists the rules in the first HTML, each with Mute and Delete as form posts carrying the form token", async () => {
    const container = await renderOnServer(view({ rules: [rule({ mutedUntil: "2026-12-01T09:30:00.000Z" }), SURE] }));
    expect(container.textContent).toContain("Arsenal v Chelsea: Arsenal to win");
    const forms = [...container.querySelectorAll<HTMLFormElement>("form[method=post]")];
    const posts = forms.map((form) => [form.getAttribute("action"), fieldsOf(form)]);
    expect(posts).toEqual([
      ["/alerts/mute", { _csrf: "t".repeat(43), id: "r1", hours: "0" }],
      ["/alerts/delete", { _csrf: "t".repeat(43), id: "r1" }],
      ["/alerts/mute", { _csrf: "t".repeat(43), id: "r2", hours: "24" }],
      ["/alerts/delete", { _csrf: "t".repeat(43), id: "r2" }],
      ["/alerts/settings", { _csrf: "t".repeat(43), quietFrom: "22:00", quietTo: "07:00", timeZone: "Africa/Lagos", email: "on" }],
    ]);
  });
});
