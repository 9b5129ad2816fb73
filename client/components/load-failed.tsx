import { useEffect, useRef, type JSX } from "react";
import { useRevalidator } from "react-router";
import { RetryButton } from "./retry-button.tsx";

/** The first automatic retry after a failed load, doubling each time up to the last (docs/product.md, Retry after a failed load). */
export const FIRST_AUTO_RETRY_MS = 5_000;
export const MAX_AUTO_RETRY_MS = 60_000;

/** How long before automatic retry number `attempt` (0 first). */
export function autoRetryDelay(attempt: number): number {
  return Math.min(MAX_AUTO_RETRY_MS, FIRST_AUTO_RETRY_MS * 2 ** attempt);
}

/**
 * A page's data failed to load (its message: docs/product.md, Messages per flow), with Retry: the
 * page's loader runs again (docs/product.md, Retry after a failed load). It also retries by itself,
 * after 5 s, then 10, 20, 40 and every 60 s, so a page left open through an outage recovers once
 * the API answers again.
 */
export function LoadFailed({ message }: { message: string }): JSX.Element {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    // Until the data answers: then the page shows it and this box, with its timer, is gone.
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = (attempt: number) => {
      timer = setTimeout(() => {
        void Promise.resolve(revalidate.current()).then(() => live && retry(attempt + 1));
      }, autoRetryDelay(attempt));
    };
    retry(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return (
    <div className="notification is-danger is-light" role="alert">
      <p>{message}</p>
      <p className="is-size-7 mt-1">We keep trying by ourselves.</p>
      <RetryButton onRetry={() => void revalidator.revalidate()} busy={revalidator.state === "loading"} />
    </div>
  );
}
