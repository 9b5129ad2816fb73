import { Writable } from "node:stream";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { partialDataSource } from "#client/loaders/source.ts";
import type { ServerContext } from "#client/server-context.ts";
import { renderRoute } from "./render.tsx";

const unavailable = () => Promise.reject(new Error("no data source in this test"));
const context: ServerContext = { server: true, user: null, timeZone: "Africa/Lagos", now: Date.now(), data: partialDataSource({}, unavailable) };
const assets = { boot: "", css: "body{margin:0}" };

/** A reader slower than React: accepts one small chunk at a time. */
function slowReader() {
  let html = "";
  let writes = 0;
  let writesWhileFull = 0;
  const reader = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, next) {
      html += chunk.toString("utf8");
      setImmediate(next);
    },
  });
  const write = reader.write.bind(reader) as (chunk: unknown) => boolean;
  reader.write = ((chunk: unknown) => {
    writes += 1;
    if (reader.writableNeedDrain) writesWhileFull += 1;
    return write(chunk);
  }) as typeof reader.write;
  const done = new Promise<void>((resolve) => reader.on("finish", () => resolve()));
  return { reader, done, html: () => html, writes: () => writes, writesWhileFull: () => writesWhileFull };
}

/** A page longer than many of React's 4 KB chunks. */
const LongList = () => createElement("ul", null, Array.from({ length: 2_000 }, (_, i) => createElement("li", { key: i }, `Odds row ${i}`)));

describe("the streamed render", () => {
  it("waits for the reader to drain before writing more", async () => {
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, routes: [{ path: "/", Component: LongList }] });
    if (outcome.kind !== "html") throw new Error(`expected html, got ${outcome.kind}`);
    const sink = slowReader();
    outcome.pipe(sink.reader);
    await sink.done;
    expect(sink.html()).toMatch(/^<!doctype html>/);
    expect(sink.html()).toMatch(/<\/div><\/body><\/html>$/);
    expect(sink.html()).toContain("Odds row 1999");
    expect(sink.writes()).toBeGreaterThan(4);
    expect(sink.writesWhileFull()).toBe(0);
  });

  it("flushes every chunk as it is written, so the browser can paint the top of the page before the rest arrives", async () => {
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, routes: [{ path: "/", Component: LongList }] });
    if (outcome.kind !== "html") throw new Error(`expected html, got ${outcome.kind}`);
    const calls: string[] = [];
    const reader = new Writable({
      write(chunk: Buffer, _encoding, next) {
        calls.push(chunk.includes("Odds row") ? "rows" : "write");
        next();
      },
    });
    Object.assign(reader, { flush: () => calls.push("flush") });
    const done = new Promise<void>((resolve) => reader.on("finish", () => resolve()));
    outcome.pipe(reader);
    await done;
    const rows = calls.filter((c) => c === "rows").length;
    expect(rows).toBeGreaterThan(4);
    // Each chunk of rows is followed by a flush before anything else is written.
    calls.forEach((call, i) => {
      if (call === "rows") expect(calls[i + 1], `after call ${i}`).toBe("flush");
    });
  });

  it("leaves a lite page to compression's own buffering: not one flush (docs/design.md, Streamed server rendering)", async () => {
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, lite: true, routes: [{ path: "/", Component: LongList }] });
    if (outcome.kind !== "html") throw new Error(`expected html, got ${outcome.kind}`);
    let chunks = 0;
    let flushes = 0;
    const reader = new Writable({
      write(_chunk: Buffer, _encoding, next) {
        chunks += 1;
        next();
      },
    });
    Object.assign(reader, { flush: () => (flushes += 1) });
    const done = new Promise<void>((resolve) => reader.on("finish", () => resolve()));
    outcome.pipe(reader);
    await done;
    expect(chunks).toBeGreaterThan(4);
    expect(flushes).toBe(0);
  });

  it("reports a shell that cannot render, so the caller can answer the static 500 page", async () => {
    const Broken = () => {
      throw new Error("the shell failed");
    };
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, routes: [{ path: "/", Component: Broken }] });
    expect(outcome.kind).toBe("error");
  });

  it("stops the loaders at the deadline", async () => {
    const deadline = new AbortController();
    const never = () => new Promise<never>(() => undefined);
    const started = Date.now();
    setTimeout(() => deadline.abort(new Error("deadline")), 100);
    const outcome = renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, signal: deadline.signal, routes: [{ path: "/", loader: never, Component: () => createElement("p", null, "never") }] });
    await expect(outcome).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  describe("when the Request has stopped following the deadline", () => {
    afterEach(() => vi.unstubAllGlobals());

    // Node's fetch can drop the link from a Request's signal to the one it was given once the Request
    // is garbage collected; a Request given no signal at all stands in for that here.
    it("still stops the loaders at the deadline", async () => {
      vi.stubGlobal(
        "Request",
        class extends Request {
          constructor(input: RequestInfo | URL, init?: RequestInit) {
            super(input, { ...init, signal: null });
          }
        },
      );
      const deadline = new AbortController();
      const never = () => new Promise<never>(() => undefined);
      setTimeout(() => deadline.abort(new Error("deadline")), 50);
      const outcome = renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, signal: deadline.signal, routes: [{ path: "/", loader: never, Component: () => createElement("p", null, "never") }] });
      await expect(outcome).rejects.toThrow("deadline");
    }, 3_000);
  });
});
