/** Every bookmaker's adapter, by the key the rest of the system uses. */
import type { BookmakerAdapter, BookmakerKey } from "../types.ts";
import { bet9ja } from "./bet9ja.ts";
import { betking } from "./betking.ts";
import { nairabet } from "./nairabet.ts";
import { onexbet } from "./onexbet.ts";
import { sportybet } from "./sportybet.ts";

export const ADAPTERS: Record<BookmakerKey, BookmakerAdapter> = {
  bet9ja,
  betking,
  sportybet,
  nairabet,
  "1xbet": onexbet,
};
