/**
 * The four families priced before the other catalogue types joined them (1X2, Double Chance,
 * over/under, BTTS) keep every price, flag and gap for the same seed: new markets draw from keys
 * of their own (docs/design.md, Simulator), so the determinism and drift tests and the pipeline's
 * integration tests, which read these prices, see them unchanged.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BOOKMAKER_KEYS } from "../../types.ts";
import { quoteFixture, type ModelFixture } from "./pricing.ts";

const LEGACY = new Set(["1X2", "DC", "OU", "BTTS"]);
const START = Date.UTC(2026, 10, 24, 10, 0);

function fingerprint(): string {
  const hash = createHash("sha256");
  for (let serial = 1; serial <= 24; serial++) {
    const fixture: ModelFixture = {
      serial,
      competitionId: 1 + (serial % 4),
      home: { key: `h${serial}`, strength: (serial * 7) % 20 },
      away: { key: `a${serial}`, strength: (serial * 11) % 20 },
      ...(serial % 5 === 0 ? { listedByWorld: true, goalsPerTeam: 1.2 } : {}),
    };
    for (const bk of BOOKMAKER_KEYS) {
      for (let step = 0; step < 8; step++) {
        const markets = quoteFixture(7, bk, fixture, START + step * 97 * 60_000, undefined, { markets: "all" });
        hash.update(JSON.stringify(markets?.filter((m) => LEGACY.has(m.kind)).map(({ kind, line, prices, suspended, boosted }) => [kind, line, prices, suspended, boosted]) ?? null));
      }
    }
  }
  return hash.digest("hex");
}

describe("the four families' prices", () => {
  it("are those quoted before the other catalogue types were priced", () => {
    expect(fingerprint()).toBe("d4de7582acc87f456c869b4046af9dfd40fff6c16fa2e4a91d3ad14081058b81");
  });
});
