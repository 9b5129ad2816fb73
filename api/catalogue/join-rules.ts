/**
 * The join rules of docs/design.md, Learning competitions: for one book's competition not joined
 * yet, what each rule says, best evidence first: (1) SportyBet's Sportradar tournament id, (2) the
 * Sportradar match ids of its events (Bet9ja, BetKing), (3) its name in its region, (4) its
 * fixtures through the matcher's gates (NairaBet, 1xBet). The first rule that decides joins it;
 * two rules naming different competitions are a conflict, never settled by guess.
 */
import type { ListedFixture } from "./board-listing.ts";
import { comparableName, type LearnNames } from "./learn-names.ts";
import { refSimilarity, teamRef, type TeamRef } from "../feeds/matching/similarity.ts";
import { DEFAULT_MATCH_OPTIONS } from "../feeds/matching/types.ts";
import type { BookmakerKey } from "../feeds/types.ts";

export type JoinRule = "sr-tournament" | "sr-events" | "name" | "fixtures";

/** A book's competition as the rules weigh it. */
export interface Candidate {
  bookmaker: BookmakerKey;
  bookId: string;
  name: string;
  regionId: number | null;
  fixtures?: readonly ListedFixture[];
}

export interface KnownCompetition {
  id: number;
  regionId: number | null;
  srTournament: string | null;
  /** Its names as rule 3 compares them: its own, the seed's aliases, every joined book's. */
  names: ReadonlySet<string>;
}

export interface EvidenceFixture {
  bookmaker: BookmakerKey;
  competitionId: number;
  kickoff: number;
  home: TeamRef;
  away: TeamRef;
}

/** What the books already joined say this cycle. */
export interface Evidence {
  competitions: ReadonlyMap<number, KnownCompetition>;
  /** Sportradar match number -> the joined competitions other books list it in. */
  srMatches: ReadonlyMap<string, readonly { bookmaker: BookmakerKey; competitionId: number }[]>;
  /** Region -> fixtures of its competitions, as the joined books list them. */
  fixturesByRegion: ReadonlyMap<number, readonly EvidenceFixture[]>;
}

export type Verdict =
  | { kind: "join"; competitionId: number; rule: JoinRule; takesSrTournament?: string }
  | { kind: "new"; srTournament: string }
  | { kind: "conflict"; detail: string }
  | { kind: "undecided"; detail: string };

/** Rule 2's thresholds: at least 3 fixtures, and 90 % of those with an id, in one competition. */
const SR_EVENTS_LEAST = 3;
const SR_EVENTS_SHARE = 0.9;
/** Rule 4's: at least 3 fixtures pass the matcher against one competition, none against another. */
const FIXTURES_LEAST = 3;
const SR_TOURNAMENT = /^sr:tournament:(\d+)$/;

type Decision = { rule: JoinRule; competitionId: number; takesSrTournament?: string };

/** Rule 3: the one competition of its region with this name; undefined for none or several. */
export function byName(c: Candidate, evidence: Evidence, names: LearnNames, among: (k: KnownCompetition) => boolean = () => true): number | undefined {
  if (c.regionId === null) return undefined;
  const name = comparableName(names, c.name, c.regionId);
  const found = [...evidence.competitions.values()].filter((k) => k.regionId === c.regionId && among(k) && k.names.has(name));
  return found.length === 1 ? found[0]?.id : undefined;
}

function bySrTournament(c: Candidate, evidence: Evidence, names: LearnNames): Decision | { srTournament: string } | undefined {
  const sr = SR_TOURNAMENT.exec(c.bookId)?.[1];
  if (sr === undefined) return undefined;
  const known = [...evidence.competitions.values()].find((k) => k.srTournament === sr);
  if (known) return { rule: "sr-tournament", competitionId: known.id };
  const named = byName(c, evidence, names, (k) => k.srTournament === null);
  return named === undefined ? { srTournament: sr } : { rule: "sr-tournament", competitionId: named, takesSrTournament: sr };
}

