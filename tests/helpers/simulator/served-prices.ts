/**
 * Test-only: reads every league payload a bookmaker serves over HTTP and reduces it to
 * markets with prices in selection order, so margin and drift tests judge what is served.
 */
import type { BookmakerKey } from "#api/feeds/types.ts";
import type {
  AltenarDetails,
  AltenarList,
  Bet9jaList,
  BetkingList,
  SportyList,
  XbetEntry,
  XbetList,
} from "./payload-types.ts";
import { LEAGUE_PATHS, type Harness } from "./sim-harness.ts";

export type Kind = "1X2" | "DC" | "OU" | "BTTS";

export interface ServedMarket {
  event: string;
  kind: Kind;
  line: number | null;
  prices: number[];
  /** Not suspended and no placeholder price. */
  open: boolean;
  boosted: boolean;
}

const bySelection = <T>(items: T[], order: number[], id: (item: T) => number): T[] =>
  [...items].sort((a, b) => order.indexOf(id(a)) - order.indexOf(id(b)));
const placeholderFree = (prices: number[]) => prices.every((p) => p > 1.01);
/** Only .5 lines are the product's; whole lines (push lines) are served beside them. */
const halfLine = (line: number | null) => line === null || Math.abs((line * 2) % 2) === 1;

function sportybet(payloads: SportyList[]): ServedMarket[] {
  const kinds: Record<string, Kind> = { "1": "1X2", "10": "DC", "18": "OU", "29": "BTTS" };
  return payloads.flatMap((p) =>
    (p.data?.tournaments ?? []).flatMap((t) =>
      t.events.flatMap((e) =>
        // Markets 19/20 are team totals; whole lines are not the product's.
        e.markets.filter((m) => m.id in kinds && halfLine(m.specifier ? Number(m.specifier.replace("total=", "")) : null)).map((m) => ({
          event: e.eventId,
          kind: kinds[m.id] as Kind,
          line: m.specifier ? Number(m.specifier.replace("total=", "")) : null,
          prices: m.outcomes.map((o) => Number(o.odds)),
          open: m.status === 0 && m.outcomes.every((o) => o.isActive === 1),
          boosted: false,
        })),
      ),
    ),
  );
}

function bet9ja(payloads: Bet9jaList[]): ServedMarket[] {
  const outcomes: Record<string, [Kind, string[]]> = {
    "1X2": ["1X2", ["1", "X", "2"]],
    DC: ["DC", ["1X", "12", "X2"]],
    OU: ["OU", ["O", "U"]],
    GGNG: ["BTTS", ["Y", "N"]],
  };
  return payloads.flatMap((p) =>
    p.D.E.flatMap((e) => {
      const markets = new Set(Object.keys(e.O).map((key) => key.replace(/_[^_]+$/, "")));
      return [...markets].map((market) => {
        const [, code = "", line] = /^S_([A-Z0-9]+)(?:@([\d.]+))?$/.exec(market) ?? [];
        const [kind, codes] = outcomes[code] ?? ["1X2", []];
        const prices = codes.map((c) => Number(e.O[`${market}_${c}`]));
        return {
          event: String(e.ID),
          kind,
          line: line ? Number(line) : null,
          prices,
          open: placeholderFree(prices),
          boosted: false,
        };
      });
    }),
  );
}

function betking(payloads: BetkingList[]): ServedMarket[] {
  const types: Record<number, [Kind, number[]]> = {
    110: ["1X2", [4, 2, 5]],
    146: ["DC", [9, 10, 11]],
    160: ["OU", [12, 13]],
    302: ["BTTS", [74, 76]],
  };
  return payloads.flatMap((p) =>
    p.AreaMatches.flatMap((a) =>
      a.Items.flatMap((item) =>
        // The third group's other catalogue types (team totals, handicaps...) are not the four families.
        item.OddsCollection.filter((c) => c.OddsType.OddsTypeID in types).map((c) => {
          const [kind, order] = types[c.OddsType.OddsTypeID] ?? ["1X2", []];
          const prices = bySelection(c.MatchOdds, order, (o) => o.OddAttribute.OddTypeID).map(
            (o) => o.Outcome.OddOutcome,
          );
          const line = c.SpecialBetValue === "" ? null : Number(c.SpecialBetValue);
          return {
            event: String(item.ItemID),
            kind,
            line,
            prices,
            open: placeholderFree(prices),
            boosted: false,
          };
        }),
      ),
    ),
  );
}

