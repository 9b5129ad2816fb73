import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashedAssets } from "#server/static.ts";
import { rawGet } from "../helpers/web.ts";

describe("hashed assets (server/static.ts)", () => {
  let root: string;
  let app: express.Express;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "afriodds-assets-"));
    const assets = join(root, "client", "assets");
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, "app-abc.js"), "console.log('plain')");
    writeFileSync(join(assets, "app-abc.js.br"), "BROTLI-BYTES");
    writeFileSync(join(assets, "app-abc.js.gz"), "GZIP-BYTES-LONGER");
    // Files outside the assets folder whose existence must not leak.
    writeFileSync(join(root, "secret.js.br"), "{}");
    writeFileSync(join(root, "client", "secret.js.gz"), "{}");
    app = express();
    app.use("/assets", hashedAssets(assets));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses traversal before looking at the disk: an existing and a missing outside file answer alike, never as brotli", async () => {
    const answers = [];
    for (const path of ["/assets/../../secret.js", "/assets/../../nothing.js", "/assets/../secret.js", "/assets/..%2f..%2fsecret.js", "/assets/%2e%2e/%2e%2e/secret.js", "/assets/..\\..\\secret.js", "/assets/app-abc.js%00.br"]) {
      const res = await rawGet(app, path, { "accept-encoding": "br, gzip" });
      answers.push([path, res.status, res.headers["content-encoding"]]);
    }
    expect(answers.map(([, status, coding]) => [status, coding])).toEqual(answers.map(() => [404, undefined]));
  });

  it("follows Accept-Encoding's q-values and *, with Vary and an ETag per coding", async () => {
    const get = (accept: string) => rawGet(app, "/assets/app-abc.js", { "accept-encoding": accept });
    const br = await get("gzip, deflate, br");
    const gzip = await get("br;q=0, gzip");
    const plain = await get("br;q=0, gzip;q=0");
    const star = await get("*");
    const starNoBr = await get("*, br;q=0");
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"], plain.headers["content-encoding"], star.headers["content-encoding"], starNoBr.headers["content-encoding"]]).toEqual(["br", "gzip", undefined, "br", "gzip"]);
    expect([br.body.toString(), gzip.body.toString(), plain.body.toString()]).toEqual(["BROTLI-BYTES", "GZIP-BYTES-LONGER", "console.log('plain')"]);
    for (const res of [br, gzip, plain]) expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });
});
