/** Each book's whole-listing reader (docs/design.md, Learning competitions). */
import type { BookmakerKey } from "../../types.ts";
import { bet9jaBoardReader } from "./bet9ja-board-reader.ts";
import type { BoardReader } from "./board-reader.ts";
import { betkingBoardReader } from "./betking-board-reader.ts";
import { nairabetBoardReader } from "./nairabet-board-reader.ts";
import { onexbetBoardReader } from "./onexbet-board-reader.ts";
import { sportybetBoardReader } from "./sportybet-board-reader.ts";

export const BOARD_READERS: Record<BookmakerKey, BoardReader> = {
  sportybet: sportybetBoardReader,
  bet9ja: bet9jaBoardReader,
  betking: betkingBoardReader,
  nairabet: nairabetBoardReader,
  "1xbet": onexbetBoardReader,
};
