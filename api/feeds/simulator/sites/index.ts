import { bet9jaSite } from "./bet9ja.ts";
import { betkingSite } from "./betking.ts";
import { nairabetSite } from "./nairabet.ts";
import { onexbetSite } from "./onexbet.ts";
import type { SimulatedSite } from "./site.ts";
import { sportybetSite } from "./sportybet.ts";

export const SITES: readonly SimulatedSite[] = [
  bet9jaSite,
  betkingSite,
  sportybetSite,
  nairabetSite,
  onexbetSite,
];
