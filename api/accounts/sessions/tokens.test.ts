import { describe, expect, it } from "vitest";
import { accessTokens } from "./tokens.ts";

const SECRET = "tokens-test-secret-tokens-test-secret-01";

describe("access tokens", () => {
  it("verifies a token it signed, and again from memory with the same claims", async () => {
    const tokens = accessTokens(SECRET, () => Date.parse("2026-11-23T12:00:00Z"));
    const token = await tokens.sign({ sub: "u1", ak: "ak1", sid: "s1" });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: "u1", ak: "ak1", sid: "s1" });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it("refuses a remembered token once it has expired", async () => {
    let now = Date.parse("2026-11-23T12:00:00Z");
    const tokens = accessTokens(SECRET, () => now);
    const token = await tokens.sign({ sub: "u1", ak: "ak1", sid: "s1" });
    const claims = await tokens.verify(token);
    expect(claims).not.toBeNull();
    now = claims!.exp * 1000;
    expect(await tokens.verify(token)).toBeNull();
    now -= 1000;
    // Forgotten once refused: a clock that goes back checks the signature again, and it is good.
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it("refuses a token signed with another secret or altered, however often it is presented", async () => {
    const clock = () => Date.parse("2026-11-23T12:00:00Z");
    const other = await accessTokens("another-secret-another-secret-another-0", clock).sign({ sub: "u1", ak: "ak1", sid: "s1" });
    const tokens = accessTokens(SECRET, clock);
    const good = await tokens.sign({ sub: "u1", ak: "ak1", sid: "s1" });
    const [header, , signature] = good.split(".");
    const altered = `${header}.${Buffer.from(JSON.stringify({ sub: "admin", ak: "ak1", sid: "s1", typ: "access", exp: 9_999_999_999 })).toString("base64url")}.${signature}`;
    for (let i = 0; i < 2; i += 1) {
      expect(await tokens.verify(other)).toBeNull();
      expect(await tokens.verify(altered)).toBeNull();
    }
    expect(await tokens.verify(good)).not.toBeNull();
  });
});
