/**
 * The recent frames a replica keeps so a reconnecting stream resumes where it was (docs/design.md,
 * The API's stream): every change after `floor` is held, older ones are gone. Until it is given a
 * position (the database's, or the upstream's first `ready`) it resumes nobody.
 */
export function frameRing<Entry extends { seq: number }>(capacity: number) {
  let entries: Entry[] = [];
  let floor: number | undefined;
  let latest = 0;
  return {
    /** The sequence streams start from, or undefined before a position was given. */
    latest: (): number | undefined => (floor === undefined ? undefined : latest),
    /** Empties the ring at `seq`: nothing from before it can be resumed here. */
    startAt(seq: number) {
      entries = [];
      floor = latest = seq;
    },
    /** Keeps a new entry; the oldest go past `capacity`. */
    push(entry: Entry) {
      entries.push(entry);
      if (entries.length > capacity) {
        const gone = entries.splice(0, entries.length - capacity);
        floor = gone.at(-1)!.seq;
      }
      latest = Math.max(latest, entry.seq);
    },
    /** A change seen but not kept (superseded in its batch) still moves the position. */
    advanceTo(seq: number) {
      latest = Math.max(latest, seq);
    },
    /** Entries after `seq` to resume a stream, or null when they are no longer all here. */
    since(seq: number): Entry[] | null {
      if (floor === undefined || seq < floor) return null;
      return entries.filter((entry) => entry.seq > seq);
    },
  };
}

export type FrameRing<Entry extends { seq: number }> = ReturnType<typeof frameRing<Entry>>;
