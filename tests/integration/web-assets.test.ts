import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashedAssets } from "#server/static.ts";
import { requestHead, sendRaw } from "../helpers/raw-http.ts";
import { listen, rawGet } from "../helpers/web.ts";

describe("hashed assets (server/static.ts)", () => {
  let root: string;
  let app: express.Express;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "afriodds-assets-"));
    const assets = join(root, "client", "assets");
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, "app-abc.js"), "console.log('plain')");
    writeFileSync(join(assets, "app-abc.js.br"), "BROTLI-BYTES");
    writeFileSync(join(assets, "app-abc.js.gz"), "GZIP-BYTES-LONGER");
    // Code-split chunks live one folder down (scripts/build/bundles.ts).
    mkdirSync(join(assets, "chunks"));
    writeFileSync(join(assets, "chunks", "chunk-XYZ.js"), "export {}");
    writeFileSync(join(assets, "chunks", "chunk-XYZ.js.br"), brotliCompressSync("export const fromBrotli = true;"));
    // Files outside the assets folder whose existence must not leak.
    writeFileSync(join(root, "secret.js.br"), "{}");
    writeFileSync(join(root, "client", "secret.js.gz"), "{}");
    app = express();
    app.use("/assets", hashedAssets(assets));
    server = createServer(app);
    origin = `http://127.0.0.1:${(await listen(server)).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  /** The target exactly as written: node:http's client would resolve `..` before sending it. */
  async function raw(target: string) {
    const outcome = await sendRaw(origin, Buffer.from(requestHead("GET", target, new URL(origin).host, { "accept-encoding": "br, gzip" }, 0), "latin1"), "GET");
    if ("failure" in outcome) throw new Error(`${target}: ${outcome.failure}`);
    return outcome.answer;
  }

  it("refuses traversal before looking at the disk: an existing and a missing outside file answer alike, never as brotli", async () => {
    const answers = [];
    for (const path of ["/assets/../../secret.js", "/assets/../../nothing.js", "/assets/../secret.js", "/assets/..%2f..%2fsecret.js", "/assets/%2e%2e/%2e%2e/secret.js", "/assets/..\\..\\secret.js", "/assets/app-abc.js%00.br"]) {
      const res = await raw(path);
      answers.push([path, res.status, res.headers["content-encoding"]]);
    }
    expect(answers.map(([, status, coding]) => [status, coding])).toEqual(answers.map(() => [404, undefined]));
  });

  it("serves the code-split chunks one folder down, precompressed, and refuses traversal from there too", async () => {
    const chunk = await raw("/assets/chunks/chunk-XYZ.js");
    // raw-http decodes the body: the brotli copy was sent.
    expect([chunk.status, chunk.headers["content-encoding"], chunk.body.toString()]).toEqual([200, "br", "export const fromBrotli = true;"]);
    for (const path of ["/assets/chunks/../../secret.js", "/assets/chunks/%2e%2e/app-abc.js", "/assets/chunks//chunk-XYZ.js", "/assets/chunks/.hidden.js"]) {
      expect([path, (await raw(path)).status], path).toEqual([path, 404]);
    }
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
