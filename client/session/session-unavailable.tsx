import { useEffect, type JSX } from "react";
import { useLocation } from "react-router";
import { formatAgo, formatClockTime } from "#shared/format.ts";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { autoRetryDelay } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { DEFAULT_TIME_ZONE } from "../server-context.ts";
import { useOptionalRootData } from "./root-data.ts";

export const OUTAGE_TITLE = "AfriOdds can't reach its prices right now";

/**
 * Asks the web tier, after 5, 10, 20, 40 s and then every minute, whether the session can be
 * checked again; once it can, the page loads afresh, with its prices (docs/product.md, When prices stop).
 */
function useRetryUntilBack(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const attempt = (n: number) => {
      timer = setTimeout(() => {
        void fetch("/api/session", { cache: "no-store", headers: { accept: "application/json" } })
          .then((res) => res.status < 500)
          .catch(() => false)
          .then((back) => {
            if (!live) return;
            if (back) window.location.reload();
            else attempt(n + 1);
          });
      }, autoRetryDelay(n));
    };
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
}

/**
 * A protected page whose session could not be checked because the odds service is down
 * (docs/design.md, API outages; decision 011): said in the site's shell, with when we last reached
 * the prices. The user is not logged out: their cookies stay, and trying again later finds them
 * signed in. 'Try again' is a plain link, so it works before hydration too; the page also tries
 * by itself and reloads once the service answers.
 */
export function SessionUnavailable(): JSX.Element {
  const { pathname, search } = useLocation();
  const root = useOptionalRootData();
  useRetryUntilBack();
  const reached = root?.apiLastAnsweredAt ?? null;
  const now = root?.now ?? Date.now();
  return (
    <section className="section px-3">
      <PageMeta title="Prices unavailable" description={OUTAGE_TITLE} />
      <div className="container">
        <h1 className="title is-4">{OUTAGE_TITLE}</h1>
        <div className="notification is-warning" role="alert">
          <p className="has-text-weight-semibold">Service unavailable</p>
          <p>{UPSTREAM_UNAVAILABLE_MESSAGE}</p>
          {reached !== null && (
            <p>
              We last reached them at {formatClockTime(new Date(reached), root?.timeZone ?? DEFAULT_TIME_ZONE)} ({formatAgo(reached, now)}).
            </p>
          )}
          <p>You are still signed in. This page tries again by itself and opens as soon as the prices are back.</p>
        </div>
        <a className="button is-primary" href={`${pathname}${search}`}>
          Try again
        </a>
      </div>
    </section>
  );
}
