import type { JSX } from "react";
import { Link } from "react-router";
import { GHANA_BOOKMAKERS, KENYA_BOOKMAKERS, LEAGUE_NAMES, NIGERIA_BOOKMAKERS } from "../../components/bookmakers.ts";
import { CheckList } from "../../components/public/check-list.tsx";
import { InfoCard } from "../../components/public/info-card.tsx";
import { PageMeta } from "../../components/page-meta.tsx";

const STEPS = [
  { title: "1. Choose a Match", text: "Pick a league and a market, then find the match you want to bet on." },
  {
    title: "2. Compare the Odds",
    text: "See every bookmaker's price side by side, with the best odds highlighted and each margin shown.",
  },
  {
    title: "3. Choose Your Bookmaker",
    text: "Place your bet with the bookmaker that pays the most, on their own site or app.",
  },
] as const;

export function AboutPage(): JSX.Element {
  return (
    <div className="section container content">
      <PageMeta
        title="About Us"
        description="AfriOdds is a free, independent football odds comparison site for African bettors, live in Nigeria."
      />
      <h1 className="title">About AfriOdds</h1>

      <h2 className="title is-4">Our Mission</h2>
      <p>
        AfriOdds helps African football bettors get more value from every bet. Bookmakers price the same match
        differently, and checking them one by one costs time and data. We put their odds side by side on one
        fast, light page that works well on any phone, even on a slow connection. It is free to use: all you
        need is a free account.
      </p>

      <h2 className="title is-4">Bookmakers We Cover</h2>
      <p>
        In Nigeria we compare {NIGERIA_BOOKMAKERS.join(", ")}. Kenya ({KENYA_BOOKMAKERS.join(", ")}) and Ghana
        ({GHANA_BOOKMAKERS.join(", ")}) are coming soon.
      </p>

      <h2 className="title is-4">Leagues We Focus On</h2>
      <p>We cover the four European leagues Nigerian bettors follow most closely:</p>
      <CheckList items={LEAGUE_NAMES} />

      <h2 className="title is-4 mt-5">How It Works</h2>
      <div className="grid mb-5">
        {STEPS.map((step) => (
          <InfoCard key={step.title} title={step.title}>
            <p>{step.text}</p>
          </InfoCard>
        ))}
      </div>

      <h2 className="title is-4">Trust and Security</h2>
      <ul>
        <li>
          No affiliate bias: no bookmaker pays us to appear higher, so the best odds are simply the best odds.
        </li>
        <li>We are not a bookmaker. We never take bets or hold your money.</li>
        <li>Your password is stored scrambled (hashed), and your session is kept in secure cookies.</li>
        <li>
          AfriOdds is free. We may add optional premium features in future, and we will always tell you before
          we do.
        </li>
      </ul>
      <p>
        AfriOdds is for adults aged 18 and over. Please read our{" "}
        <Link to="/responsible-gambling">responsible gambling</Link> guide.
      </p>
    </div>
  );
}
