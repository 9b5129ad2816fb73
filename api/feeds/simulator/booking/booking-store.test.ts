import { describe, expect, it } from "vitest";
import type { BookmakerKey } from "../../types.ts";
import { BookingStore } from "./booking-store.ts";

/** Each book's code shape (docs/design.md, Booking endpoints): what the adapters' code patterns accept. */
const SHAPES: Array<{ book: BookmakerKey; shape: RegExp; count: number }> = [
  { book: "sportybet", shape: /^[A-Z0-9]{6}$/, count: 100 },
  { book: "bet9ja", shape: /^5[A-Z0-9]{6}$/, count: 100 },
  { book: "betking", shape: /^[A-Z0-9]{6}$/, count: 100 },
  // 34^5 codes: 50 a side keeps a chance meeting under 1 in 10,000.
  { book: "1xbet", shape: /^[A-Z0-9]{5}$/, count: 50 },
];

describe("simulator booking codes", () => {
  it("never gives one code at two simulator instances running the same seed", () => {
    const first = new BookingStore(7);
    const second = new BookingStore(7);
    for (const { book, shape, count } of SHAPES) {
      const mint = (store: BookingStore) => Array.from({ length: count }, (_, i) => store.create(book, [], i).code);
      const ours = mint(first);
      const theirs = new Set(mint(second));
      expect(ours.filter((code) => theirs.has(code)), book).toEqual([]);
      expect(new Set(ours).size, book).toBe(count);
      for (const code of [...ours, ...theirs]) expect(code, book).toMatch(shape);
    }
  });

  it("numbers each book's codes in minting order and finds them by code", () => {
    const store = new BookingStore(1);
    const minted = Array.from({ length: 3 }, (_, i) => store.create("sportybet", [], i));
    expect(minted.map((stored) => stored.number)).toEqual([1, 2, 3]);
    for (const stored of minted) expect(store.get("sportybet", stored.code)).toBe(stored);
    expect(store.get("bet9ja", minted[0]!.code)).toBeUndefined();
  });
});
