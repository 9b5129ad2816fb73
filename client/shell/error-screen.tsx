import { useEffect, useRef, type JSX } from "react";
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from "react-router";
import { api } from "../backend/endpoints.ts";
import { NotFoundContent } from "../components/not-found-content.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { Frame } from "./layout.tsx";

const MAX_MESSAGE_LENGTH = 500;

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * The root error boundary (docs/product.md, Error screen), inside the shell's frame so the
 * top bar stays (a failure of the frame itself would fall to React Router's own screen). Each
 * error is reported once (docs/product.md, Messages per flow).
 */
export function ErrorScreen(): JSX.Element {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reported = useRef<unknown>(undefined);

  useEffect(() => {
    if (notFound || reported.current === error) return;
    reported.current = error;
    api.track({
      name: "critical_error",
      message: describe(error).slice(0, MAX_MESSAGE_LENGTH),
      path: location.pathname,
    });
  }, [error, notFound, location.pathname]);

  if (notFound) {
    return (
      <Frame>
        <PageMeta title="Page Not Found" description="This page does not exist on AfriOdds." />
        <NotFoundContent />
      </Frame>
    );
  }

  // Navigating to the same place gives the router a new location, which resets the boundary and re-runs loaders.
  const tryAgain = () =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true },
    );

  return (
    <Frame mainClassName="section has-text-centered">
      <PageMeta title="Something Went Wrong" description="This page hit a problem." />
      <h1 className="title">Something went wrong!</h1>
      <p className="mb-5">Sorry, this page hit a problem. Please try again, or refresh the page.</p>
      <div className="buttons is-centered">
        <button type="button" className="button is-primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <button type="button" className="button" onClick={() => void tryAgain()}>
          Try Again
        </button>
      </div>
    </Frame>
  );
}
