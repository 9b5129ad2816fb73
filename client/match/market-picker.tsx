import { Link } from "react-router";
import type { MatchMarket } from "#shared/contract.ts";
import { MARKET_GROUPS, marketGroupName, type MarketGroup } from "#shared/market-groups.ts";
import { marketGroupOf } from "./market-names.ts";

/** The group the page shows when the URL names none, or one this match has no market in. */
export const DEFAULT_GROUP: MarketGroup = "main";

export interface GroupCount {
  group: MarketGroup;
  markets: number;
}

/** The groups with at least one market for this match, in the picker's order, each with how many. */
export function groupsOf(markets: readonly Pick<MatchMarket, "marketId" | "group">[]): GroupCount[] {
  const counts = new Map<MarketGroup, number>();
  for (const market of markets) {
    const group = marketGroupOf(market);
    if (group) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return MARKET_GROUPS.flatMap((group) => (counts.has(group) ? [{ group, markets: counts.get(group)! }] : []));
}

/** The two lists as one, each group at the larger count: the loader's whole answer and markets a live frame added since. */
export function mergeGroups(served: readonly GroupCount[], live: readonly GroupCount[]): GroupCount[] {
  return MARKET_GROUPS.flatMap((group) => {
    const count = Math.max(served.find((g) => g.group === group)?.markets ?? 0, live.find((g) => g.group === group)?.markets ?? 0);
    return count > 0 ? [{ group, markets: count }] : [];
  });
}

/** The asked group when this match has markets in it, else Main, else the first it has. */
export function chosenGroup(asked: MarketGroup | undefined, groups: readonly GroupCount[]): MarketGroup {
  const present = (group: MarketGroup) => groups.some((g) => g.group === group);
  if (asked && present(asked)) return asked;
  return present(DEFAULT_GROUP) ? DEFAULT_GROUP : (groups[0]?.group ?? DEFAULT_GROUP);
}

/** The page's query for a group and a charted market: Main, the default, is left out of it. */
export function matchSearch(group: MarketGroup, chart?: number): string {
  const params = new URLSearchParams();
  if (group !== DEFAULT_GROUP) params.set("group", group);
  if (chart !== undefined) params.set("chart", String(chart));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The match page's market picker (docs/design.md, The match page; decision 055): a link per group
 * this match has markets in, as bettors think of them (Main, Goals, Halves, Teams, Specials). Plain
 * links, so a phone without JavaScript gets the server's page of that group; with the app the router
 * swaps the tables without a reload. They wrap onto a second line rather than scroll sideways.
 */
export function MarketPicker({ groups, current }: { groups: readonly GroupCount[]; current: MarketGroup }) {
  if (groups.length === 0) return null;
  return (
    <nav className="market-picker" aria-label="Market groups">
      <ul>
        {groups.map(({ group, markets }) => {
          const active = group === current;
          return (
            <li key={group}>
              <Link
                to={{ search: matchSearch(group) }}
                className={`button is-small${active ? " is-link" : ""}`}
                aria-current={active ? "page" : undefined}
                preventScrollReset
              >
                {marketGroupName(group)}
                <span className="market-picker-count">
                  {" "}({markets}
                  <span className="visually-hidden"> {markets === 1 ? "market" : "markets"}</span>)
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
