import { describe, expect, it } from "vitest";
import { rawGet } from "../helpers/web.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

/** The public pages' entry script, as the landing page imports it (decision 021). */
const publicScript = async () => /import\("([^"]+)"\)/.exec((await suite.stack.http.get("/")).text)?.[1] ?? "no script";

describe("Accept-Encoding q-values (RFC 9110 12.5.3)", () => {
  const CASES = [
    { accept: "br;q=0, gzip", coding: "gzip" },
    { accept: "gzip;q=0", coding: undefined },
    { accept: "gzip;q=0, br", coding: "br" },
    { accept: "*", coding: "br" },
    { accept: "br;q=0, *", coding: "gzip" },
    { accept: "gzip, identity;q=0", coding: "gzip" },
    { accept: "br;q=0.5, gzip;q=0.8", coding: "gzip" },
  ];
  /** An asset, a prerendered page, the BFF's cached odds, the API's odds relayed, a rendered page. */
  const targets = async () => [await publicScript(), "/nigeria", "/api/odds?country=1&competition=1&market=1", "/api/odds/summary?country=1", "/dashboard"];

  it("answers in the coding the q-values ask for, with Vary: Accept-Encoding, on every kind of answer", async () => {
    const { cookie } = await signInThroughWeb(suite);
    for (const path of await targets()) {
      for (const { accept, coding } of CASES) {
        const res = await rawGet(suite.stack.web.app, path, { cookie, "accept-encoding": accept });
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(res.headers["content-encoding"], `${path} ${accept}`).toBe(coding);
        expect(String(res.headers.vary), path).toMatch(/accept-encoding/i);
      }
    }
  });

  it("gives the br, gzip and identity representations three ETags, and 304 only to the one asked for", async () => {
    const { cookie } = await signInThroughWeb(suite);
    for (const path of (await targets()).slice(0, 4)) {
      const tag = async (accept: string, ifNoneMatch?: string) =>
        rawGet(suite.stack.web.app, path, { cookie, "accept-encoding": accept, ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}) });
      const tags = new Map<string, string>();
      for (const accept of ["br", "gzip", "identity"]) tags.set(accept, String((await tag(accept)).headers.etag));
      expect(new Set(tags.values()).size, `${path}: ${[...tags.values()].join(" ")}`).toBe(3);
      expect((await tag("gzip", tags.get("gzip"))).status, path).toBe(304);
      expect((await tag("br", tags.get("gzip"))).status, path).toBe(200);
      expect((await tag("identity", tags.get("br"))).status, path).toBe(200);
    }
  });
});
