/**
 * Per-bookmaker ids derived from a fixture's serial, so they are stable for the fixture's
 * whole life and distinct between bookmakers, as on the real sites. SportyBet's eventId,
 * Bet9ja's EXTID and BetKing's ExtProvIDItem carry the shared Sportradar id (docs/design.md, Matching).
 */
import { SIM_CLUBS, type SimClub } from "./clubs.ts";
import type { SimFixture } from "./scenario/schedule.ts";

/** What a per-book id derives from: a fixture's serial (the four leagues' or the board's). */
type Serial = Pick<SimFixture, "serial">;

export const bet9jaEventId = (f: Serial): number => 590_000_000 + f.serial * 13;
export const betkingItemId = (f: Serial): number => 40_000_000 + f.serial * 11;
/** BetKing's ExtProvIDItem: Sportradar's match number, bare (8 digits). */
export const betkingProviderId = (f: SimFixture): string => f.srId.replace("sr:match:", "");
export const nairabetEventId = (f: Serial): number => 17_000_000 + f.serial * 9;
/** Altenar's extId: a feed provider's id, not Sportradar's (docs/design.md, NairaBet feed). */
export const nairabetExtId = (f: Serial): string => `fp32_ar:match:${600_000 + f.serial}`;
export const nairabetCode = (f: Serial): number => 100 + ((f.serial * 37) % 9_000);
export const onexbetGameId = (f: Serial): number => 280_000_000 + f.serial * 17;
export const sportybetGameId = (f: Serial): string => String(10_000 + ((f.serial * 7_919) % 89_999));

const clubIndex = (club: SimClub): number => SIM_CLUBS.indexOf(club);
export const sportybetCompetitorId = (club: SimClub): string => `sr:competitor:${30_000 + clubIndex(club)}`;
export const nairabetCompetitorId = (club: SimClub): number => 43_600 + clubIndex(club);
export const onexbetTeamId = (club: SimClub): number => 2_500 + clubIndex(club) * 3;
