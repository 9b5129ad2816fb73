import { beforeAll, describe, expect, it } from "vitest";
import { simulatedSites } from "#api/booking/index.ts";
import type { Betslip, MatchDetail, OddsEvent } from "#shared/contract.ts";
import { follow, formPage, postForm } from "../helpers/forms.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

/** The betslip as HTML forms, without JavaScript (docs/design.md, Pages without JavaScript). */

const suite = useWebSuite();

beforeAll(() => {
  suite.stack.api.api.booking.useSites(simulatedSites(suite.pipeline.simulator.baseUrl));
});

async function slipOf(cookie: string): Promise<Betslip> {
  return (await suite.stack.http.get("/api/users/betslip").set("cookie", cookie).expect(200)).body.data as Betslip;
}

/** The soonest Premier League event SportyBet prices to win at home, as the form names it. */
async function sportyLeg(cookie: string): Promise<{ event: OddsEvent; leg: string }> {
  const res = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie).expect(200);
  const event = (res.body.data.events as OddsEvent[]).find((e) => e.markets[0]?.odds.some((o) => o.provider === 3 && o.odds.some((s) => s.selectionTypeId === 1)))!;
  return { event, leg: `1.1.${event.id}` };
}

describe("the betslip with HTML forms", () => {
  it("writes the dashboard's selection buttons as submits of one add form, with the page to come back to", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const page = await formPage(suite, "/dashboard?league=1&market=1", cookie);
    expect(page.res.text).toMatch(/<form noValidate="" action="\/betslip\/add" method="post"><input type="hidden" name="_csrf" value="[^"]+"\/><input type="hidden" name="back" value="\/dashboard\?league=1&amp;market=1"\/>/);
    const toggles = page.res.text.match(/<button[^>]*class="slip-toggle[^>]*>/g) ?? [];
    expect(toggles.length).toBeGreaterThan(0);
    for (const toggle of toggles) expect(toggle).toMatch(/^(?=.*type="submit")(?=.*name="leg")(?=.*value="1\.\d\.[^"]+")/);
  });

  it("adds a selection, sets the stake, gets a booking code and removes the selection, each back on its page with what happened", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/dashboard?league=1&market=1", signedIn.cookie);
    const { event, leg } = await sportyLeg(signedIn.cookie);

    const added = await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: "/dashboard?league=1&market=1" });
    expect(added.headers.location).toBe("/dashboard?league=1&market=1");
    const back = await follow(suite, added, page.cookie);
    expect(back.page.text).toContain("Added to your betslip.");
    expect((await slipOf(signedIn.cookie)).legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId])).toEqual([[event.id, 1, 1]]);

    const refused = await follow(suite, await postForm(suite, "/betslip/stake", page.cookie, { _csrf: page.token, stake: "twelve", back: "/betslip" }), page.cookie);
    expect(refused.page.text).toContain("Enter a stake in naira above");
    const staked = await follow(suite, await postForm(suite, "/betslip/stake", page.cookie, { _csrf: page.token, stake: "2500", back: "/betslip" }), page.cookie);
    expect(staked.page.text).toContain("Stake updated.");
    expect((await slipOf(signedIn.cookie)).stake).toBe(2500);

    const minted = await follow(suite, await postForm(suite, "/betslip/booking", page.cookie, { _csrf: page.token, provider: "3", back: "/betslip" }), page.cookie);
    expect(minted.page.text).toMatch(/Your SportyBet booking code: [A-Z0-9]+ \(1 selection\)/);

    const removed = await follow(suite, await postForm(suite, "/betslip/remove", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
    expect(removed.page.text).toContain("Removed from your betslip.");
    expect((await slipOf(signedIn.cookie)).legs).toEqual([]);
  });

  it("adds a selection beyond the eight by form, and the page without JavaScript names it as the catalogue does, never 'Market 10'", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/dashboard?league=1&market=1", signedIn.cookie);
    const listing = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", signedIn.cookie).expect(200);
    // The simulator quotes SportyBet's team totals (markets 10-15): the first listed match with one priced.
    let found: { event: OddsEvent; marketId: number; name: string; selection: { id: number; label: string } } | undefined;
    for (const event of listing.body.data.events as OddsEvent[]) {
      const detail = (await suite.stack.http.get(`/api/odds/events/${encodeURIComponent(event.id)}`).set("cookie", signedIn.cookie).expect(200)).body.data as MatchDetail;
      const market = detail.event.markets.find((m) => m.marketId >= 10 && m.marketId <= 15 && m.odds.length > 0 && m.name && m.selections?.length);
      if (market) {
        found = { event, marketId: market.marketId, name: market.name!, selection: market.selections![0]! };
        break;
      }
    }
    expect(found).toBeDefined();
    const { event, marketId, name, selection } = found!;
    const leg = `${marketId}.${selection.id}.${event.id}`;
    const added = await follow(suite, await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
    expect(added.page.text).toContain("Added to your betslip.");
    expect((await slipOf(signedIn.cookie)).legs).toMatchObject([{ eventId: event.id, marketId, selectionTypeId: selection.id, marketName: name, selectionName: selection.label }]);
    const lite = await suite.stack.http.get("/betslip").set({ cookie: `${page.cookie}; afriodds_lite=1` });
    expect(lite.status).toBe(200);
    const text = lite.text.replaceAll("<!-- -->", "");
    expect(text).toContain(`${name}: <strong>${selection.label}</strong>`);
    expect(text).toContain(`${name}: ${selection.label}`);
    expect(text).not.toMatch(/Market \d|Selection \d/);
    await follow(suite, await postForm(suite, "/betslip/remove", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
    expect((await slipOf(signedIn.cookie)).legs).toEqual([]);
  });

  it("adds from a match page's odds tables, a form there too, and comes back to that match page saying so", async () => {
    const signedIn = await signInThroughWeb(suite);
    const { event, leg } = await sportyLeg(signedIn.cookie);
    const path = `/match/${encodeURIComponent(event.id)}`;
    const page = await formPage(suite, path, signedIn.cookie);
    expect(page.res.text).toContain(`<input type="hidden" name="back" value="${path}"/>`);
    const toggles = page.res.text.match(/<button[^>]*class="slip-toggle[^>]*>/g) ?? [];
    expect(toggles.some((toggle) => toggle.includes('type="submit"') && toggle.includes('name="leg"') && toggle.includes(`value="${leg}"`))).toBe(true);
    const added = await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: path });
    expect(added.headers.location).toBe(path);
    const back = await follow(suite, added, page.cookie);
    expect(back.page.status).toBe(200);
    expect(back.page.text).toContain("Added to your betslip.");
    expect((await slipOf(signedIn.cookie)).legs.map((l) => l.eventId)).toEqual([event.id]);
    // A match path a cookie's Path cannot carry is no page to go back to; nor is it an error to ask for one with a flash.
    const odd = await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: "/match/x;Domain=evil.example" });
    expect(odd.headers.location).toBe("/betslip");
    const asked = await suite.stack.http.get("/match/x;y").set("cookie", `${signedIn.cookie}; afriodds_flash=e30`);
    expect(asked.status).toBeLessThan(500);
  });

  it("reads a pasted booking code by form: on to the code's page, read before it is answered, whose selections go on the slip by form", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/dashboard?league=1&market=1", signedIn.cookie);
    const { event, leg } = await sportyLeg(signedIn.cookie);
    await follow(suite, await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
    const minted = await follow(suite, await postForm(suite, "/betslip/booking", page.cookie, { _csrf: page.token, provider: "3", back: "/betslip" }), page.cookie);
    const code = /Your SportyBet booking code: ([A-Z0-9]+)/.exec(minted.page.text)?.[1];
    expect(code).toBeDefined();

    // The paste form's GET, as typed (spaces, lower case): on to the code's page, read now.
    const pasted = await suite.stack.http.get(`/code?provider=3&code=${encodeURIComponent(` ${code!.toLowerCase()} `)}`).set("cookie", page.cookie);
    expect([pasted.status, pasted.headers.location]).toEqual([302, `/code/sportybet/${code}?read=now`]);
    // Text that is no code, cut inside a character at the field's length, gets the page's message, not an error.
    const odd = await suite.stack.http.get(`/code?provider=3&code=${"A".repeat(39)}%F0%9F%98%80`).set("cookie", page.cookie);
    expect(odd.status).toBe(302);
    expect((await suite.stack.http.get(String(odd.headers.location)).set("cookie", page.cookie)).text).toContain("is not a booking code.");
    // Signed out, the paste is kept for after sign-in.
    const signedOut = await suite.stack.http.get(`/code?provider=3&code=${code}`);
    expect([signedOut.status, signedOut.headers.location]).toEqual([302, `/?next=${encodeURIComponent(`/code?provider=3&code=${code}`)}`]);
    const read = await formPage(suite, `/code/sportybet/${code}?read=now`, page.cookie);
    expect(read.res.text).toContain(event.name);
    expect(read.res.text).toMatch(/<form[^>]*action="\/betslip\/import"/);
    expect(read.res.text).toContain(`<input type="hidden" name="leg" value="${leg}"/>`);
    expect(read.res.text).toContain('<input type="hidden" name="back" value="/betslip"/>');
    // Without `read=now` the page comes at once and the browser reads; one without JavaScript is offered the read.
    const later = await suite.stack.http.get(`/code/sportybet/${code}`).set("cookie", page.cookie);
    expect(later.text.replaceAll("<!-- -->", "")).toContain("Reading the code at SportyBet...");
    // One without JavaScript goes on at once to the read, with a link for one that will not follow the refresh (decision 039).
    expect(later.text).toContain('<noscript><meta http-equiv="refresh" content="0; url=?read=now"/><a href="?read=now">Show what this code holds</a></noscript>');
    // A page the server knows will run no script (Save-Data, or the lite choice's cookie) holds the code's selections in its first answer.
    for (const headers of [{ cookie: page.cookie, "save-data": "on" }, { cookie: `${page.cookie}; afriodds_lite=1` }]) {
      const lite = await suite.stack.http.get(`/code/sportybet/${code}`).set(headers);
      expect(lite.status).toBe(200);
      expect(lite.text).toContain(event.name);
      expect(lite.text).toContain(`<input type="hidden" name="leg" value="${leg}"/>`);
      expect(lite.text).not.toContain("Reading the code at");
      expect(lite.text).not.toContain('http-equiv="refresh"');
    }

    await follow(suite, await postForm(suite, "/betslip/remove", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
    expect((await slipOf(signedIn.cookie)).legs).toEqual([]);
    // The import goes back to the betslip, which says what the slip took and compares it.
    const back = "/betslip";
    const refused = await postForm(suite, "/betslip/import", read.cookie, { mode: "replace", leg, back });
    expect(refused.status).toBe(403);
    expect((await slipOf(signedIn.cookie)).legs).toEqual([]);
    const replaced = await postForm(suite, "/betslip/import", read.cookie, { _csrf: read.token, mode: "replace", leg, back });
    expect(replaced.headers.location).toBe(back);
    expect((await follow(suite, replaced, read.cookie)).page.text).toContain("Your slip now holds this selection.");
    expect((await slipOf(signedIn.cookie)).legs.map((l) => [l.eventId, l.marketId, l.selectionTypeId])).toEqual([[event.id, 1, 1]]);
    const again = await follow(suite, await postForm(suite, "/betslip/import", read.cookie, { _csrf: read.token, mode: "add", leg, back }), read.cookie);
    expect(again.page.text).toContain("Nothing was added. 1 left out: its match is already on your slip.");
    const bad = await follow(suite, await postForm(suite, "/betslip/import", read.cookie, { _csrf: read.token, mode: "merge", leg, back }), read.cookie);
    expect(bad.page.text).toContain("Those selections could not be read.");
    expect((await slipOf(signedIn.cookie)).legs).toHaveLength(1);
  });

  it("renders the top bar's badge with the slip's size on every signed-in page, for a browser that never runs the app", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/dashboard?league=1&market=1", signedIn.cookie);
    const badge = (html: string) => /<a[^>]*class="betslip-badge"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0] ?? "";
    expect(badge(page.res.text)).toContain('aria-label="Betslip, 0 selections"');
    const { leg } = await sportyLeg(signedIn.cookie);
    await follow(suite, await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
    for (const path of ["/betslip", "/dropping", "/profile", "/help"]) {
      const html = (await suite.stack.http.get(path).set("cookie", page.cookie)).text;
      expect(badge(html), path).toContain('aria-label="Betslip, 1 selection"');
      expect(badge(html), path).toContain('<span class="betslip-count">1</span>');
    }
    // A visitor's page has no badge at all.
    expect((await suite.stack.http.get("/about")).text).not.toContain("betslip-badge");
    await follow(suite, await postForm(suite, "/betslip/remove", page.cookie, { _csrf: page.token, leg, back: "/betslip" }), page.cookie);
  });

  it("changes nothing for a betslip post without the form token or from another site, and sends a post back only to our own pages", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/dashboard", signedIn.cookie);
    const { leg } = await sportyLeg(signedIn.cookie);
    for (const res of [
      await postForm(suite, "/betslip/add", page.cookie, { leg }),
      await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg }, "https://evil.example"),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await slipOf(signedIn.cookie)).legs).toEqual([]);
    const offsite = await postForm(suite, "/betslip/add", page.cookie, { _csrf: page.token, leg, back: "//evil.example/x" });
    expect(offsite.headers.location).toBe("/betslip");
  });
});

