import { describe, it, expect } from "vitest";
import { fnv1a32, oddsChecksum } from "./checksum.ts";

/** Independent reference: BigInt arithmetic and a hand-written UTF-8 encoder. */
function referenceFnv1a32(text: string): string {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
  }
  let hash = 2166136261n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 16777619n) % 2n ** 32n;
  return hash.toString(16).padStart(8, "0");
}

describe("fnv1a32", () => {
  it("matches the published FNV-1a 32-bit vectors", () => {
    expect(fnv1a32("")).toBe("811c9dc5");
    expect(fnv1a32("a")).toBe("e40c292c");
    expect(fnv1a32("foobar")).toBe("bf9cf968");
  });

  it("hashes the UTF-8 bytes of non-ASCII text, not UTF-16 code units", () => {
    expect(fnv1a32("naïve €")).toBe("f832af87");
    expect(fnv1a32("naïve €")).toBe(referenceFnv1a32("naïve €"));
    // Two-, three- and four-byte sequences, the last a surrogate pair in UTF-16.
    for (const text of ["é", "Ọ̀yọ́", "₦500", "⚽", "😀 goal"])
      expect(fnv1a32(text)).toBe(referenceFnv1a32(text));
  });

  it("zero-pads hashes to eight lowercase hex digits", () => {
    expect(referenceFnv1a32("k2225")).toBe("006da193");
    expect(fnv1a32("k2225")).toBe("006da193");
    expect(fnv1a32("k120")).toBe("0493fd3b");
  });

  it("agrees with the reference on many varied inputs", () => {
    for (let i = 0; i < 200; i++) {
      const text = `ak-${i}:${i % 4}&${(i * 7) % 5}&${i % 9}${"x".repeat(i % 13)}`;
      expect(fnv1a32(text)).toMatch(/^[0-9a-f]{8}$/);
      expect(fnv1a32(text)).toBe(referenceFnv1a32(text));
    }
  });
});

describe("oddsChecksum", () => {
  it("hashes `${ak}:${country}&${competition}&${market}`", () => {
    const k = oddsChecksum("abc123", { country: 1, competition: 2, market: 4 });
    expect(k).toBe(fnv1a32("abc123:1&2&4"));
    expect(k).toBe("9ec4d6de");
  });

  it("gives the same checksum for query values sent as text", () => {
    expect(oddsChecksum("abc123", { country: "1", competition: "2", market: "4" })).toBe("9ec4d6de");
  });

  it("changes when the key or any query value changes", () => {
    const base = oddsChecksum("abc123", { country: 1, competition: 2, market: 4 });
    expect(oddsChecksum("abc124", { country: 1, competition: 2, market: 4 })).not.toBe(base);
    expect(oddsChecksum("abc123", { country: 1, competition: 4, market: 2 })).not.toBe(base);
    expect(oddsChecksum("abc123", { country: 1, competition: 2, market: 5 })).not.toBe(base);
  });
});
