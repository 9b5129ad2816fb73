import type { JSX } from "react";
import { useLocation } from "react-router";
import { useAppRunning } from "../boot/use-app-running.ts";

/**
 * Asks again after a failed load (docs/product.md, Retry after a failed load): on a flaky phone link a
 * retry beats a reload. Without the app to ask again, it is a link to this page, which the server
 * renders again (docs/design.md, Pages without JavaScript).
 */
export function RetryButton({ onRetry, busy = false }: { onRetry(): void; busy?: boolean }): JSX.Element {
  const running = useAppRunning();
  const { pathname, search } = useLocation();
  if (!running) {
    return (
      <a className="button is-small mt-3" href={`${pathname}${search}`}>
        Retry
      </a>
    );
  }
  return (
    <button type="button" className={busy ? "button is-small is-loading mt-3" : "button is-small mt-3"} disabled={busy} onClick={onRetry}>
      Retry
    </button>
  );
}
