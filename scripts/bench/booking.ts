import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { DEFAULT_SIM_BOOKING_LATENCY_MS } from "#api/config.ts";
import type { BookingCode, BookingRead, OddsEvent } from "#shared/contract.ts";
import { COMPETITIONS } from "#shared/reference.ts";
import { percentile } from "./load.ts";
import { startStack, type Stack } from "./stack.ts";

/** Codes minted (`BENCH_BOOKING_CODES`), in turn at SportyBet, Bet9ja and BetKing. */
const CODES = Number(process.env.BENCH_BOOKING_CODES ?? 30);
/** The simulated books' answer time (SIM_BOOKING_LATENCY_MS), a real book's 0.3-1.5 s unless set. */
const LATENCY = process.env.SIM_BOOKING_LATENCY_MS ?? DEFAULT_SIM_BOOKING_LATENCY_MS;
const BOOKS = [
  { provider: 3, name: "SportyBet" },
  { provider: 1, name: "Bet9ja" },
  { provider: 2, name: "BetKing" },
] as const;
/** A user mints five codes at once before the limit holds it back (api/booking/rate.ts): each bench user mints this many. */
const MINTS_PER_USER = 5;
/** A code read is kept this long (api/booking/read.ts, READ_CACHE_MS): a read after it asks the book again. */
const READ_CACHE_MS = 60_000;
const MARKETS = [1, 4, 7, 8];
const BUDGET_MS = 5_000;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

interface Bettor {
  cookie: string;
}

type Answer = { status: number; body: { data?: unknown; error?: { code: string; description: string } } };

