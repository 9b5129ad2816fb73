import type { JSX } from "react";
import { Link } from "react-router";
import { BenefitTiles } from "../../components/public/benefit-tiles.tsx";
import { LEAGUE_NAMES } from "../../components/bookmakers.ts";
import { CheckList } from "../../components/public/check-list.tsx";
import { InfoCard } from "../../components/public/info-card.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { openRegister } from "../../dialogs/store.ts";
import { DialogOpener } from "../../dialogs/dialog-opener.tsx";

export interface ComingSoonPageProps {
  /** "Kenya" or "Ghana". */
  country: string;
  /** "Kenyan" or "Ghanaian". */
  demonym: string;
  bookmakers: readonly string[];
}

const MARKETS = ["Match winner (1X2)", "Over/under goals", "Both teams to score", "Double chance"] as const;

/** The Kenya and Ghana pages (docs/product.md, Kenya and Ghana pages): same layout, each country's own bookmakers. */
export function ComingSoonPage({ country, demonym, bookmakers }: ComingSoonPageProps): JSX.Element {
  return (
    <div className="section container">
      <PageMeta
        title={`${country} Football Odds Comparison - Coming Soon`}
        description={`AfriOdds is coming to ${country}: free odds comparison for ${bookmakers.join(", ")}.`}
      />
      <h1 className="title is-3">
        {country} Odds Comparison <span className="tag is-warning is-medium">Coming Soon</span>
      </h1>
      <div className="notification is-info is-light">
        <p className="has-text-weight-semibold">We&apos;re getting {country} ready.</p>
        <p>
          Free odds comparison for {demonym} bettors is on its way. Until then, AfriOdds is live in Nigeria
          with odds from five bookmakers.
        </p>
      </div>

      <section className="mb-6">
        <h2 className="title is-4">What You&apos;ll Get When We Launch</h2>
        <BenefitTiles />
      </section>

      <section className="mb-6">
        <h2 className="title is-4">What We&apos;ll Cover in {country}</h2>
        <div className="grid">
          <InfoCard title="Bookmakers">
            <CheckList items={bookmakers} />
          </InfoCard>
          <InfoCard title="Leagues">
            <CheckList items={LEAGUE_NAMES} />
          </InfoCard>
          <InfoCard title="Markets">
            <CheckList items={MARKETS} />
          </InfoCard>
        </div>
      </section>

      <section className="cta-card" aria-labelledby="signup-title">
        <h2 id="signup-title" className="title is-4">
          Be Ready on Launch Day
        </h2>
        <p className="mb-4">
          Registration is free and takes a minute. Create your account today, compare Nigerian odds now, and
          you&apos;ll be set when {country} goes live.
        </p>
        <div className="buttons">
          <DialogOpener page="register" className="button is-primary" open={openRegister}>
            Sign Up Free
          </DialogOpener>
          <Link className="button is-light" to="/nigeria">
            See Nigerian Odds
          </Link>
        </div>
      </section>
    </div>
  );
}
