/**
 * Stateless randomness: every draw is a hash of (seed, what it is for, time bucket), so any
 * instant can be priced without replaying history and the same inputs always give the same
 * payload. mulberry32 covers the few places that need a sequence (shuffles).
 */

export type HashPart = string | number;

/** FNV-1a over the parts, finished with murmur3's fmix32 so nearby inputs land far apart. */
export function hash32(...parts: HashPart[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // A separator keeps ("ab", "c") and ("a", "bc") apart.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1). */
export function unit(...parts: HashPart[]): number {
  return hash32(...parts) / 4294967296;
}

/** Uniform in [-1, 1). */
export function signedUnit(...parts: HashPart[]): number {
  return unit(...parts) * 2 - 1;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}
