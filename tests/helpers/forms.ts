import { expect } from "vitest";
import type { WebSuite } from "./web-suite.ts";
import { TEST_ORIGIN } from "./web.ts";

/** HTML form posts as a phone without JavaScript makes them (docs/design.md, Pages without JavaScript). */

export const cookiesOf = (res: { headers: Record<string, unknown> }): string[] => ([] as string[]).concat((res.headers["set-cookie"] as string[] | undefined) ?? []);
/** The name=value pairs a Set-Cookie list sets, cleared ones left out. */
export const pairs = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));
export const sessionSetCookies = (res: { headers: Record<string, unknown> }) => cookiesOf(res).filter((c) => /^afriodds_(at|rt)=[^;]/.test(c));

/** A form page as it is served: its form token and the cookies the browser then holds. */
export async function formPage(suite: WebSuite, path: string, cookie = "") {
  const res = await suite.stack.http.get(path).set(cookie ? { cookie } : {});
  expect(res.status).toBe(200);
  const token = /name="_csrf" value="([^"]+)"/.exec(res.text)?.[1];
  expect(token).toBeDefined();
  const jar = [cookie, ...pairs(cookiesOf(res))].filter(Boolean).join("; ");
  return { res, token: token!, cookie: jar };
}

export function postForm(suite: WebSuite, path: string, cookie: string, fields: Record<string, string>, origin: string | undefined = TEST_ORIGIN) {
  const req = suite.stack.http.post(path).type("form").set("cookie", cookie);
  return (origin === undefined ? req : req.set("origin", origin)).send(fields);
}

/** A Cookie header after an answer's Set-Cookie list, as a browser keeps it: set ones replace, cleared ones go. */
export function withSetCookies(cookie: string, setCookies: string[]): string {
  const jar = new Map(cookie.split("; ").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const));
  for (const set of setCookies) {
    const pair = set.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (pair.endsWith("=") || /Expires=Thu, 01 Jan 1970/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** Follows a 303 to its page with the cookies it set (the flash among them), as the browser would; the page's own cookies kept too. */
export async function follow(suite: WebSuite, res: { status: number; headers: Record<string, unknown> }, cookie: string) {
  expect(res.status).toBe(303);
  const sent = withSetCookies(cookie, cookiesOf(res));
  const page = await suite.stack.http.get(String(res.headers.location)).set("cookie", sent);
  return { page, cookie: withSetCookies(sent, cookiesOf(page)) };
}
