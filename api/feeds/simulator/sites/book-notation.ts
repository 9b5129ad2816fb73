/**
 * How each simulated book writes the catalogue's types beyond the four families (docs/design.md,
 * Market catalogue and Lines): its market and outcome ids exactly as markets.json maps them
 * (scenario/catalogue-kinds.ts), its line in its own notation. The adapters' readers in
 * api/feeds/bookmakers/ are the contract.
 */
import type { BookmakerKey } from "../../types.ts";
import { simBookIds, kindOutcomes, type SimBookIds } from "../scenario/catalogue-kinds.ts";
import type { CatalogueKind, MarketKind } from "../scenario/margins.ts";
import type { QuotedMarket } from "../scenario/pricing.ts";

/** Goals as text, no plus sign: 2.5, -0.25, 1 (every book writes its lines so). */
const goals = (line: number): string => String(line);

/**
 * Sportradar's specifier: `total=2.5` for totals; the 3-way handicap as home:away head starts
 * (`hcp=0:1` is −1, `hcp=1:0` is +1); the Asian as goals added to home (`hcp=-1.5`).
 */
export function simSportradarSpecifier(kind: MarketKind, line: number | null): string | undefined {
  if (line === null) return undefined;
  if (kind === "HCP") return `hcp=${line > 0 ? `${line}:0` : `0:${-line}`}`;
  if (kind === "AH") return `hcp=${goals(line)}`;
  return `total=${goals(line)}`;
}

/** Bet9ja's market part of an odds key: `S_HAOU@1.5`, `S_1X2HND@-1`, `S_HTFT`. */
export function bet9jaMarket(ids: SimBookIds, line: number | null): string {
  return line === null ? ids.market : `${ids.market}@${goals(line)}`;
}

/** BetKing's SpecialBetValue: `1.5`, `-0.5`, and the 3-way handicap's head starts `0:1`. */
export function betkingSpecialValue(kind: MarketKind, line: number | null): string {
  if (line === null) return "";
  if (kind === "HCP") return line > 0 ? `${line}:0` : `0:${-line}`;
  return goals(line);
}

/** Selection labels as the catalogue names the outcomes ("Over", "Home", "2:1", "Home/Draw"). */
export function outcomeLabel(kind: MarketKind, index: number, home: string, away: string): string {
  const outcome = kindOutcomes(kind)[index] ?? "";
  const word: Record<string, string> = { home, away, draw: "Draw", over: "Over", under: "Under", yes: "Yes", no: "No", other: "Other" };
  return outcome
    .split("/")
    .map((part) => word[part] ?? part)
    .join("/");
}

/** One quoted market of the other types with the book's ids: its outcome ids beside their prices (outcomes the file does not map left out). */
export function bookSelections(bk: BookmakerKey, m: QuotedMarket): { ids: SimBookIds; selections: { outcome: string; index: number; price: number }[] } | undefined {
  const ids = simBookIds(bk, m.kind);
  if (!ids) return undefined;
  const selections = ids.outcomes.flatMap((outcome, index) => (outcome === null ? [] : [{ outcome, index, price: m.prices[index] ?? 1 }]));
  return { ids, selections };
}

export type { CatalogueKind };
