import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Scroll positions by history entry (React Router's location key), for this tab's life. */
const positions = new Map<string, number>();
const KEPT = 50;
/** How long a restore waits for a page whose data arrives after it renders. */
const RESTORE_FOR_MS = 1500;

/** Scrolls to `y` once the page is tall enough, giving up after a while or when the user scrolls. */
function restore(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const kind of ["wheel", "touchstart", "keydown"] as const) window.removeEventListener(kind, stop);
  };
  const step = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const kind of ["wheel", "touchstart", "keydown"] as const) window.addEventListener(kind, stop, { passive: true });
  step();
  return stop;
}

/**
 * Back and forward return to where the page was left; a new navigation to another page starts at
 * the top (docs/product.md, Back keeps your place). A change of query alone (a filter) keeps the place.
 */
export function useScrollMemory(): void {
  const { key, pathname } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    const remember = () => {
      positions.delete(key);
      positions.set(key, window.scrollY);
      if (positions.size > KEPT) positions.delete(positions.keys().next().value!);
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [key]);

  useEffect(() => {
    if (type !== "POP") return;
    const saved = positions.get(key);
    return saved === undefined ? undefined : restore(saved);
  }, [key, type]);

  // Only a new page (pathname, not the query) starts at the top; `type` is read as it is then.
  useEffect(() => {
    if (type !== "POP") window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new pathname decides; `type` is read as it is then
  }, [pathname]);
}
