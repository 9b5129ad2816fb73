/** The lane is full: the caller answers "busy, try again" instead of queueing without bound. */
export class LaneFullError extends Error {
  constructor() {
    super("hashing lane full");
  }
}

export interface LaneOptions {
  /** How many jobs run at once. */
  concurrency: number;
  /** How many more may wait for a turn; the next one is refused with LaneFullError. */
  queue: number;
}

/**
 * A bounded lane for new password hashes (registration, password reset). scrypt runs on libuv's
 * thread pool (4 threads by default) and takes ~0.1-0.3 s of a core each: a registration flood
 * that hashed freely filled the pool and the CPU, and a real user's login waited behind it
 * (p90 0.3 s -> 3.3 s). Logins verify outside this lane, so the rest of the pool is theirs
 * (docs/design.md, Usernames, e-mails and passwords; docs/decisions/009-registration-limits.md).
 */
export function hashingLane(options: LaneOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];

  /** Hands the finished job's turn to the next waiter, or frees it. */
  function finish() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) running += 1;
      else if (waiting.length < options.queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new LaneFullError();
      try {
        return await job();
      } finally {
        finish();
      }
    },
    /** Jobs running and waiting now (for tests and metrics). */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type HashingLane = ReturnType<typeof hashingLane>;
