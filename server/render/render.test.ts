import { Writable } from "node:stream";
import { createElement, Suspense, use } from "react";
import { describe, expect, it, vi } from "vitest";
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

/**
 * A reader that flushes as compression does, and records in order what it was given: each write's
 * text, and "<flush>" for each flush. `highWaterMark` small makes it slower than React.
 */
function flushingReader(highWaterMark = 1 << 20) {
  const calls: string[] = [];
  const reader = new Writable({
    highWaterMark,
    write(_chunk: Buffer, _encoding, next) {
      setImmediate(next);
    },
  });
  const write = reader.write.bind(reader) as (chunk: unknown) => boolean;
  reader.write = ((chunk: unknown) => {
    calls.push(Buffer.from(chunk as Buffer).toString("utf8"));
    return write(chunk);
  }) as typeof reader.write;
  Object.assign(reader, { flush: () => calls.push("<flush>") });
  const done = new Promise<void>((resolve) => reader.on("finish", () => resolve()));
  return { reader, done, calls };
}

const longList = () => createElement("ul", null, Array.from({ length: 2_000 }, (_, i) => createElement("li", { key: i }, `Odds row ${i}`)));

describe("the streamed render", () => {
  it("flushes the reader when React has written all it has ready, not after every chunk", async () => {
    let arrive: (text: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => (arrive = resolve));
    const Late = () => createElement("p", null, use(late));
    const Page = () => createElement("main", null, longList(), createElement(Suspense, { fallback: createElement("p", null, "Loading prices") }, createElement(Late)));
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, routes: [{ path: "/", Component: Page }] });
    if (outcome.kind !== "html") throw new Error(`expected html, got ${outcome.kind}`);
    const sink = flushingReader();
    outcome.pipe(sink.reader);
    // The shell went out whole and was flushed, before the late part exists.
    await vi.waitFor(() => expect(sink.calls).toContain("<flush>"));
    const shell = sink.calls.slice(0, sink.calls.indexOf("<flush>")).join("");
    expect(shell).toContain("Odds row 1999");
    expect(shell).toContain("Loading prices");
    arrive("Late prices");
    await sink.done;
    const writes = sink.calls.filter((c) => c !== "<flush>");
    const flushes = sink.calls.length - writes.length;
    expect(writes.length).toBeGreaterThan(4);
    // The shell's pass and the late part's pass: one flush each (the end flushes itself).
    expect(flushes).toBe(2);
    const lastFlush = sink.calls.lastIndexOf("<flush>");
    expect(sink.calls.slice(0, lastFlush).join("")).toContain("Late prices");
  });

  it("owes React's flush to a reader that was full, and pays it after the last waiting chunk", async () => {
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, routes: [{ path: "/", Component: longList }] });
    if (outcome.kind !== "html") throw new Error(`expected html, got ${outcome.kind}`);
    const sink = flushingReader(64);
    outcome.pipe(sink.reader);
    await sink.done;
    const first = sink.calls.indexOf("<flush>");
    expect(first).toBeGreaterThan(0);
    expect(sink.calls.slice(0, first).join("")).toContain("Odds row 1999");
  });

  it("waits for the reader to drain before writing more", async () => {
    const outcome = await renderRoute({ url: "http://localhost/", context, assets, waitForAll: false, routes: [{ path: "/", Component: longList }] });
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
});
