import { catalogueSelection, type ProductSelection } from "../common.ts";

/** OddsTypeID, OddTypeID and line as our selection, as the loaded catalogue maps them; the site's listing, its match view and its coupons use the same ids. */
export function betkingSelection(oddsTypeId: number, oddTypeId: number, line: unknown): ProductSelection | undefined {
  return catalogueSelection("betking", oddsTypeId, oddTypeId, line);
}
