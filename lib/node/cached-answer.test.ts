import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { prepareJson, sendCached } from "./cached-answer.ts";

const answer = prepareJson(JSON.stringify({ data: { events: Array.from({ length: 50 }, (_, i) => ({ id: `event-${i}` })) } }));

function app() {
  const server = express();
  server.get("/odds", (req, res) => sendCached(req, res, answer, { cacheControl: "private, no-store", vary: "Accept-Encoding, Authorization" }));
  return (acceptEncoding: string, ifNoneMatch?: string, method: "get" | "head" = "get") =>
    request(server)[method]("/odds")
      .set("accept-encoding", acceptEncoding)
      .set(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {});
}

describe("sendCached", () => {
  it("answers in the coding the q-values ask for, with the caller's Cache-Control and Vary", async () => {
    const get = app();
    for (const [accept, coding] of [["gzip, deflate, br", "br"], ["br;q=0, gzip", "gzip"], ["gzip;q=0", undefined], ["*", "br"]] as const) {
      const res = await get(accept);
      expect(res.headers["content-encoding"], accept).toBe(coding);
      expect(res.body, accept).toEqual(JSON.parse(answer.json));
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.vary).toBe("Accept-Encoding, Authorization");
    }
  });

  it("sends the JSON type and the length of the coding it sends, and no body to HEAD", async () => {
    const get = app();
    const gzip = await get("gzip");
    expect(gzip.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(gzip.headers["content-length"])).toBe(answer.gzip.length);
    const head = await get("gzip", undefined, "head");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(gzip.headers["content-length"]);
    expect(head.headers.etag).toBe(gzip.headers.etag);
    expect(head.text).toBeUndefined();
  });

  it("sends an identity body whole when its text is not ASCII", async () => {
    const server = express();
    const accented = prepareJson(JSON.stringify({ data: { events: [{ name: "Atlético Madrid vs Borussia Mönchengladbach" }] } }));
    server.get("/odds", (req, res) => sendCached(req, res, accented, { cacheControl: "private, no-store", vary: "Accept-Encoding" }));
    const res = await request(server).get("/odds").set("accept-encoding", "identity");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(accented.json));
    expect(res.body).toEqual({ data: { events: [{ name: "Atlético Madrid vs Borussia Mönchengladbach" }] } });
  });

  it("tags each coding apart and answers 304 only to the tag of the representation it would send", async () => {
    const get = app();
    const tags = { br: (await get("br")).headers.etag, gzip: (await get("gzip")).headers.etag, identity: (await get("identity")).headers.etag };
    expect(tags).toEqual({ br: answer.etag.replace(/"$/, '-br"'), gzip: answer.etag.replace(/"$/, '-gzip"'), identity: answer.etag });
    expect((await get("gzip", tags.gzip)).status).toBe(304);
    expect((await get("gzip", `W/${tags.gzip}`)).status).toBe(304);
    expect((await get("br", tags.gzip)).status).toBe(200);
    expect((await get("identity", tags.br)).status).toBe(200);
  });
});
