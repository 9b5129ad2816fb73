/**
 * The catalogue as the API serves it (docs/design.md, Catalogue API): the competitions with
 * upcoming matches, counted from the odds listing, and the market catalogue. Both are built from
 * memory, never per request from the database, and kept until what they are built from moves.
 */
import type { JsonAnswer } from "#lib/node/cached-answer.ts";
import type { CompetitionEntry, CompetitionList, MarketList, OddsEvent, RegionEntry } from "#shared/contract.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { answerOf } from "./answers.ts";

interface Tally {
  upcoming: number;
  nextKickoff: number;
  books: Set<number>;
}

/** Upcoming events per competition, their soonest kick-off and the bookmakers pricing them. */
function tallyEvents(events: readonly OddsEvent[], now: number): Map<number, Tally> {
  const tallies = new Map<number, Tally>();
  for (const event of events) {
    const kickoff = Date.parse(event.date);
    if (!(kickoff > now)) continue;
    let tally = tallies.get(event.competitionId);
    if (!tally) tallies.set(event.competitionId, (tally = { upcoming: 0, nextKickoff: kickoff, books: new Set() }));
    tally.upcoming++;
    tally.nextKickoff = Math.min(tally.nextKickoff, kickoff);
    for (const market of event.markets) for (const row of market.odds) tally.books.add(row.provider);
  }
  return tallies;
}

type Regions = ReadonlyMap<number, Catalogue["rows"]["regions"][number]>;

/** A region and the areas above it, as the picker groups them (England under Europe). */
function withParents(byId: Regions, ids: Iterable<number>): RegionEntry[] {
  const kept = new Map<number, RegionEntry>();
  for (const id of ids) {
    for (let row = byId.get(id); row && !kept.has(row.id); row = row.parent_id === null ? undefined : byId.get(row.parent_id)) {
      kept.set(row.id, { id: row.id, code: row.code, name: row.name, parentId: row.parent_id });
    }
  }
  return [...kept.values()].sort((a, b) => a.id - b.id);
}

/** Whether a competition's region is `region` or lies within it (a country of an area). */
function within(byId: Regions, regionId: number | null, region: number): boolean {
  for (let id = regionId; id !== null; id = byId.get(id)?.parent_id ?? null) if (id === region) return true;
  return false;
}

/**
 * The competitions with at least one upcoming match, in picker order (`rank`, then name), and their
 * regions. `region` narrows to one region and the regions within it.
 */
export function competitionList(catalogue: Catalogue, events: readonly OddsEvent[], now: number, region?: number): CompetitionList {
  const tallies = tallyEvents(events, now);
  const regions = new Map(catalogue.rows.regions.map((r) => [r.id, r]));
  const competitions: (CompetitionEntry & { rank: number })[] = [];
  for (const [id, tally] of tallies) {
    const row = catalogue.competitions.get(id);
    if (!row || row.status !== "active") continue;
    if (region !== undefined && !within(regions, row.region_id, region)) continue;
    competitions.push({
      id,
      name: row.name,
      regionId: row.region_id,
      kind: row.kind,
      upcoming: tally.upcoming,
      nextKickoff: new Date(tally.nextKickoff).toISOString(),
      books: [...tally.books].sort((a, b) => a - b),
      rank: row.rank,
    });
  }
  competitions.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, "en") || a.id - b.id);
  const named = withParents(regions, competitions.flatMap((c) => (c.regionId === null ? [] : [c.regionId])));
  return { competitions: competitions.map(({ rank: _rank, ...entry }) => entry), regions: named, updatedAt: new Date(now).toISOString() };
}

/** Every live market type and market, each line its own market, with its selections in display order. */
export function marketList(catalogue: Catalogue): MarketList {
  const types = [...catalogue.types.values()]
    .filter((t) => !t.retired)
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .map((t) => ({
      id: t.id,
      name: t.name,
      group: t.group,
      period: t.period,
      shape: t.shape,
      lineKind: t.lineKind,
      exclusive: t.exclusive,
      ...(t.bookOnly === null ? {} : { bookOnly: t.bookOnly }),
    }));
  const live = new Set(types.map((t) => t.id));
  const markets = [...catalogue.markets.values()]
    .filter((m) => !m.retired && live.has(m.typeId))
    .sort((a, b) => a.id - b.id)
    .map((m) => ({
      id: m.id,
      typeId: m.typeId,
      line: m.line,
      name: m.name,
      selections: m.selections.map((id) => ({ id, label: catalogue.selections.get(id)!.label })),
    }));
  return { version: catalogue.version, types, markets };
}

/**
 * The two answers, each kept until what it is built from moves: the competitions until the listing
 * or the catalogue does, or until their soonest kick-off passes (a match that starts leaves its
 * count); the markets until the catalogue's version does.
 */
export function catalogueAnswers(deps: { catalogue: () => Catalogue; listed: () => { version: number; events: readonly OddsEvent[] }; clock: () => number }) {
  let markets: { version: string; answer: JsonAnswer } | undefined;
  // Per region asked ("" for all): what the answer was built from, its data but the time, and the span it holds for.
  const lists = new Map<string, { of: string; data: string; answer: JsonAnswer; builtAt: number; validUntil: number }>();
  return {
    competitions(region?: number): JsonAnswer {
      const catalogue = deps.catalogue();
      const listed = deps.listed();
      const now = deps.clock();
      const of = `${catalogue.version}:${listed.version}`;
      const key = String(region ?? "");
      const kept = lists.get(key);
      if (kept && kept.of === of && kept.builtAt <= now && now < kept.validUntil) return kept.answer;
      const list = competitionList(catalogue, listed.events, now, region);
      // Same data, same bytes (and ETag): updatedAt is when the list last changed, not when a price moved.
      const data = JSON.stringify({ ...list, updatedAt: "" });
      const answer = kept?.data === data ? kept.answer : answerOf(list);
      lists.set(key, { of, data, answer, builtAt: now, validUntil: Math.min(...list.competitions.map((c) => Date.parse(c.nextKickoff))) });
      return answer;
    },
    markets(): JsonAnswer {
      const catalogue = deps.catalogue();
      if (markets?.version !== catalogue.version) markets = { version: catalogue.version, answer: answerOf(marketList(catalogue)) };
      return markets.answer;
    },
  };
}
