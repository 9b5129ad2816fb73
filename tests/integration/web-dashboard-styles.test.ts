import { describe, expect, it } from "vitest";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

const inlineStyle = (html: string) => /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
const bootScript = (html: string) => /<script[^>]*\bid="_R_"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
/** The class names the page's markup uses (the inline stylesheet left out). */
const markupClasses = (html: string) =>
  new Set([...html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "").matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));
/** The class names a stylesheet has rules for. */
const styledClasses = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));

async function page(path: string, cookie: string, extraCookie = "") {
  const res = await suite.stack.http.get(path).set("cookie", extraCookie ? `${cookie}; ${extraCookie}` : cookie);
  expect(res.status, path).toBe(200);
  return res.text;
}

// docs/design.md, Latency: the dashboard's first response within one round trip (LCP at most 1.0 s).
describe("the dashboard's first HTML inlines only the rules its states use (scripts/build/dashboard-states.ts)", () => {
  it("inlines fewer rules than other pages, yet a rule for every class its markup uses, in the cards and in the list", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const profile = await page("/profile", cookie);
    const full = styledClasses(inlineStyle(profile));
    for (const [path, extra] of [["/dashboard", ""], ["/dashboard", "afriodds_view=list"]] as const) {
      const html = await page(path, cookie, extra);
      const css = inlineStyle(html);
      expect(css.length, `${path} ${extra}`).toBeLessThan(inlineStyle(profile).length * 0.6);
      const styled = styledClasses(css);
      const unstyled = [...markupClasses(html)].filter((name) => full.has(name) && !styled.has(name));
      expect(unstyled, `${path} ${extra}: classes whose rules the first HTML lacks`).toEqual([]);
    }
  });

  it("inlines every margin colour, in the 'Ov' tag and in the tag a 240 px screen shows under the bookmaker's name, for a page without the app's full sheet", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const css = inlineStyle(await page("/dashboard", cookie));
    for (const level of ["primary", "warning", "danger"]) expect(css, level).toContain(`.tag.is-${level}{`);
    expect(css).toContain("[data-margin]::after{");
    for (const level of ["warning", "danger"]) expect(css, level).toContain(`[data-margin-level=${level}]::after{`);
  });

  it("adds the full stylesheet after the first paint, and other pages rendered per request add none", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const dashboard = bootScript(await page("/dashboard", cookie));
    expect(dashboard).toMatch(/"stylesheet","\/assets\/styles-[\w-]+\.css"/);
    const profile = bootScript(await page("/profile", cookie));
    expect(profile).not.toMatch(/stylesheet/);
    // A signed-in page's boot script preloads its own page's chunk and the betslip's (decision 041).
    expect(dashboard).toMatch(/"\/assets\/chunks\/dashboard-[\w-]+\.js"/);
    expect(profile).toMatch(/"\/assets\/chunks\/profile-[\w-]+\.js"/);
    for (const boot of [dashboard, profile]) expect(boot).toMatch(/"\/assets\/chunks\/signed-in-[\w-]+\.js"/);
  });

  it("inlines the whole sheet on every other page rendered per request: a 404, a path like the dashboard's", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const fullSheet = inlineStyle(await page("/profile", cookie));
    expect(fullSheet.length).toBeGreaterThan(inlineStyle(await page("/dashboard", cookie)).length);
    for (const [path, status] of [["/no-such-page", 404], ["/dashboards", 404], ["/dashboard/", 200]] as const) {
      const res = await suite.stack.http.get(path).set("cookie", cookie);
      expect(res.status, path).toBe(status);
      expect(inlineStyle(res.text), path).toBe(fullSheet);
    }
  });
});
