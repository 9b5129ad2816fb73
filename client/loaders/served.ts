/**
 * One call the server made for the first HTML, and whether it worked. A failure is data, not a
 * thrown error: the page shows the spec's message for that call ('Failed to load summary data',
 * 'Failed to load odds data') instead of the root error screen.
 */
export type Served<T> = { ok: true; data: T } | { ok: false };

export function settle<T>(call: Promise<T>): Promise<Served<T>> {
  return call.then(
    (data): Served<T> => ({ ok: true, data }),
    (): Served<T> => ({ ok: false }),
  );
}
