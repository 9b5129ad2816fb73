import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.ts";

describe("addressKey", () => {
  it("keeps an IPv4 address, and an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one, however it is written", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2:a:b:c:d%eth0"].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  it("keeps different /64s apart, and the loopback and short forms right", () => {
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(addressKey(undefined)).toBe("unknown");
  });

  it("reads a mapped IPv4 written in hex as that IPv4, and counts text that is no address as unknown", () => {
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
    for (const text of ["", "unknown", "203.0.113", "[::1]", "2001:db8::1::2"]) expect(addressKey(text), text).toBe("unknown");
  });
});
