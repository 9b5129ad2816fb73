import { describe, expect, it } from "vitest";
import { MAX_BODY_DEPTH } from "#shared/validation.ts";
import { bodyOffence } from "./input-guards.ts";

/** `levels` arrays inside each other, built without recursion. */
function nested(levels: number, innermost: unknown = 1): unknown {
  let value = innermost;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe("bodyOffence", () => {
  it("accepts the contract's flat bodies and anything up to the depth limit", () => {
    expect(bodyOffence({ username: "ada", password: "a password", country: 1 })).toBeNull();
    expect(bodyOffence({ message: "one\r\ntwo\tthree" })).toBeNull();
    expect(bodyOffence(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(bodyOffence(undefined)).toBeNull();
  });

  it("finds nesting one level past the limit, and 100,000 levels without overflowing the stack", () => {
    expect(bodyOffence(nested(MAX_BODY_DEPTH + 1))).toBe("too-deep");
    expect(bodyOffence(nested(100_000))).toBe("too-deep");
  });

  it("finds control characters and lone surrogates in values and keys at any depth", () => {
    expect(bodyOffence({ a: { b: ["ok", "nul\u0000"] } })).toBe("control-characters");
    expect(bodyOffence({ "key\u001b": "ok" })).toBe("control-characters");
    expect(bodyOffence({ a: "\u0085" })).toBe("control-characters");
    expect(bodyOffence({ a: ["\ud800"] })).toBe("broken-characters");
    expect(bodyOffence({ "\udc00": 1 })).toBe("broken-characters");
  });
});
