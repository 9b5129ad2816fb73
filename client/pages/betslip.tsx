import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { BETSLIP_MAX_LEGS, type Betslip } from "#shared/contract.ts";
import { BookmakerTotals } from "../booking/bookmaker-totals.tsx";
import { BookOnlyNote } from "../betslip/book-only-note.tsx";
import { PriceGrid } from "../betslip/returns/price-grid.tsx";
import { RemoveStarted } from "../betslip/remove-started.tsx";
import { SlipLegs } from "../betslip/slip-legs.tsx";
import { learnLegNames, plainLeg, sameLeg, slipKey } from "../betslip/slip.ts";
import { StakeForm } from "../betslip/stake-form.tsx";
import { useBetslip } from "../betslip/store.ts";
import { useLiveSlip, type SlipReading } from "../betslip/sync/use-live-slip.ts";
import { PasteCode } from "../booking/paste-code.tsx";
import { SlipAlert } from "../alerts/alert-me.tsx";
import { DEFAULT_SLIP_SHARE } from "../alerts/alert-taps.ts";
import { LiteRefresh, useLitePage } from "../components/lite-refresh.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { FlashNotice } from "../components/page-form.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource } from "../loaders/page-data.ts";
import { settle } from "../loaders/served.ts";
import { RequireSession } from "../session/require-session.tsx";
import { useRootData } from "../session/root-data.ts";
import { BackToDashboard } from "../components/back-to-dashboard.tsx";

export const BETSLIP_LOAD_FAILED_MESSAGE = "Failed to load your betslip";
export const SLIP_FULL_NOTICE = `Your betslip is full: ${BETSLIP_MAX_LEGS} selections is the most. Remove one to add another.`;

/**
 * /betslip's data, on the server for the first HTML and in the browser for later visits and every
 * re-read (docs/design.md, One data path per screen). `asOf`: the betslip store's save count when the slip
 * was asked for (always 0 on the server, which never saves), so a reading older than a save is not taken
 * for the slip (client/betslip/sync/use-live-slip.ts).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<SlipReading | null> {
  const source = protectedSource(context);
  if (!source) return null;
  return deliver(context, { betslip: settle(source.betslip()), asOf: useBetslip.getState().revision });
}

function EmptySlip() {
  return (
    <div className="slip-empty">
      <p className="mb-2">
        <strong>Your betslip is empty.</strong>
      </p>
      <p className="mb-3">
        Tap a selection&apos;s heading (Home, Draw, Away, Over 2.5...) in any odds table to add it: on the dashboard&apos;s match cards or on a match page. One selection per match, up to {BETSLIP_MAX_LEGS}. Then this page shows which bookmaker pays the most for them all.
      </p>
      <Link className="button is-primary" to="/dashboard">
        Find matches on the dashboard
      </Link>
    </div>
  );
}

/**
 * The slip as read from the API, with the user's changes not yet re-read applied: a removed leg goes
 * at once, the stake shows as typed, and the totals say they are being updated until the next read.
 */
function SlipView({ view }: { view: Betslip }) {
  const root = useRootData();
  const ready = useBetslip((s) => s.status === "ready");
  const legs = useBetslip((s) => s.legs);
  const stake = useBetslip((s) => s.stake);
  // The answer names its legs beyond the eight: kept, so the page's notices name them too (as on the server, without JavaScript).
  learnLegNames(view.legs);
  const shown = ready ? view.legs.filter((leg) => legs.some((l) => sameLeg(l, leg))) : view.legs;
  const current = !ready || slipKey({ stake, legs }) === slipKey({ stake: view.stake, legs: view.legs.map(plainLeg) });
  if (shown.length === 0 && (current || legs.length === 0)) return <EmptySlip />;
  return (
    <>
      <p className="mb-3" role="status">
        {shown.length} of {BETSLIP_MAX_LEGS} selections
      </p>
      {shown.length >= BETSLIP_MAX_LEGS && <p className="notification is-warning is-light">{SLIP_FULL_NOTICE}</p>}
      <RemoveStarted legs={shown} />
      <SlipLegs legs={shown} now={root.now} timeZone={root.timeZone} />
      {shown.length > 0 && <PriceGrid legs={shown} />}
      <StakeForm stake={ready ? stake : view.stake} />
      <BookOnlyNote legs={shown} />
      <BookmakerTotals bookmakers={view.bookmakers} legs={view.legs} biddable={view.biddable} stake={view.stake} updating={!current} />
      {shown.length > 0 && <SlipAlert share={DEFAULT_SLIP_SHARE} />}
    </>
  );
}

function SlipBoard() {
  const reading = useLoaderData<typeof loader>();
  const served = useLiveSlip(reading);
  if (!reading) return null;
  if (!served) {
    return (
      <p className="has-text-centered py-5" role="status">
        Loading your betslip...
      </p>
    );
  }
  if (!served.ok) return <LoadFailed message={BETSLIP_LOAD_FAILED_MESSAGE} />;
  return <SlipView view={served.data} />;
}

/** What the page says of its prices: read again every 30 s by the app; on a lite page, when they were read and a Refresh link. */
function SlipIntro() {
  const lite = useLitePage();
  return (
    <>
      <p className={lite ? "mb-2" : "mb-4"}>
        Your selections compared across every bookmaker{lite ? "." : ": prices are read again every 30 seconds while this page is open."}
      </p>
      <LiteRefresh />
    </>
  );
}

/**
 * /betslip (docs/design.md, Betslip): the user's selections and what every bookmaker pays for them all,
 * with a booking code's selections a paste away and the slip as a code at the books that make them
 * (docs/design.md, Booking codes).
 */
export function BetslipPage() {
  return (
    <RequireSession>
      <PageMeta title="Betslip" description="Your selections, and which Nigerian bookmaker pays the most for the whole slip." />
      <section className="section px-3">
        <div className="container is-max-tablet">
          <p className="mb-3">
            <BackToDashboard />
          </p>
          <h1 className="title is-4 mb-2">Betslip</h1>
          <FlashNotice />
          <SlipIntro />
          <PasteCode />
          <SlipBoard />
        </div>
      </section>
    </RequireSession>
  );
}
