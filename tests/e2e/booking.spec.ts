import { createRequire } from "node:module";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { Betslip, BookingRead, MatchDetail } from "#shared/contract.ts";
import { formatKickoff } from "#shared/format.ts";
import { BOOKMAKER_IDS, COMPETITIONS, bookmakerName, marketLabel, selectionLabel } from "#shared/reference.ts";
import { animationsSettled, gotoHydrated, fetchOddsInPage, signedIn, uniqueUser } from "./helpers.ts";

/**
 * Booking codes end to end (docs/design.md, Booking codes): a tipster books three selections at the
 * simulated SportyBet itself, as its site does; a bettor on a phone pastes that code on /betslip,
 * reads it, puts it on the slip, sees that another book pays more for the same selections after
 * bonus and tax, and gets that book's code, verified, with its copy button, its link, its count
 * and until when it can be used. On the suite's shared site, whose simulator global-setup.ts puts
 * on a known port (E2E_SIM_ORIGIN).
 */

// bypassCSP: axe is injected as a script tag, as in accessibility.spec.ts.
test.use({ viewport: { width: 360, height: 800 }, bypassCSP: true, permissions: ["clipboard-read", "clipboard-write"] });

const SPORTYBET = 3;
const LEGS = 3;
const HOUR_MS = 3_600_000;

/**
 * SportyBet's own ids for our markets: 1 1X2, 18 over/under, 29 GG/NG, each of our selections to its
 * outcome id (docs/design.md, Booking endpoints).
 */
const SPORTYBET_MARKETS = new Map<number, { marketId: string; specifier: string; outcomes: Map<number, string> }>([
  [1, { marketId: "1", specifier: "", outcomes: new Map([[1, "1"], [2, "2"], [3, "3"]]) }],
  [4, { marketId: "18", specifier: "total=2.5", outcomes: new Map([[8, "12"], [9, "13"]]) }],
  [7, { marketId: "29", specifier: "", outcomes: new Map([[14, "74"], [15, "76"]]) }],
]);

interface Candidate {
  eventId: string;
  eventName: string;
  date: string;
  marketId: number;
  selectionTypeId: number;
  /** Every bookmaker's price now (all five price it, none stale). */
  prices: Map<number, number>;
}

/** Every selection of those markets that all five bookmakers price now, of a match kicking off at least two hours from now. */
async function readCandidates(page: Page): Promise<Candidate[]> {
  const answers = await fetchOddsInPage(
    page,
    COMPETITIONS.flatMap((c) => [...SPORTYBET_MARKETS.keys()].map((m) => [c.id, m] as const)),
  );
  const candidates: Candidate[] = [];
  for (const event of answers.flatMap((answer) => answer.events)) {
    if (Date.parse(event.date) < Date.now() + 2 * HOUR_MS) continue;
    for (const market of event.markets) {
      const books = market.odds.filter((o) => !o.stale);
      for (const selectionTypeId of SPORTYBET_MARKETS.get(market.marketId)?.outcomes.keys() ?? []) {
        const prices = new Map<number, number>();
        for (const book of books) {
          const value = book.odds.find((s) => s.selectionTypeId === selectionTypeId)?.value;
          if (value !== undefined) prices.set(book.provider, value);
        }
        if (BOOKMAKER_IDS.every((id) => prices.has(id))) candidates.push({ eventId: event.id, eventName: event.name, date: event.date, marketId: market.marketId, selectionTypeId, prices });
      }
    }
  }
  return candidates;
}

/**
 * Three selections of three matches on which a book other than SportyBet, one that makes codes
 * (Bet9ja or BetKing, neither with a bonus below five selections), has the highest total odds by
 * at least 1 % over every other book, and over SportyBet's with the 3 % its plan can add at three
 * selections: that book pays the most after bonus and tax whatever SportyBet's plan holds, and the
 * margin outlasts rounding to the kobo. The most favourable selection of each match, in order.
 */
function slipBestElsewhere(candidates: Candidate[]): { legs: Candidate[]; best: number } | undefined {
  for (const best of [2, 1]) {
    const edge = (c: Candidate) => {
      const rivals = BOOKMAKER_IDS.filter((id) => id !== best).map((id) => c.prices.get(id)! * (id === SPORTYBET ? 1.03 : 1));
      return c.prices.get(best)! / Math.max(...rivals);
    };
    const byEdge = [...candidates].sort((a, b) => edge(b) - edge(a) || `${a.eventId}|${a.selectionTypeId}`.localeCompare(`${b.eventId}|${b.selectionTypeId}`));
    const legs: Candidate[] = [];
    for (const c of byEdge) if (legs.length < LEGS && !legs.some((leg) => leg.eventId === c.eventId)) legs.push(c);
    if (legs.length === LEGS && legs.reduce((product, leg) => product * edge(leg), 1) >= 1.01) return { legs, best };
  }
  return undefined;
}

