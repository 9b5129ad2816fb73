import { useCallback, useRef, useState } from "react";
import { withMinimumDelay } from "../../loaders/min-delay.ts";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * One call a dialog runs on submit. `running` drives the disabled, loading submit button, which
 * stays up at least 300 ms (docs/product.md, Authentication flow) because every call goes through
 * withMinimumDelay. A second `run` while one is under way (Enter pressed twice) is ignored and
 * answers null.
 */
export function useAsyncAction() {
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const run = useCallback(async <T>(call: () => Promise<T>): Promise<Outcome<T> | null> => {
    if (busy.current) return null;
    busy.current = true;
    setRunning(true);
    try {
      return { ok: true, value: await withMinimumDelay(call()) };
    } catch (error) {
      return { ok: false, error };
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);

  return { running, run };
}
