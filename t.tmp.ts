import { boardSimulator, readEveryBoard } from "./tests/helpers/simulator/board-fetch.ts";
import { learnCycle, seededStore } from "./tests/helpers/catalogue/learn-store.ts";
import { learnState } from "#api/catalogue/learn.ts";
import { BOOKMAKER_ID_BY_KEY } from "#api/feeds/types.ts";
import { writeFileSync, readFileSync, existsSync } from "node:fs";
const FRIDAY = Date.UTC(2026, 10, 27, 6);
const { app, sim } = boardSimulator(FRIDAY);
let boards;
if (existsSync("/tmp/learn/boards.json")) boards = JSON.parse(readFileSync("/tmp/learn/boards.json", "utf8"));
else { boards = await readEveryBoard(app, FRIDAY); writeFileSync("/tmp/learn/boards.json", JSON.stringify(boards)); }
const store = seededStore(); const state = learnState();
for (let i = 1; i <= 4; i++) {
  const t0 = Date.now();
  const ev = learnCycle(store, boards, state, FRIDAY + i * 60000);
  const counts: Record<string, number> = {}; for (const e of ev) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
  console.log("cycle", i, Date.now() - t0, "ms", counts);
  for (const e of ev) if (e.kind === "conflict" || e.kind === "new" || (i === 3 && e.kind === "held")) console.log("  ", e.kind, e.bookmaker, e.bookId, e.name, e.country, e.competitionId, e.detail ?? "");
}
// compare to world
const bad: string[] = [];
const compOf = new Map<string, Set<number | null>>();
for (const c of sim.board.world.competitions) {
  const ids = new Set<number | null>();
  for (const [book, e] of Object.entries(c.books)) {
    if (!e) continue;
    for (const id of [e.id, e.idOnOddWeeks].filter(Boolean) as string[]) {
      const row = store.books.get(`${BOOKMAKER_ID_BY_KEY[book as "bet9ja"]}:${id}`);
      if (!row) continue;
      if (row.status !== "joined") { bad.push(`${c.key} ${book} ${id} ${row.status}`); continue; }
      ids.add(row.competition_id);
    }
  }
  compOf.set(c.key, ids);
  if (ids.size > 1) bad.push(`${c.key} split ${[...ids]}`);
}
const owner = new Map<number | null, string>();
for (const [k, ids] of compOf) for (const id of ids) { if (owner.has(id)) bad.push(`${k} shares ${id} with ${owner.get(id)}`); owner.set(id, k); }
console.log(bad);
