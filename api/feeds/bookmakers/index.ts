/** Every bookmaker's adapter, by the key the rest of the system uses. */
import type { BookmakerAdapter, BookmakerKey } from "../types.ts";
import { bet9ja } from "./bet9ja/bet9ja.ts";
import { betking } from "./betking/betking.ts";
import { nairabet } from "./nairabet.ts";
import { onexbet } from "./onexbet/onexbet.ts";
import { sportybet } from "./sportybet/sportybet.ts";

export const ADAPTERS: Record<BookmakerKey, BookmakerAdapter> = {
  bet9ja,
  betking,
  sportybet,
  nairabet,
  "1xbet": onexbet,
};
