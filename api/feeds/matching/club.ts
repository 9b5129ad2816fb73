/** A club of one of the four leagues, as the canonical table knows it. */
export interface Club {
  /**
   * Stable ASCII slug. It is part of fixture keys, which the odds store uses as event
   * identity: never rename a published one, add an alias instead.
   */
  id: string;
  /** The name the site displays. */
  name: string;
  /** Product competition id (1 Premier League, 2 La Liga, 3 Serie A, 4 Bundesliga). */
  competitionId: number;
  /** Spellings bookmakers use; the canonical name always counts as one too. */
  aliases: readonly string[];
}
