import type { JSX } from "react";
import { StarIcon, TagIcon, UserPlusIcon } from "../icons.tsx";
import { InfoCard } from "./info-card.tsx";

/** The three promises on the landing and coming-soon pages: 'Free to Use', 'Free Registration', 'Best Odds'. */
export function BenefitTiles(): JSX.Element {
  return (
    <div className="grid">
      <InfoCard title="Free to Use" icon={<TagIcon />}>
        <p>Compare odds without paying a kobo. No subscription, no hidden charges.</p>
      </InfoCard>
      <InfoCard title="Free Registration" icon={<UserPlusIcon />}>
        <p>Sign up in a minute with just a username, e-mail and password.</p>
      </InfoCard>
      <InfoCard title="Best Odds" icon={<StarIcon />}>
        <p>The highest price for every outcome is highlighted, so you see the best deal at a glance.</p>
      </InfoCard>
    </div>
  );
}
