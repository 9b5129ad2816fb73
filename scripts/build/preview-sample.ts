import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { BOOKMAKER_IDS, FLAGS } from "#shared/reference.ts";

/**
 * A made-up preview (two matches, every bookmaker, every flag and margin colour) rendered at build
 * time only so the public pages' inline stylesheet keeps the rules the real preview's cards use:
 * the web tier renders those cards into the Nigeria page later, with no stylesheet purge at hand.
 */
export function previewSample(now: number): OddsResponse {
  const flags = [FLAGS.Best, FLAGS.Increased, FLAGS.Decreased, FLAGS.Boosted | FLAGS.Increased, FLAGS.Best | FLAGS.Decreased];
  // Primary, warning and danger (docs/product.md, Event card), and none.
  const margins = [1.8, 10.4, 5.2, 7.8, null];
  const event = (n: number): OddsEvent => ({
    id: `c1:sample:${n}`,
    name: `Home ${n} vs Away ${n}`,
    home: `Home ${n}`,
    away: `Away ${n}`,
    date: new Date(now + n * 3_600_000).toISOString(),
    competitionId: 1,
    markets: [
      {
        marketId: 1,
        odds: BOOKMAKER_IDS.map((provider, i) => ({
          provider,
          margin: margins[i] ?? null,
          updatedAt: new Date(now).toISOString(),
          ...(i === 4 ? { stale: true as const } : {}),
          odds: [1, 2, 3].map((selectionTypeId) => ({ selectionTypeId, value: 2 + i / 10, flags: flags[(i + selectionTypeId) % flags.length] ?? 0 })),
        })),
      },
    ],
  });
  return { events: [event(1), event(2)], updatedAt: new Date(now).toISOString(), intervalS: 60 };
}