/** The match's Sportradar id as SportyBet's own link for it carries it (…/sr:match:N). */
async function sportradarId(page: Page, eventId: string): Promise<string> {
  const detail = await page.evaluate(async (id) => ((await (await fetch(`/api/odds/events/${encodeURIComponent(id)}`)).json()) as { data: MatchDetail }).data, eventId);
  const link = detail.event.links.find((l) => l.provider === SPORTYBET);
  const srId = link?.exact ? /\/(sr:match:\d+)$/.exec(link.url)?.[1] : undefined;
  expect(srId, `SportyBet's link for ${eventId}: ${link?.url}`).toBeDefined();
  return srId!;
}

interface SportyShare {
  bizCode: number;
  data: { shareCode: string; shareURL: string; deadline: number; outcomes: { eventId: string }[]; unavailableOutcomes: unknown[] } | null;
}

/** Books the legs at the simulated SportyBet directly, in its own request shape, as a tipster on its site does; answers the share code. */
async function bookAtSportyBet(page: Page, legs: readonly Candidate[]): Promise<{ code: string; deadline: number }> {
  const origin = process.env.E2E_SIM_ORIGIN;
  if (!origin) throw new Error("E2E_SIM_ORIGIN is unset: run the suite with `npx playwright test` so global setup starts the site.");
  const selections = await Promise.all(
    legs.map(async (leg) => {
      const market = SPORTYBET_MARKETS.get(leg.marketId)!;
      return { eventId: await sportradarId(page, leg.eventId), marketId: market.marketId, specifier: market.specifier, outcomeId: market.outcomes.get(leg.selectionTypeId)! };
    }),
  );
  const res = await fetch(`${origin}/sportybet/api/ng/orders/share`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ selections }) });
  const answer = (await res.json()) as SportyShare;
  expect(answer.bizCode, JSON.stringify(answer)).toBe(10000);
  expect(answer.data!.unavailableOutcomes).toEqual([]);
  expect(answer.data!.outcomes.map((e) => e.eventId).sort()).toEqual(selections.map((s) => s.eventId).sort());
  return { code: answer.data!.shareCode, deadline: answer.data!.deadline };
}