async function call(stack: Stack, bettor: Bettor | undefined, method: "GET" | "PUT" | "POST", path: string, body?: unknown): Promise<Answer> {
  const res = await request(`${stack.web}/api${path}`, {
    method,
    headers: { origin: stack.web, ...(bettor ? { cookie: bettor.cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: (await res.body.json()) as Answer["body"] };
}

/** A verified bettor signed in through the web tier, its code read from its own mail in the outbox. */
async function signUp(stack: Stack, tag: string): Promise<Bettor> {
  const account = { userName: `bk_${tag}`, email: `bk.${tag}@example.ng`, password: "booking bench password 1", country: 1, acceptTerms: true };
  const registered = await call(stack, undefined, "PUT", "/users/register", account);
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const outbox = join(stack.dataDir, "outbox");
  let otp: string | undefined;
  for (let i = 0; i < 50 && !otp; i++) {
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), "utf8")).filter((mail) => mail.includes(account.email));
    otp = mails.map((mail) => /verification code: (\d{6})/.exec(mail)?.[1]).find(Boolean);
    if (!otp) await sleep(100);
  }
  const verified = await request(`${stack.web}/api/users/verify-email`, {
    method: "POST",
    headers: { origin: stack.web, "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, otp }),
  });
  await verified.body.dump();
  if (verified.statusCode !== 200) throw new Error(`verification answered ${verified.statusCode}`);
  return { cookie: ([] as string[]).concat(verified.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ") };
}

interface Selection {
  eventId: string;
  marketId: number;
  selectionTypeId: number;
}

/** Selections every book we mint at prices now, one per event: the slips are drawn from these. */
async function mintableSelections(stack: Stack, bettor: Bettor): Promise<Selection[]> {
  const byEvent = new Map<string, Selection[]>();
  for (const competition of COMPETITIONS) {
    for (const market of MARKETS) {
      const odds = await call(stack, bettor, "GET", `/odds?country=1&competition=${competition.id}&market=${market}`);
      for (const event of (odds.body.data as { events: OddsEvent[] }).events) {
        for (const m of event.markets) {
          const selections = BOOKS.map((book) => new Set(m.odds.find((o) => o.provider === book.provider && !o.stale)?.odds.map((s) => s.selectionTypeId)));
          for (const selectionTypeId of selections[0]!) {
            if (selections.every((s) => s.has(selectionTypeId))) byEvent.set(event.id, [...(byEvent.get(event.id) ?? []), { eventId: event.id, marketId: m.marketId, selectionTypeId }]);
          }
        }
      }
    }
  }
  return [...byEvent.values()].map((choices, i) => choices[i % choices.length]!);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function spread(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${seconds(percentile(sorted, 0.5))}, p95 ${seconds(percentile(sorted, 0.95))}, max ${seconds(sorted.at(-1) ?? 0)}`;
}

interface Mint {
  book: (typeof BOOKS)[number];
  ms: number;
  code?: string;
  at: number;
  bettor: Bettor;
  /** Why the book refused, for the table; no code then. */
  failure?: string;
}

/** Mints CODES codes in turn at the books, each from a freshly saved slip of 2 to 6 selections, and reads each right after (its read-back, kept a minute). */
async function mintCodes(stack: Stack, bettors: readonly Bettor[], selections: readonly Selection[]): Promise<{ mints: Mint[]; warm: number[]; warmFailures: number }> {
  const mints: Mint[] = [];
  const warm: number[] = [];
  let warmFailures = 0;
  for (let i = 0; i < CODES; i++) {
    const book = BOOKS[i % BOOKS.length]!;
    const bettor = bettors[Math.floor(i / MINTS_PER_USER)]!;
    const size = 2 + (i % 5);
    const legs = Array.from({ length: size }, (_, k) => selections[(i * 7 + k) % selections.length]!);
    const saved = await call(stack, bettor, "PUT", "/users/betslip", { stake: 1000, legs });
    if (saved.status !== 200) throw new Error(`saving a slip answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    const started = performance.now();
    const minted = await call(stack, bettor, "POST", "/users/betslip/booking", { provider: book.provider });
    const ms = performance.now() - started;
    if (minted.status !== 200) {
      const nth = mints.filter((m) => m.book === book).length + 1;
      mints.push({ book, ms, at: Date.now(), bettor, failure: `code ${nth} at ${book.name}: ${minted.status} ${minted.body.error?.code ?? ""} after ${seconds(ms)}` });
      continue;
    }
    const code = (minted.body.data as BookingCode).code;
    mints.push({ book, ms, code, at: Date.now(), bettor });
    const readStart = performance.now();
    const read = await call(stack, bettor, "GET", `/odds/booking?provider=${book.provider}&code=${code}`);
    if (read.status === 200 && (read.body.data as BookingRead).legs.length === size) warm.push(performance.now() - readStart);
    else warmFailures += 1;
  }
  return { mints, warm, warmFailures };
}

/** Reads each minted code again once its read-back is a minute old, so the book is asked. */
async function readAfterTheMinute(stack: Stack, mints: readonly Mint[]): Promise<{ cold: number[]; coldFailures: number }> {
  const cold: number[] = [];
  let coldFailures = 0;
  for (const mint of mints.filter((m) => m.code)) {
    const wait = mint.at + READ_CACHE_MS + 1_000 - Date.now();
    if (wait > 0) await sleep(wait);
    const readStart = performance.now();
    const read = await call(stack, mint.bettor, "GET", `/odds/booking?provider=${mint.book.provider}&code=${mint.code}`);
    if (read.status === 200) cold.push(performance.now() - readStart);
    else coldFailures += 1;
  }
  return { cold, coldFailures };
}

/**
 * Booking codes end to end (`BENCH_ONLY=booking`; docs/design.md, Booking codes; docs/benchmarks.md,
 * Booking codes): the embedded site with the simulated books answering in SIM_BOOKING_LATENCY_MS,
 * bettors signed in through the web tier, each code minted from a freshly saved slip of 2 to 6
 * selections (`POST /api/users/betslip/booking`, one at a time), read right after (the mint's
 * read-back is kept a minute) and again once that minute is over (the book is asked).
 */
export async function bookingRows(ports: { web: number; api: number }): Promise<[string, string, string][]> {
  const stack = await startStack("embedded", ports, { SIM_BOOKING_LATENCY_MS: LATENCY });
  const rows: [string, string, string][] = [];
  try {
    const stamp = Date.now().toString(36);
    const bettors: Bettor[] = [];
    for (let i = 0; i < Math.ceil(CODES / MINTS_PER_USER); i++) bettors.push(await signUp(stack, `${stamp}${i}`));
    const selections = await mintableSelections(stack, bettors[0]!);
    if (selections.length < 6) throw new Error(`only ${selections.length} events priced at all three books`);
    const { mints, warm, warmFailures } = await mintCodes(stack, bettors, selections);
    const { cold, coldFailures } = await readAfterTheMinute(stack, mints);
    const ok = mints.filter((m) => m.code);
    const failures = mints.flatMap((m) => (m.failure ? [m.failure] : []));
    // Every answer the bettor waited for, a refusal too.
    const all = mints.map((m) => m.ms);
    const p95 = percentile([...all].sort((a, b) => a - b), 0.95);
    rows.push([
      `booking: POST /api/users/betslip/booking, ${CODES} codes of 2-6 selections in turn at SportyBet, Bet9ja, BetKing, one at a time, books answering in ${LATENCY} ms`,
      `${spread(all)} over every answer; ${ok.length} minted, ${failures.length} refused${failures.length ? ` (${failures.join("; ")})` : ""}`,
      `p95 <= 5 s, ${verdict(p95 <= BUDGET_MS)}`,
    ]);
    for (const book of BOOKS) rows.push([`booking: the mint at ${book.name}`, spread(ok.filter((m) => m.book === book).map((m) => m.ms)), ""]);
    rows.push(["booking: GET /api/odds/booking right after the mint (its read-back, kept a minute)", `${spread(warm)} over ${warm.length} reads with every leg mapped, ${warmFailures} not`, ""]);
    rows.push(["booking: GET /api/odds/booking after the minute (the book asked)", `${spread(cold)} over ${cold.length} reads, ${coldFailures} failed`, ""]);
  } finally {
    await stack.stop();
  }
  return rows;
}
