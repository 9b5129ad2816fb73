import { MIN_LOADING_MS } from "#shared/constants.ts";

/**
 * docs/product.md, Authentication flow: every call keeps its loading indicator visible for at least 300 ms,
 * so a fast answer does not flash. Settles like `work`, never sooner than `minMs` after the start.
 */
export async function withMinimumDelay<T>(work: Promise<T>, minMs = MIN_LOADING_MS, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  const started = Date.now();
  try {
    return await work;
  } finally {
    const left = minMs - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}