/** axe-core straight from npm, injected as a script tag (accessibility.spec.ts does the same). */
async function expectNoAxeViolations(page: Page, what: string) {
  await animationsSettled(page);
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  if (!present) await page.addScriptTag({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  const found = violations.flatMap((v) => v.nodes.map((n) => `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(" ")}`));
  expect(found, `axe violations on ${what}`).toEqual([]);
}

const naira = (text: string) => Number(text.replace(/[^\d.]/g, ""));

/** A bookmaker's entry in the comparison: its name, whether it is marked best, its net payout. */
async function readBook(item: Locator) {
  const text = (await item.textContent()) ?? "";
  return {
    name: (await item.locator(".slip-book-name").textContent())?.trim() ?? "",
    best: /Best payout/.test(text),
    net: naira(/Net payout ₦([\d,.]+)/.exec(text)?.[1] ?? ""),
  };
}

const legName = (leg: Candidate) => `${marketLabel(leg.marketId)}: ${selectionLabel(leg.selectionTypeId)}`;

test("a SportyBet code pasted on a phone comes onto the slip, the book that pays most after bonus and tax is first, and its own code comes verified", async ({ page }) => {
  await signedIn(page, uniqueUser("booking"));
  const found = slipBestElsewhere(await readCandidates(page));
  expect(found, "three selections on which Bet9ja or BetKing pays the most, in the simulator's prices").toBeDefined();
  const { legs, best } = found!;
  const shared = await bookAtSportyBet(page, legs);
  const firstKickoff = new Date(Math.min(...legs.map((leg) => Date.parse(leg.date)))).toISOString();
  expect(new Date(shared.deadline).toISOString()).toBe(firstKickoff);

  // Paste and read it.
  await gotoHydrated(page, "/betslip");
  const paste = page.getByRole("region", { name: "Paste a booking code" });
  await paste.getByLabel("Bookmaker").selectOption({ label: "SportyBet" });
  await paste.getByLabel("Booking code").fill(` ${shared.code.toLowerCase()} `);
  await paste.getByRole("button", { name: "Read code" }).click();
  const read = paste.getByRole("region", { name: `SportyBet code ${shared.code}` });
  await expect(read.getByRole("heading", { name: `SportyBet code ${shared.code}` })).toBeFocused();
  await expect(read).toContainText(`All ${LEGS} selections can come onto your slip.`);
  await expect(read.locator("time").first()).toHaveAttribute("datetime", firstKickoff);
  await expect(read).toContainText(`Usable until ${formatKickoff(firstKickoff, new Date(), "Africa/Lagos")}.`);
  const readLegs = read.getByRole("list", { name: "Selections from the SportyBet code" }).getByRole("listitem");
  await expect(readLegs).toHaveCount(LEGS);
  for (const leg of legs) {
    await expect(readLegs.filter({ hasText: leg.eventName })).toContainText(legName(leg));
  }
  await expect(read).not.toContainText("could not bring over");
  await expectNoAxeViolations(page, "/betslip with a SportyBet code read, 360 px");

  // Onto the slip, in place of what it held (nothing).
  await read.getByRole("button", { name: "Replace my slip" }).click();
  await expect(read.getByRole("status")).toHaveText(`Your slip now holds these ${LEGS} selections.`);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Betslip/ })).toHaveAccessibleName(`Betslip, ${LEGS} selections`);

  // The comparison: the book that pays most after bonus and tax first, marked best, with the API's net payout.
  const region = page.getByRole("region", { name: "What each bookmaker pays" });
  const items = region.getByRole("listitem").filter({ has: page.locator(".slip-book-name") });
  await expect(items).toHaveCount(5);
  await expect(region.getByText(new RegExp(`^For ₦1,000\\.00 on all ${LEGS} selections`))).toBeVisible();
  await expect(async () => {
    const shown = await Promise.all((await items.all()).map(readBook));
    const api = await page.evaluate(async () => ((await (await fetch("/api/users/betslip", { cache: "no-store" })).json()) as { data: Betslip }).data);
    expect(shown[0]).toEqual({ name: bookmakerName(best), best: true, net: api.bookmakers[0]!.netPayout });
    expect(api.bookmakers[0]!.provider).toBe(best);
    for (const other of shown.slice(1)) {
      expect(other.best, `${other.name} is not marked best`).toBe(false);
      expect(other.net, `${other.name} pays less`).toBeLessThan(shown[0]!.net);
    }
  }).toPass({ timeout: 20_000 });

  // The page's main call: the best book's code.
  const book = bookmakerName(best);
  const first = items.first();
  const get = first.getByRole("button", { name: `Get booking code at ${book}` });
  await expect(get).toHaveClass(/\bis-primary\b/);
  await expect(region.locator("button.is-primary", { hasText: "Get booking code" })).toHaveCount(1);
  await get.click();
  const code = first.locator(".booking-code");
  await expect(code).toHaveText(/^[A-Z0-9]{4,12}$/, { timeout: 15_000 });
  const minted = (await code.textContent())!;
  await expect(first).toContainText(`Your ${book} code ${minted}`);
  await expect(first).toContainText(`Holds ${LEGS} selections.`);
  await expect(first.locator("time")).toHaveAttribute("datetime", firstKickoff);
  await expect(first).toContainText(`Usable until ${formatKickoff(firstKickoff, new Date(), "Africa/Lagos")}, the first kick-off.`);
  const open = first.getByRole("link", { name: `Open it at ${book}` });
  await expect(open).toHaveAttribute("href", new RegExp(`[=/]${minted}$`));
  await expect(open).toHaveAttribute("target", "_blank");

  // Verified: the book holds the slip's three selections under that code, as our API reads it.
  const back = await page.evaluate(
    async ([provider, text]) => ((await (await fetch(`/api/odds/booking?provider=${provider}&code=${text}`, { cache: "no-store" })).json()) as { data: BookingRead }).data,
    [best, minted] as const,
  );
  expect(back.unmapped).toEqual([]);
  expect(back.legs.map((l) => `${l.eventId}|${l.marketId}|${l.selectionTypeId}`).sort()).toEqual(legs.map((l) => `${l.eventId}|${l.marketId}|${l.selectionTypeId}`).sort());

  // Copy: the clipboard holds the code.
  await first.getByRole("button", { name: "Copy code" }).click();
  await expect(first.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(minted);
  await expectNoAxeViolations(page, `/betslip with a ${book} code made, 360 px`);
});