describe("feedback with an HTML form", () => {
  it("sends a message by form and says thanks on the page; an empty one gets the spec's message and sends nothing", async () => {
    const signedIn = await signInThroughWeb(suite);
    const page = await formPage(suite, "/feedback", signedIn.cookie);
    const before = suite.stack.proxy.seen.filter((r) => r.path === "/users/feedback").length;
    const empty = await follow(suite, await postForm(suite, "/feedback", page.cookie, { _csrf: page.token, message: "   " }), page.cookie);
    expect(empty.page.text).toContain("Please enter your feedback message.");
    expect(suite.stack.proxy.seen.filter((r) => r.path === "/users/feedback").length).toBe(before);
    const sent = await follow(suite, await postForm(suite, "/feedback", page.cookie, { _csrf: page.token, message: "  The lite pages load fast on my phone.  " }), page.cookie);
    expect(sent.page.text).toContain("Thank you for your feedback! It helps us make AfriOdds better.");
    expect(suite.stack.proxy.seen.filter((r) => r.path === "/users/feedback").length).toBe(before + 1);
    const refused = await postForm(suite, "/feedback", page.cookie, { message: "no token" });
    expect(refused.status).toBe(403);
    expect(suite.stack.proxy.seen.filter((r) => r.path === "/users/feedback").length).toBe(before + 1);
  });
});
