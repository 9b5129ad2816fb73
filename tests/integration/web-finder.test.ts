import { describe, expect, it } from "vitest";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

/** The first HTML of /dashboard for a signed-in user with `extraCookie` beside the session's. */
async function dashboardHtml(path: string, extraCookie = "") {
  const { cookie } = await signInThroughWeb(suite);
  const res = await suite.stack.http.get(path).set("cookie", extraCookie ? `${cookie}; ${extraCookie}` : cookie);
  expect(res.status).toBe(200);
  return res.text;
}

// docs/design.md, Finding a match on the dashboard.
describe("the dashboard's remembered view, rendered on the server", () => {
  it("renders the compact list into the first HTML when the view cookie says list and the URL names no view", async () => {
    const html = await dashboardHtml("/dashboard", "afriodds_view=list");
    expect(html).toMatch(/class="finder-row" href="\/match\/[^"]+"/);
    expect(html).not.toMatch(/<table/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>List</);
  });

  it("renders the cards without the cookie, and when the URL names the cards over a remembered list", async () => {
    for (const [path, cookie] of [["/dashboard", ""], ["/dashboard?view=cards", "afriodds_view=list"]] as const) {
      const html = await dashboardHtml(path, cookie);
      expect(html, path).toMatch(/<table/);
      // Markup, not the inline stylesheet (which holds the list's rules on every protected page).
      expect(html, path).not.toMatch(/class="finder-row"/);
      expect(html, path).toMatch(/aria-pressed="true"[^>]*>Cards</);
    }
  });
});
