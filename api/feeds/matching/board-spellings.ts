/**
 * Team spellings learnt from Sportradar joins (docs/design.md, Matching the whole board): when a
 * fixture's Sportradar id puts SportyBet's team (its `sr:competitor:N`) beside another book's
 * listing, that book's spelling is remembered for the team, so a NairaBet or 1xBet name is scored
 * against every spelling known for a candidate's teams. Kept in memory here; the `team_names`
 * table is to hold them across restarts.
 */
import type { BookmakerKey } from "../types.ts";

export interface LearntSpelling {
  /** SportyBet's competitor id, `sr:competitor:N`. */
  team: string;
  bookmaker: BookmakerKey;
  name: string;
}

export class TeamSpellings {
  private readonly byTeam = new Map<string, Map<string, LearntSpelling>>();

  /** Remembers a spelling; true when it was not known yet. */
  add(team: string, bookmaker: BookmakerKey, name: string): boolean {
    const spelling = name.trim();
    if (team === "" || spelling === "") return false;
    let known = this.byTeam.get(team);
    if (!known) this.byTeam.set(team, (known = new Map()));
    const key = `${bookmaker}\u0000${spelling}`;
    if (known.has(key)) return false;
    known.set(key, { team, bookmaker, name: spelling });
    return true;
  }

  /** Every spelling known for a team, any book's, in the order learnt. */
  of(team: string): string[] {
    return [...new Set([...(this.byTeam.get(team)?.values() ?? [])].map((s) => s.name))];
  }

  /** Every spelling, as the `team_names` table would hold them. */
  all(): LearntSpelling[] {
    return [...this.byTeam.values()].flatMap((known) => [...known.values()]);
  }
}
