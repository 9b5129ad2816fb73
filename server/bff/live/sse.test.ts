import { describe, expect, it } from "vitest";
import { sseParser, type SseFrame } from "./sse.ts";

describe("sseParser", () => {
  it("gives the same frames however the stream is split into chunks, skipping comments", () => {
    const text = ": hb\n\nid: 7\nevent: market\ndata: {\"id\":\"a: b\"}\n\nid: 8\r\nevent: reset\r\ndata: {\"seq\":8}\r\n\r\n";
    const whole: SseFrame[] = [];
    sseParser((f) => whole.push(f))(text);
    expect(whole).toEqual([
      { id: "7", event: "market", data: '{"id":"a: b"}' },
      { id: "8", event: "reset", data: '{"seq":8}' },
    ]);
    for (const size of [1, 3, 11]) {
      const split: SseFrame[] = [];
      const parse = sseParser((f) => split.push(f));
      for (let i = 0; i < text.length; i += size) parse(text.slice(i, i + size));
      expect(split).toEqual(whole);
    }
  });
});
