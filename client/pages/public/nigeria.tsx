import type { JSX } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID, PREVIEW_MAX_EVENTS } from "#shared/constants.ts";
import { LEAGUE_NAMES, NIGERIA_BOOKMAKERS } from "../../components/bookmakers.ts";
import { CheckList } from "../../components/public/check-list.tsx";
import { InfoCard } from "../../components/public/info-card.tsx";
import { OddsPreview } from "../../odds/odds-preview.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { SignUpButton } from "../../dialogs/sign-up-button.tsx";
import type { PreviewClock, PreviewState } from "../../components/use-preview-odds.ts";
import { serverContext } from "../../server-context.ts";
import { useCurrentUser } from "../../session/require-session.tsx";

/** The markets the product compares (shared/reference.ts), in plain words. */
const MARKETS = ["Match winner (1X2)", "Over/Under 0.5 to 3.5 goals", "Both teams to score (GG/NG)", "Double chance (1X, 12, X2)"] as const;

export interface NigeriaData {
  /** The preview as the first HTML holds it (the prerendered page, regenerated when the odds change), or null: fetch it. */
  preview: PreviewState | null;
  /** The clock and zone the first HTML's kick-offs were printed with, so hydration prints the same. */
  renderedWith?: PreviewClock;
}

/**
 * The preview's odds go into the first HTML (docs/product.md, Preview odds in the first HTML): the web tier
 * re-renders the prerendered page when the sample changes (server/render/preview-page.ts), its data source
 * then holding the sample. In the browser (a later navigation) the preview is fetched as before.
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<NigeriaData> {
  const server = serverContext(context);
  if (!server) return { preview: null };
  try {
    const sample = await server.data.sample(LIVE_COUNTRY_ID);
    return { preview: { status: "ready", events: (sample.events ?? []).slice(0, PREVIEW_MAX_EVENTS) }, renderedWith: { now: server.now, timeZone: server.timeZone } };
  } catch {
    return { preview: null };
  }
}

/** A signed-in user sees no visitor preview and no sign-up offer, but the way to the full odds. */
function MemberShortcut(): JSX.Element {
  return (
    <section className="box preview-box" aria-labelledby="member-title">
      <h2 id="member-title" className="title is-4 mb-2">
        Your Odds Are Ready
      </h2>
      <p className="mb-3">You are logged in: every match, market and bookmaker is on your dashboard.</p>
      <Link className="button is-primary" to="/dashboard">
        Go to My Dashboard
      </Link>
    </section>
  );
}

export function NigeriaPage(): JSX.Element {
  const { user } = useCurrentUser();
  // Undefined where a page hydrates without its data (client/boot/public-app.tsx hands it over when it has it).
  const data: NigeriaData | undefined = useLoaderData<typeof loader>();
  return (
    <div className="section container odds-section">
      <PageMeta
        title="Nigerian Football Odds Comparison"
        description="Compare Bet9ja, SportyBet, BetKing, NairaBet and 1xBet odds for every football match, from the Premier League to the Champions League. Free."
      />
      <h1 className="title is-3">Nigerian Football Odds Comparison</h1>
      <p className="subtitle is-6">
        Bet9ja, SportyBet, BetKing, NairaBet and 1xBet on one page. Spot the best price before you stake, free.
      </p>

      {user ? <MemberShortcut /> : <OddsPreview initial={data?.preview ?? null} renderedWith={data?.renderedWith} />}

      <section className="cta-card" aria-labelledby="cta-title">
        <h2 id="cta-title" className="title is-4">
          Ready to Access All Nigerian Betting Odds?
        </h2>
        <CheckList items={["Frequently Updated", "Compare Multiple Bookmakers", "Maximize Winnings"]} />
        <SignUpButton className="button is-primary is-medium mt-4">Get Started Free</SignUpButton>
      </section>

      <h2 className="title is-4">Odds Comparison in Nigeria</h2>
      <div className="grid">
        <InfoCard title="Nigerian Bookmakers">
          <CheckList items={NIGERIA_BOOKMAKERS} />
        </InfoCard>
        <InfoCard title="Top Leagues">
          <CheckList items={LEAGUE_NAMES} />
        </InfoCard>
        <InfoCard title="Popular Markets">
          <CheckList items={MARKETS} />
        </InfoCard>
        <InfoCard title="Why Compare Odds?">
          <p>
            Bookmakers price the same match differently. Taking the best price on every bet means more money
            back on every win, and over a season that adds up.
          </p>
        </InfoCard>
      </div>
    </div>
  );
}
