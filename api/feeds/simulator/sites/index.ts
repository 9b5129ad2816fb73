import { bet9jaSite } from "./bet9ja/bet9ja.ts";
import { betkingSite } from "./betking/betking.ts";
import { nairabetSite } from "./nairabet/nairabet.ts";
import { onexbetSite } from "./onexbet/onexbet.ts";
import type { SimulatedSite } from "./site.ts";
import { sportybetSite } from "./sportybet/sportybet.ts";

export const SITES: readonly SimulatedSite[] = [
  bet9jaSite,
  betkingSite,
  sportybetSite,
  nairabetSite,
  onexbetSite,
];