function bySrEvents(c: Candidate, evidence: Evidence): number | undefined {
  const withId = (c.fixtures ?? []).flatMap((f) => (f.srMatch === undefined ? [] : [f.srMatch]));
  const counts = new Map<number, number>();
  for (const sr of withId) {
    const theirs = new Set((evidence.srMatches.get(sr) ?? []).filter((e) => e.bookmaker !== c.bookmaker).map((e) => e.competitionId));
    for (const id of theirs) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= SR_EVENTS_LEAST && best[1] >= SR_EVENTS_SHARE * withId.length ? best[0] : undefined;
}

const { windowMs, minTeamScore, minMeanScore } = DEFAULT_MATCH_OPTIONS;
const EPSILON = 1e-9;

/** The matcher's gates (docs/design.md, Matching): kick-off within the window, both names alike, either way round. */
function passesMatcher(f: { kickoff: number; home: TeamRef; away: TeamRef }, e: EvidenceFixture): boolean {
  if (Math.abs(f.kickoff - e.kickoff) > windowMs) return false;
  const pair = (h: number, a: number) => Math.min(h, a) >= minTeamScore - EPSILON && (h + a) / 2 >= minMeanScore - EPSILON;
  return pair(refSimilarity(f.home, e.home), refSimilarity(f.away, e.away)) || pair(refSimilarity(f.home, e.away), refSimilarity(f.away, e.home));
}

function byFixtures(c: Candidate, evidence: Evidence): number | undefined {
  if (c.regionId === null || !c.fixtures) return undefined;
  const theirs = (evidence.fixturesByRegion.get(c.regionId) ?? []).filter((e) => e.bookmaker !== c.bookmaker);
  const counts = new Map<number, number>();
  for (const f of c.fixtures) {
    const ours = { kickoff: f.kickoff, home: teamRef(f.home), away: teamRef(f.away) };
    const hit = new Set(theirs.filter((e) => passesMatcher(ours, e)).map((e) => e.competitionId));
    for (const id of hit) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const [best, ...others] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= FIXTURES_LEAST && others.length === 0 ? best[0] : undefined;
}

/** Every rule's word on a candidate, combined: the first deciding rule, unless another names a different competition. */
export function judge(c: Candidate, evidence: Evidence, names: LearnNames): Verdict {
  const decisions: Decision[] = [];
  let newSr: string | undefined;
  if (c.bookmaker === "sportybet") {
    const first = bySrTournament(c, evidence, names);
    if (first && "rule" in first) decisions.push(first);
    else if (first) newSr = first.srTournament;
  }
  if (c.bookmaker === "bet9ja" || c.bookmaker === "betking") {
    const id = bySrEvents(c, evidence);
    if (id !== undefined) decisions.push({ rule: "sr-events", competitionId: id });
  }
  // SportyBet's own tournament id outranks a name: its rule 3 looks only where no other Sportradar id sits.
  const sr = c.bookmaker === "sportybet" ? SR_TOURNAMENT.exec(c.bookId)?.[1] : undefined;
  const named = byName(c, evidence, names, (k) => sr === undefined || k.srTournament === null || k.srTournament === sr);
  if (named !== undefined) decisions.push({ rule: "name", competitionId: named });
  if (c.bookmaker === "nairabet" || c.bookmaker === "1xbet") {
    const id = byFixtures(c, evidence);
    if (id !== undefined) decisions.push({ rule: "fixtures", competitionId: id });
  }
  const ids = new Set(decisions.map((d) => d.competitionId));
  if (ids.size > 1) return { kind: "conflict", detail: decisions.map((d) => `${d.rule} says ${d.competitionId}`).join(", ") };
  const [decided] = decisions;
  if (decided) return { kind: "join", ...decided };
  if (newSr !== undefined) return { kind: "new", srTournament: newSr };
  return { kind: "undecided", detail: c.regionId === null ? "its country matches no region" : "no rule decides yet" };
}
