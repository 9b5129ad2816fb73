import { describe, expect, it } from "vitest";
import { cookiesOf, pairs } from "../helpers/forms.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";

/** Lite pages: the same pages whole, without any script (docs/design.md, Pages without JavaScript). */

const scriptTags = (html: string) => html.match(/<script\b/g)?.length ?? 0;

describe("lite pages", () => {
  const suite = useWebSuite();

  it("answers Save-Data: on with the dashboard rendered whole: its odds, the prices' time and a Refresh prices link, and no script", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const full = await suite.stack.http.get("/dashboard?league=1&market=1").set("cookie", cookie);
    expect(scriptTags(full.text)).toBeGreaterThan(0);
    const lite = await suite.stack.http.get("/dashboard?league=1&market=1").set({ cookie, "save-data": "on" });
    expect(lite.status).toBe(200);
    expect(scriptTags(lite.text)).toBe(0);
    expect(lite.text).toContain("odds-table");
    expect(lite.text.replaceAll("<!-- -->", "")).toMatch(/Prices as of \d\d:\d\d:\d\d GMT\+1 \(Lagos\)\. <a href="\/dashboard\?league=1&amp;market=1">Refresh prices<\/a>/);
    expect(lite.text).toContain('href="/lite/off"');
    expect(lite.text.length).toBeLessThan(full.text.length);
  });

  it("promises nothing only the app does on any lite page: each says when its prices were read, in the bettor's zone, and links to itself to read them again", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const listed = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie);
    const event = (listed.body as { data: { events: { id: string }[] } }).data.events[0]!;
    const match = `/match/${encodeURIComponent(event.id)}`;
    // The bettor's zone is the tz cookie the app sets (docs/design.md, Time zones): New York's, 5 hours behind GMT in November.
    const zoned = `${cookie}; tz=America/New_York`;
    for (const path of ["/betslip", match, "/sure-bets", "/value-bets", "/dropping?hours=24", "/dashboard?league=1&market=1"]) {
      const lite = await suite.stack.http.get(path).set({ cookie: zoned, "save-data": "on" });
      const text = lite.text.replaceAll("<!-- -->", "");
      expect(lite.status, path).toBe(200);
      const href = path.replaceAll("&", "&amp;");
      expect(text, path).toContain(`GMT-5 (New York). <a href="${href}">Refresh prices</a>`);
      expect(text, path).toMatch(/Prices as of \d\d:\d\d:\d\d GMT-5 \(New York\)\./);
      expect(text, path).not.toMatch(/every 30 seconds|updates itself|while this page is open|while it is open/);
    }
    // The full site keeps its live copy, and says no time: its prices follow the stream.
    const full = await suite.stack.http.get("/betslip").set("cookie", cookie);
    expect(full.text).toContain("prices are read again every 30 seconds while this page is open.");
    expect(full.text).not.toContain("Refresh prices");
  });

  it("answers the search page's GET form with the matching matches as links, and refuses text the API would, without asking it", async () => {
    const { cookie } = await signInThroughWeb(suite);
    // A team with a match still to come (the simulator's fixtures move with the clock): the first word of its name.
    const listed = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie);
    const events = (listed.body as { data: { events: { home: string; date: string }[] } }).data.events;
    const words = events.filter((e) => Date.parse(e.date) > Date.now() + 10 * 60_000).map((e) => e.home.split(/\s+/)[0]!);
    const team = words.find((w) => /^[A-Za-z]{3,}$/.test(w));
    if (!team) throw new Error(`no listed team to search for in ${words.join(", ")}`);
    const found = await suite.stack.http.get(`/search?q=${team}`).set("cookie", cookie);
    expect(found.status).toBe(200);
    expect(found.text).toMatch(/<form[^>]*action="\/search"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/search"/);
    expect(found.text.replaceAll("<!-- -->", "")).toMatch(new RegExp(`\\d+ match(es)? for &quot;${team}&quot;, soonest first\\.`));
    expect(found.text).toMatch(/<a[^>]*class="search-result"[^>]*href="\/match\/[^"]+"|<a[^>]*href="\/match\/[^"]+"[^>]*class="search-result"/);
    const none = await suite.stack.http.get("/search?q=zzqx").set("cookie", cookie);
    expect(none.text.replaceAll("<!-- -->", "")).toContain("No match for &quot;zzqx&quot;.");

    const asked = () => suite.stack.proxy.seen.filter((r) => r.path === "/odds/search").length;
    const before = asked();
    for (const q of ["x".repeat(101), "ar%01s", "a"]) {
      const res = await suite.stack.http.get(`/search?q=${q}`).set("cookie", cookie);
      expect(res.status, q).toBe(200);
      expect(res.text, q).toMatch(q === "a" ? /Type at least 2 letters/ : /Type at most 100 characters/);
    }
    expect(asked()).toBe(before);
    const signedOut = await suite.stack.http.get("/search?q=ars");
    expect([signedOut.status, signedOut.headers.location]).toEqual([302, "/?next=%2Fsearch%3Fq%3Dars"]);
  });

  it("renders a public page per request for Save-Data instead of the prerendered one, which says it varies on Save-Data", async () => {
    const full = await suite.stack.http.get("/");
    expect(full.headers.vary).toMatch(/Save-Data/);
    expect(scriptTags(full.text)).toBeGreaterThan(0);
    const lite = await suite.stack.http.get("/").set("save-data", "on");
    expect(lite.status).toBe(200);
    expect(scriptTags(lite.text)).toBe(0);
    expect(lite.text).toContain('href="/register"');
  });

  it("remembers the footer's Lite choice in a cookie, back on the same page, and Full site undoes it, Save-Data or not", async () => {
    const on = await suite.stack.http.get("/lite/on").set("referer", `${TEST_ORIGIN}/about?x=1`);
    expect([on.status, on.headers.location]).toEqual([303, "/about?x=1"]);
    const chosen = pairs(cookiesOf(on)).join("; ");
    expect(chosen).toBe("afriodds_lite=1");
    expect(scriptTags((await suite.stack.http.get("/about").set("cookie", chosen)).text)).toBe(0);

    // A page of ours at a path like //evil.example (every path renders the footer) does not take the visitor off the site.
    const offsite = await suite.stack.http.get("/lite/on").set("referer", `${TEST_ORIGIN}//evil.example/x`);
    expect(offsite.headers.location).toBe("/");
    const off = await suite.stack.http.get("/lite/off").set("referer", "https://elsewhere.example/page");
    expect([off.status, off.headers.location]).toEqual([303, "/"]);
    const undone = pairs(cookiesOf(off)).join("; ");
    expect(scriptTags((await suite.stack.http.get("/about").set({ cookie: undone, "save-data": "on" })).text)).toBeGreaterThan(0);
  });
});
