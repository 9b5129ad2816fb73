import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors.ts";
import { parsePushEndpoint, parsePushSubscription } from "./request.ts";

function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? `${error.code}: ${error.message}` : String(error);
  }
  return "accepted";
};

describe("a push subscription's body", () => {
  const keys = browserKeys();

  it("takes PushSubscription.toJSON() as a browser gives it, keys unpadded", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc:def";
    expect(parsePushSubscription({ endpoint, expirationTime: null, keys }, true)).toEqual({ endpoint, ...keys });
    expect(parsePushSubscription({ endpoint, keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` } }, true)).toEqual({ endpoint, ...keys });
  });

  it("in production, takes only https push services at a named host", () => {
    for (const endpoint of ["http://push.example.com/1", "http://127.0.0.1:9000/push/1", "https://localhost/push/1", "https://10.0.0.7/push/1", "https://[::1]/push/1", "https://user:pw@push.example.com/1", "javascript:alert(1)"]) {
      expect(refusal(() => parsePushSubscription({ endpoint, keys }, true)), endpoint).toMatch(/^VALIDATION_ERROR: endpoint/);
    }
  });

  it("outside production, also takes a loopback push service over http (the tests' stand-in)", () => {
    for (const endpoint of ["http://127.0.0.1:9000/push/1", "http://localhost:9000/push/1", "http://[::1]:9000/push/1"]) {
      expect(refusal(() => parsePushSubscription({ endpoint, keys }, false)), endpoint).toBe("accepted");
    }
    expect(refusal(() => parsePushSubscription({ endpoint: "http://push.example.com/1", keys }, false))).toMatch(/endpoint/);
    expect(refusal(() => parsePushSubscription({ endpoint: "http://10.0.0.7/1", keys }, false))).toMatch(/endpoint/);
  });

  it("refuses keys that are not RFC 8291's: a P-256 point of 65 bytes, a 16-byte secret", () => {
    const endpoint = "https://push.example.com/1";
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 7)]).toString("base64url");
    for (const p256dh of [notOnCurve, compressed, keys.p256dh.slice(2), "a+b/c", ""]) expect(refusal(() => parsePushSubscription({ endpoint, keys: { ...keys, p256dh } }, true))).toMatch(/p256dh/);
    for (const auth of [randomBytes(15).toString("base64url"), randomBytes(32).toString("base64url"), "a+b/"]) expect(refusal(() => parsePushSubscription({ endpoint, keys: { ...keys, auth } }, true))).toMatch(/auth/);
  });

  it("removal takes an endpoint and nothing else", () => {
    expect(parsePushEndpoint({ endpoint: "https://push.example.com/1" })).toBe("https://push.example.com/1");
    expect(refusal(() => parsePushEndpoint({ endpoint: "https://push.example.com/1", keys }))).toMatch(/unknown field: keys/);
    expect(refusal(() => parsePushEndpoint({ endpoint: "x".repeat(1_001) }))).toMatch(/endpoint/);
  });
});
