import type { JSX } from "react";
import { useRevalidator } from "react-router";
import { RetryButton } from "./retry-button.tsx";

/** A page's data failed to load (its message: docs/product.md, Messages per flow), with Retry: the page's loader runs again (docs/product.md, Retry after a failed load). */
export function LoadFailed({ message }: { message: string }): JSX.Element {
  const revalidator = useRevalidator();
  return (
    <div className="notification is-danger is-light" role="alert">
      <p>{message}</p>
      <RetryButton onRetry={() => void revalidator.revalidate()} busy={revalidator.state === "loading"} />
    </div>
  );
}
