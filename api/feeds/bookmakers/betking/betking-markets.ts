import { catalogueSelection, type ProductSelection } from "../common.ts";

/**
 * OddsTypeID, OddTypeID and line as our selection, as the loaded catalogue maps them; the site's
 * listing, its match view and its coupons use the same ids. The line is `SpecialBetValue` ("2.5",
 * "-0.5"); the match view also writes it as a specifier (`line=0:1`), which alone carries a 3-way
 * handicap's head starts, its `specialValue` being empty (docs/design.md, Lines).
 */
export function betkingSelection(oddsTypeId: number, oddTypeId: number, line: unknown, specifier?: string | null): ProductSelection | undefined {
  const specified = specifier
    ?.split("|")
    .find((part) => part.startsWith("line="))
    ?.slice("line=".length);
  return catalogueSelection("betking", oddsTypeId, oddTypeId, specified ?? line);
}
