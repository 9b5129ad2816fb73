import { describe, expect, it } from "vitest";
import { HEARTBEAT, sseFrame, sseReader, type SseFrame } from "./frame.ts";

const read = (text: string, chunkSize = text.length): SseFrame[] => {
  const frames: SseFrame[] = [];
  const feed = sseReader((f) => frames.push(f));
  for (let i = 0; i < text.length; i += chunkSize) feed(text.slice(i, i + chunkSize));
  return frames;
};

describe("sseFrame and sseReader", () => {
  it("write id, event, route and data lines that read back as the same frames, however the stream is split", () => {
    const frames: SseFrame[] = [
      { id: "7", event: "market", route: "1:7:evt:a b", data: '{"id":"a: b"}' },
      { id: "8", event: "reset", data: '{"seq":8}' },
      { event: "status", data: '{"live":true}' },
    ];
    const text = HEARTBEAT + frames.map(sseFrame).join(HEARTBEAT);
    expect(sseFrame(frames[0]!)).toBe('id: 7\nevent: market\nroute: 1:7:evt:a b\ndata: {"id":"a: b"}\n\n');
    for (const size of [text.length, 1, 3, 11]) expect(read(text, size)).toEqual(frames);
  });

  it("reads CRLF line ends and writes a data of several lines as several data lines", () => {
    expect(read('id: 8\r\nevent: reset\r\ndata: {"seq":8}\r\n\r\n')).toEqual([{ id: "8", event: "reset", data: '{"seq":8}' }]);
    const text = sseFrame({ event: "note", data: "one\ntwo" });
    expect(text).toBe("event: note\ndata: one\ndata: two\n\n");
    expect(read(text)).toEqual([{ event: "note", data: "one\ntwo" }]);
  });

  it("gives a route only to the frame that carried it", () => {
    const text = sseFrame({ id: "1", event: "market", route: "1:1:x", data: "{}" }) + sseFrame({ id: "2", event: "market", data: "{}" });
    expect(read(text).map((f) => f.route)).toEqual(["1:1:x", undefined]);
  });
});
