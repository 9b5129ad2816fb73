import { describe, expect, it } from "vitest";
import { MAX_ALERT_RULES, type AlertsView } from "#shared/alerts-contract.ts";
import type { OddsEvent } from "#shared/contract.ts";
import { follow, formPage, postForm } from "../helpers/forms.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";

/** The alerts as HTML forms, without JavaScript (docs/design.md, Pages without JavaScript; Alerts). */

const suite = useWebSuite();

async function alertsOf(cookie: string): Promise<AlertsView> {
  return (await suite.stack.http.get("/api/users/alerts").set("cookie", cookie).expect(200)).body.data as AlertsView;
}

/** The soonest listed Premier League match, as its page's path names it. */
async function aMatch(cookie: string): Promise<OddsEvent> {
  const res = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie).expect(200);
  return (res.body.data.events as OddsEvent[]).find((e) => e.markets[0]?.odds.length)!;
}

/** The alert writes the API was sent (the Alerts page itself reads them, so reads do not count). */
const alertCalls = () => suite.stack.proxy.seen.filter((r) => r.path.startsWith("/users/alerts") && r.method !== "GET");

describe("the alerts' form posts", () => {
  it("refuses what is not one of ours with a clear message on the page it came from, and calls nothing", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const page = await formPage(suite, "/profile", cookie);
    const before = alertCalls().length;
    const cases: Array<[string, Record<string, string>, string, string]> = [
      ["/alerts/add", { alert: "move:500", event: "e1", back: "/betslip" }, "/betslip", "That alert could not be read. Please try again."],
      ["/alerts/add", { alert: "target:1:1:2.5", event: "../users", back: "/betslip" }, "/betslip", "That alert could not be read. Please try again."],
      ["/alerts/add", { alert: "drop:5", back: "https://evil.example/" }, "/alerts", "That alert could not be read. Please try again."],
      ["/alerts/add", { alert: `sure:${"9".repeat(60_000)}`, back: "//evil.example/betslip" }, "/alerts", "That alert could not be read. Please try again."],
      ["/alerts/mute", { id: "r1", hours: "9999" }, "/alerts", "That alert could not be changed. Please try again."],
      ["/alerts/mute", { id: "../settings", hours: "24" }, "/alerts", "That alert could not be changed. Please try again."],
      ["/alerts/delete", { id: "a b" }, "/alerts", "That alert could not be deleted. Please try again."],
      ["/alerts/settings", { timeZone: "Mars/Olympus", quietFrom: "", quietTo: "" }, "/alerts", "Choose a time zone from the list."],
      ["/alerts/settings", { timeZone: "Africa/Lagos", quietFrom: "22:00", quietTo: "" }, "/alerts", "Give quiet hours a start and an end, or leave both empty for none."],
    ];
    for (const [path, fields, back, message] of cases) {
      const res = await postForm(suite, path, page.cookie, { _csrf: page.token, ...fields });
      expect(res.headers.location, path).toBe(back);
      const { page: shown } = await follow(suite, res, page.cookie);
      expect(shown.text, `${path} ${JSON.stringify(fields)}`).toContain(message);
    }
    expect(alertCalls().length).toBe(before);
  });

  it("refuses a post without the form token, doing nothing", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const before = alertCalls().length;
    const res = await postForm(suite, "/alerts/add", cookie, { alert: "sure:1", back: "/sure-bets" }, TEST_ORIGIN);
    expect(res.status).toBe(403);
    expect(alertCalls().length).toBe(before);
  });

  it("sets an alert from a match page, lists it on /alerts, mutes, unmutes and deletes it, and saves settings, each back on its page with what happened", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const event = await aMatch(cookie);
    const back = `/match/${encodeURIComponent(event.id)}`;
    const match = await formPage(suite, back, cookie);
    expect(match.res.text).toContain('id="match-alert-me"');

    const set = await follow(suite, await postForm(suite, "/alerts/add", match.cookie, { _csrf: match.token, alert: "move:10", event: event.id, back }), match.cookie);
    expect(set.page.text).toMatch(/Alert set: [^<]+\. Your alerts are listed on the Alerts page\./);
    const [rule] = (await alertsOf(cookie)).rules;
    expect(rule).toMatchObject({ subject: { kind: "move", eventId: event.id }, threshold: 10, mutedUntil: null });

    const alerts = await formPage(suite, "/alerts", cookie);
    expect(alerts.res.text).toContain(rule!.title.replace(/&/g, "&amp;"));
    const muted = await follow(suite, await postForm(suite, "/alerts/mute", alerts.cookie, { _csrf: alerts.token, id: rule!.id, hours: "24" }), alerts.cookie);
    expect(muted.page.text).toContain("Alert muted for 24 hours.");
    expect(muted.page.text).toContain("Muted until");
    expect((await alertsOf(cookie)).rules[0]!.mutedUntil).not.toBeNull();
    const unmuted = await follow(suite, await postForm(suite, "/alerts/mute", alerts.cookie, { _csrf: alerts.token, id: rule!.id, hours: "0" }), alerts.cookie);
    expect(unmuted.page.text).toContain("Alert unmuted.");
    expect((await alertsOf(cookie)).rules[0]!.mutedUntil).toBeNull();

    const saved = await follow(suite, await postForm(suite, "/alerts/settings", alerts.cookie, { _csrf: alerts.token, timeZone: "Africa/Nairobi", quietFrom: "23:00", quietTo: "06:30" }), alerts.cookie);
    expect(saved.page.text).toContain("Alert settings saved.");
    expect((await alertsOf(cookie)).settings).toEqual({ timeZone: "Africa/Nairobi", quietFrom: "23:00", quietTo: "06:30", emailOff: true });

    const deleted = await follow(suite, await postForm(suite, "/alerts/delete", alerts.cookie, { _csrf: alerts.token, id: rule!.id }), alerts.cookie);
    expect(deleted.page.text).toContain("Alert deleted.");
    expect(deleted.page.text).toContain("You follow nothing yet.");
    expect((await alertsOf(cookie)).rules).toEqual([]);
  });

  it("says the API's reason when the bettor already follows the most rules, and sets nothing", async () => {
    const { cookie, account } = await signInThroughWeb(suite);
    const json = () => suite.stack.http.post("/api/users/alerts").set("cookie", cookie).set("origin", TEST_ORIGIN).set("content-type", "application/json");
    // Forty-nine rules of their own written straight to the store (one rule a subject: dropping odds
    // in forty-nine sets of competitions), the fiftieth through the web tier.
    const db = suite.stack.api.api.db.kysely;
    const { id: userId } = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
    await db
      .insertInto("alert_rules")
      .values(Array.from({ length: MAX_ALERT_RULES - 1 }, (_, i) => ({ id: `full-${i}`, user_id: userId, kind: "drop" as const, subject: JSON.stringify({ kind: "drop", competitions: [i + 1000] }), event_id: null, threshold: 10, channels: 7, muted_until: null, created_at: Date.now(), last_fired: null })))
      .execute();
    await json().send({ kind: "slip", threshold: 10, channels: [] }).expect(201);
    const refused = await json().send({ kind: "sure", threshold: 1, channels: [] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const reason = (refused.body as { error: { description: string } }).error.description;
    const page = await formPage(suite, "/sure-bets", cookie);
    const res = await postForm(suite, "/alerts/add", page.cookie, { _csrf: page.token, alert: "sure:1", back: "/sure-bets?min=1" });
    expect(res.headers.location).toBe("/sure-bets?min=1");
    const { page: shown } = await follow(suite, res, page.cookie);
    expect(shown.text).not.toContain("Alert set");
    expect(shown.text).toContain(reason.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    expect((await alertsOf(cookie)).rules).toHaveLength(MAX_ALERT_RULES);
  });
});
