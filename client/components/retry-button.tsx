import type { JSX } from "react";

/** Asks again after a failed load (docs/product.md, Retry after a failed load): on a flaky phone link a retry beats a reload. */
export function RetryButton({ onRetry, busy = false }: { onRetry(): void; busy?: boolean }): JSX.Element {
  return (
    <button type="button" className={busy ? "button is-small is-loading mt-3" : "button is-small mt-3"} disabled={busy} onClick={onRetry}>
      Retry
    </button>
  );
}
