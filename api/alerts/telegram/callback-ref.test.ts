import { describe, expect, it } from "vitest";
import { checkMintRef, MINT_REF_TTL_MS, refKey, signMintRef } from "./callback-ref.ts";

const key = refKey("test-secret-that-is-long-enough-for-hs256-0123456789");
const NOW = Date.UTC(2026, 10, 24, 10);
const ref = { to: 1, from: 3, code: "3Q7XKD" };

describe("the mint button's signed reference", () => {
  it("fits Telegram's 64 bytes and reads back in the chat it was made for", () => {
    const data = signMintRef(key, "12345", ref, NOW);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(checkMintRef(key, "12345", data, NOW + MINT_REF_TTL_MS - 1000)).toEqual({ ok: true, ref });
  });

  it("is refused in another chat, tampered with, under another key, expired, or malformed", () => {
    const data = signMintRef(key, "12345", ref, NOW);
    expect(checkMintRef(key, "12346", data, NOW)).toEqual({ ok: false, reason: "forged" });
    expect(checkMintRef(key, "12345", data.replace("m:1:", "m:2:"), NOW)).toEqual({ ok: false, reason: "forged" });
    expect(checkMintRef(key, "12345", data.replace("3Q7XKD", "3Q7XKE"), NOW)).toEqual({ ok: false, reason: "forged" });
    expect(checkMintRef(refKey("another-secret-that-is-long-enough-0123456789"), "12345", data, NOW)).toEqual({ ok: false, reason: "forged" });
    expect(checkMintRef(key, "12345", data, NOW + MINT_REF_TTL_MS + 1000)).toEqual({ ok: false, reason: "expired" });
    for (const bad of ["", "m:1:3", "x".repeat(64), `${data}:extra`, data.slice(0, -1)]) expect(checkMintRef(key, "12345", bad, NOW)).toEqual({ ok: false, reason: "malformed" });
  });
});
