import { useCallback, useEffect, useState } from "react";

/**
 * Whole seconds left of a cooldown. Counted from a deadline rather than by decrementing, so a
 * phone that throttles timers in a background tab still shows the true time when it wakes.
 * `initialSeconds` starts one running from the first render.
 */
export function useCountdown(initialSeconds = 0) {
  const [now, setNow] = useState(() => Date.now());
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  }, []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}
