import { constants, createGunzip, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { liveFrame, streamEncoder } from "./stream-coding.ts";

const market = (seq: number) => liveFrame(`id: ${seq}\nevent: market\ndata: ${JSON.stringify({ id: `c1:${seq}`, home: "Arsenal", away: "Chelsea", markets: [{ marketId: 1, odds: [1, 2, 3, 4, 5].map((bookmakerId) => ({ bookmakerId, odds: [2.1, 3.3, 3.4] })) }] })}\n\n`);

describe("streamEncoder", () => {
  it("makes one valid gzip body of shared per-frame blocks, with CRC and length at the end", () => {
    const frames = [market(1), liveFrame(": hb\n\n"), market(2), liveFrame("id: 3\nevent: market\ndata: {\"home\":\"Atlético\"}\n\n")];
    const a = streamEncoder("gzip");
    const b = streamEncoder("gzip");
    const body = Buffer.concat([...frames.map((f) => Buffer.from(a.encode(f))), a.finish()!]);
    expect(gunzipSync(body).toString("utf8")).toBe(frames.map((f) => f.text).join(""));
    // The second response reuses each frame's bytes: only the gzip header is its own.
    const second = Buffer.from(b.encode(frames[0]!));
    expect(second.subarray(10)).toEqual(frames[0]!.deflated);
  });

  it("lets a reader decode each frame as soon as it arrives, before the body ends", async () => {
    const encoder = streamEncoder("gzip");
    const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
    const seen: string[] = [];
    gunzip.on("data", (chunk: Buffer) => seen.push(chunk.toString("utf8")));
    const first = market(7);
    gunzip.write(encoder.encode(first));
    // The body is still open: the frame decodes from what was sent so far, or never.
    await vi.waitFor(() => expect(seen.join("")).toBe(first.text), { timeout: 5_000 });
  });

  it("compresses a market frame to well under half its size, and closes an empty body validly", () => {
    const frame = market(9);
    streamEncoder("gzip").encode(frame);
    expect(frame.deflated!.length).toBeLessThan(frame.text.length / 2);
    expect(gunzipSync(streamEncoder("gzip").finish()!).length).toBe(0);
  });

  it("sends the text itself to a browser that takes no gzip", () => {
    const identity = streamEncoder("identity");
    expect(identity.encode(liveFrame("abc"))).toBe("abc");
    expect(identity.finish()).toBeUndefined();
  });
});
