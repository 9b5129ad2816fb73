/** Mulberry32: a small seeded PRNG, so a fuzz run is the same run every time for one seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    /** `count` distinct items, in a seeded order. */
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** Strings an attacker types into any field; the first four go into every field, the rest are sampled. */
export const HOSTILE_STRINGS: readonly [string, string][] = [
  ["NUL byte", "fuzz\u0000user"],
  ["control characters", "a\u0001\u0007\u001b[31m\u007f\u0085b"],
  ["lone surrogates", "\ud800x\udfff"],
  ["10 KB string", "x".repeat(10_240)],
  ["CRLF header injection", "x\r\nSet-Cookie: a=b"],
  ["unicode (RTL, emoji, combining, BOM)", "Z\u0334\u0308a\u0142go \ud83c\uddf3\ud83c\uddec \u0645\u0631\u062d\u0628\u0627 \u202eRTL \ufeff"],
  ["SQL meta", "' OR '1'='1'; DROP TABLE users; --"],
  ["HTML meta", "<script>alert(1)</script><img src=x onerror=alert(1)>"],
  ["empty", ""],
  ["whitespace only", " \t  "],
  ["address list", "x1,victim@example.test"],
  ["format and template meta", "%s%n%x{{7*7}}${jndi:ldap://x}"],
  ["number-like", "1e309"],
  ["prototype keys", "__proto__"],
];

/** Values of the wrong JSON type for any field, by kind: every kind goes into every field. */
export const WRONG_TYPES: readonly [string, unknown[]][] = [
  ["number", [42, 1e308, -1.5]],
  ["array", [[], ["a", "b"]]],
  ["object", [{}, { $ne: null, $gt: "" }]],
  ["null", [null]],
  ["boolean", [true, false]],
];

/** One value of each wrong type, the variant chosen by `random`. */
export function wrongTypes(random: Random): [string, unknown][] {
  return WRONG_TYPES.map(([kind, values]) => {
    const value = random.pick(values);
    return [`${kind} ${JSON.stringify(value)}`, value];
  });
}

/** A random string mixing ASCII, control characters, lone surrogates and astral code points. */
export function randomString(random: Random): string {
  const length = 1 + random.int(48);
  let out = "";
  for (let i = 0; i < length; i += 1) {
    const kind = random.int(5);
    if (kind === 0) out += String.fromCharCode(random.int(0x20));
    else if (kind === 1) out += String.fromCharCode(0xd800 + random.int(0x800));
    else if (kind === 2) out += String.fromCodePoint(0x10000 + random.int(0xfffff));
    else if (kind === 3) out += String.fromCharCode(0x80 + random.int(0x780));
    else out += String.fromCharCode(0x20 + random.int(0x5f));
  }
  return out;
}

/** JSON nested `depth` levels deep, as text (JSON.stringify of such a value would overflow the stack itself). */
export function deeplyNested(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}