/** One NairaBet event's markets from its GetEventDetails: totals split by each odd's own line. */
function nairabet(details: AltenarDetails[]): ServedMarket[] {
  const types: Record<number, [Kind, number[]]> = {
    1: ["1X2", [1, 2, 3]],
    10: ["DC", [9, 10, 11]],
    18: ["OU", [12, 13]],
    29: ["BTTS", [74, 76]],
  };
  return details.flatMap((e) =>
    e.markets.flatMap((market) => {
      const [kind, order] = types[market.typeId] ?? ["1X2", []];
      const odds = e.odds.filter((o) => market.oddIds.includes(o.id));
      const lines = [...new Set(odds.map((o) => o.sv ?? market.sv ?? ""))];
      return lines.map((line) => {
        const chosen = bySelection(odds.filter((o) => (o.sv ?? market.sv ?? "") === line), order, (o) => o.typeId);
        return {
          event: String(e.id),
          kind,
          line: line === "" ? null : Number(line),
          prices: chosen.map((o) => o.price),
          open: chosen.every((o) => o.oddStatus === 0),
          boosted: /enhanced|boost/i.test(market.name),
        };
      });
    }),
  );
}

async function nairabetDetails(h: Harness, paths: string[]): Promise<AltenarDetails[]> {
  const lists = await Promise.all(paths.map((p) => h.json<AltenarList>(p)));
  const ids = lists.flatMap((l) => l.events.map((e) => e.id));
  const query = paths[0]?.replace(/^.*GetEvents\?/, "").replace(/&champIds=.*$/, "") ?? "";
  return Promise.all(ids.map((id) => h.json<AltenarDetails>(`/nairabet/api/widget/GetEventDetails?${query}&eventId=${id}`)));
}

function onexbet(payloads: XbetList[]): ServedMarket[] {
  const groups: Record<number, [Kind, number[]]> = {
    1: ["1X2", [1, 2, 3]],
    8: ["DC", [4, 5, 6]],
    17: ["OU", [9, 10]],
    19: ["BTTS", [180, 181]],
  };
  return payloads.flatMap((p) =>
    p.Value.flatMap((game) => {
      // Whole lines (P 2, P 3) are not the product's Over/Under.
      const entries: XbetEntry[] = [...game.E, ...game.AE.flatMap((ae) => ae.ME)].filter((e) => e.G !== 17 || halfLine(e.P ?? null));
      const keys = [...new Set(entries.map((e) => `${e.G}|${e.P ?? ""}`))];
      return keys.map((key) => {
        const chosen = entries.filter((e) => `${e.G}|${e.P ?? ""}` === key);
        const [kind, order] = groups[chosen[0]?.G ?? 0] ?? ["1X2", []];
        const prices = bySelection(chosen, order, (e) => e.T).map((e) => e.C);
        return {
          event: String(game.I),
          kind,
          line: chosen[0]?.P ?? null,
          prices,
          open: placeholderFree(prices) && chosen.every((e) => e.B !== true),
          boosted: false,
        };
      });
    }),
  );
}

export async function servedMarkets(h: Harness, bookmaker: BookmakerKey): Promise<ServedMarket[]> {
  const paths = LEAGUE_PATHS[bookmaker];
  switch (bookmaker) {
    case "sportybet":
      return sportybet(await Promise.all(paths.map((p) => h.json<SportyList>(p))));
    case "bet9ja":
      return bet9ja(await Promise.all(paths.map((p) => h.json<Bet9jaList>(p))));
    case "betking":
      return betking(await Promise.all(paths.map((p) => h.json<BetkingList>(p))));
    case "nairabet":
      return nairabet(await nairabetDetails(h, paths));
    case "1xbet":
      return onexbet(await Promise.all(paths.map((p) => h.json<XbetList>(p))));
  }
}
