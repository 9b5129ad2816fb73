import { MIN_LOADING_MS } from "#shared/constants.ts";

/** The floor in force: MIN_LOADING_MS, except where a test sets another. */
let floorMs: number = MIN_LOADING_MS;

/**
 * For component tests that do not read the loading state: 300 ms a call is most of the client
 * tests' time (docs/conventions.md, Tests: cheap where the cost is not the subject).
 */
export function setLoadingFloor(ms: number): void {
  floorMs = ms;
}

/**
 * docs/product.md, States and transitions: every call keeps its loading indicator visible for at
 * least 300 ms, so a fast answer does not flash. Settles like `work`, never sooner than `minMs`
 * after the start.
 */
export async function withMinimumDelay<T>(work: Promise<T>, minMs = floorMs, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  const started = Date.now();
  try {
    return await work;
  } finally {
    const left = minMs - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}
