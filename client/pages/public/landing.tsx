import type { JSX } from "react";
import { Link } from "react-router";
import { BenefitTiles } from "../../components/public/benefit-tiles.tsx";
import { GHANA_BOOKMAKERS, KENYA_BOOKMAKERS, NIGERIA_BOOKMAKERS } from "../../components/bookmakers.ts";
import { CountryCard } from "../../components/public/country-card.tsx";
import { BulbIcon, ClockIcon, CoinsIcon } from "../../components/icons.tsx";
import { InfoCard } from "../../components/public/info-card.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { SignUpButton } from "../../dialogs/sign-up-button.tsx";

/** The landing page's lead: what AfriOdds is, a sign-up for visitors and the way to Nigerian odds. */
function Hero(): JSX.Element {
  return (
    <section className="hero is-primary">
      <div className="hero-body container">
        <h1 className="title is-3">Compare Football Odds Across African Bookmakers</h1>
        <p className="subtitle is-6 mt-2">
          Find the best price for every match the books list, from the Premier League and the Champions League
          to the NPFL, in seconds. Free, fast and made for your phone.
        </p>
        <div className="buttons">
          <SignUpButton className="button is-warning">Sign Up Free</SignUpButton>
          <Link className="button is-light" to="/nigeria">
            See Nigerian Odds
          </Link>
        </div>
      </div>
    </section>
  );
}

export function LandingPage(): JSX.Element {
  return (
    <>
      <PageMeta
        title="Compare Football Odds Across African Bookmakers"
        description="Free football odds comparison for Nigerian bettors: Bet9ja, SportyBet, BetKing, NairaBet and 1xBet side by side."
      />
      <Hero />

      <section className="section container">
        <h2 className="title is-4">Why Bettors Use AfriOdds</h2>
        <BenefitTiles />
      </section>

      <section className="section container pt-0">
        <h2 className="title is-4">Choose Your Country</h2>
        <div className="grid">
          <CountryCard country="Nigeria" to="/nigeria" bookmakers={NIGERIA_BOOKMAKERS} live />
          <CountryCard country="Kenya" to="/kenya" bookmakers={KENYA_BOOKMAKERS} live={false} />
          <CountryCard country="Ghana" to="/ghana" bookmakers={GHANA_BOOKMAKERS} live={false} />
        </div>
      </section>

      <section className="section container pt-0">
        <h2 className="title is-4">Why Compare African Betting Odds?</h2>
        <div className="grid">
          <InfoCard title="Save Money" icon={<CoinsIcon />}>
            <p>
              Small differences add up. Backing 2.10 instead of 1.95 on a ₦1,000 stake pays ₦150 more when you
              win.
            </p>
          </InfoCard>
          <InfoCard title="Save Time" icon={<ClockIcon />}>
            <p>
              No more jumping between five betting apps and burning data. One light page shows every price
              side by side.
            </p>
          </InfoCard>
          <InfoCard title="Make Better Decisions" icon={<BulbIcon />}>
            <p>See each bookmaker&apos;s margin and which odds just moved, before you put your money down.</p>
          </InfoCard>
        </div>
        <p className="mt-5">
          No bookmaker pays us to rank them higher, so the best odds you see are simply the best odds.
        </p>
      </section>
    </>
  );
}
