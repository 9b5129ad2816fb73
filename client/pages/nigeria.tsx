import type { JSX } from "react";
import { LEAGUES, NIGERIA_BOOKMAKERS } from "../components/bookmakers.ts";
import { CheckList } from "../components/check-list.tsx";
import { InfoCard } from "../components/info-card.tsx";
import { OddsPreview } from "../components/odds-preview.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { openRegister } from "../dialogs/store.ts";

const MARKETS = ["Match winner (1X2)", "Over/under goals", "Both teams to score", "Correct score"] as const;

export function NigeriaPage(): JSX.Element {
  return (
    <div className="section container px-3">
      <PageMeta
        title="Nigerian Football Odds Comparison"
        description="Compare Bet9ja, SportyBet, BetKing and NairaBet odds for the Premier League, La Liga, Serie A and Bundesliga. Free."
      />
      <h1 className="title is-3">Nigerian Football Odds Comparison</h1>
      <p className="subtitle is-6">
        Bet9ja, SportyBet, BetKing and NairaBet on one page. Spot the best price before you stake, free.
      </p>

      <OddsPreview />

      <section className="cta-card" aria-labelledby="cta-title">
        <h2 id="cta-title" className="title is-4">
          Ready to Access All Nigerian Betting Odds?
        </h2>
        <CheckList items={["Frequently Updated", "Compare Multiple Bookmakers", "Maximize Winnings"]} />
        <button type="button" className="button is-primary is-medium mt-4" onClick={openRegister}>
          Get Started Free
        </button>
      </section>

      <h2 className="title is-4">Odds Comparison in Nigeria</h2>
      <div className="grid">
        <InfoCard title="Nigerian Bookmakers">
          <CheckList items={NIGERIA_BOOKMAKERS} />
        </InfoCard>
        <InfoCard title="Top Leagues">
          <CheckList items={LEAGUES} />
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
