import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { TAX_ON_WINNINGS_RATE } from "#shared/math/bookmaker-rules.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { ValueBets } from "#shared/contract.ts";
import { useLitePage } from "../components/lite-refresh.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, type Arriving } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { RequireSession } from "../session/require-session.tsx";
import { ToolList } from "../tools/tool-list.tsx";
import { useToolRefresh } from "../tools/use-tool-refresh.ts";
import { ValueBetItem } from "../tools/value-bet-item.tsx";
import { learnToolMarkets } from "../tools/tool-markets.ts";
import { ToolPage } from "../components/tool-page.tsx";

export const VALUE_BETS_LOADING_MESSAGE = "Loading value bets...";
export const VALUE_BETS_LOAD_FAILED_MESSAGE = "Failed to load value bets";
export const VALUE_BETS_REFRESH_FAILED_MESSAGE =
  "Could not refresh the value bets: the prices below may have moved.";
export const VALUE_BETS_WARNING = `Value is an edge over many bets, never a promise: a value bet still loses often, and the ${TAX_ON_WINNINGS_RATE * 100}% tax on winnings takes back part of the edge, all of it on a small one. Prices move, bookmakers limit stakes and may void bets. A price marked Boosted is a promotion, usually for small stakes only. Stake only what you can afford to lose.`;
/** `lite`: a page without script, which does not update itself (docs/design.md, Pages without JavaScript). */
export const noValueBetsMessage = (minNetEvPct: number, lite = false) =>
  `No value bet right now: no price is expected to gain ${minNetEvPct}% or more after the tax on winnings. ${lite ? "Refresh the prices to look again." : "This page updates itself while it is open."}`;

export interface ValueBetsData {
  valueBets: Arriving<Served<ValueBets>>;
}

/** /value-bets' data, on the server for the first HTML and in the browser for later visits and refreshes (docs/design.md, One data path per screen). */
export async function loader({ context }: LoaderFunctionArgs): Promise<ValueBetsData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  return deliver(context, { valueBets: settle(source.valueBets(LIVE_COUNTRY_ID)) });
}

/**
 * How the page finds value (decision 018) and what the tax on winnings leaves of it
 * (docs/design.md, Tax on sure bets and value bets), in words a bettor can check with a calculator.
 */
function HowItWorks({ minNetEvPct }: { minNetEvPct: number }) {
  return (
    <div className="content tool-explain">
      <p>
        <strong>Fair price</strong>: the bookmakers&apos; consensus, with each one&apos;s margin removed from
        its prices. <strong>Value</strong> = price &times; fair chance &minus; 1: a price of 2.20 where the
        fair price is 2.00 (a 50% chance) is worth 2.20 &times; 0.5 &minus; 1 = +10% before tax.
      </p>
      <p>
        <strong>After tax</strong>: the bookmaker keeps 5% of your winnings, so a winning price pays price
        &minus; 0.05 &times; (price &minus; 1) per naira staked. The value after tax is that &times; fair
        chance &minus; 1: the 2.20 pays 2.14, and 2.14 &times; 0.5 &minus; 1 = +7%. That is the figure
        that counts: listed from +{minNetEvPct}% after tax up, the largest first. A price a little above
        its fair price can lose after tax, and is not listed.
      </p>
      <p className="notification is-info is-light tool-note">
        {VALUE_BETS_WARNING} <Link to="/responsible-gambling">Responsible gambling</Link>
      </p>
    </div>
  );
}

const MESSAGES = { loading: VALUE_BETS_LOADING_MESSAGE, loadFailed: VALUE_BETS_LOAD_FAILED_MESSAGE, refreshFailed: VALUE_BETS_REFRESH_FAILED_MESSAGE };

function ValueBetList({ arriving }: { arriving: Arriving<Served<ValueBets>> }) {
  const lite = useLitePage();
  return (
    <ToolList arriving={arriving} messages={MESSAGES}>
      {({ valueBets, minNetEvPct, markets }, { now, ageNow, timeZone }) => {
        // Before any card renders: the names of the markets beyond the eight come with the answer.
        learnToolMarkets(markets);
        return (
          <>
            <HowItWorks minNetEvPct={minNetEvPct} />
            {valueBets.length === 0 && <p className="py-5">{noValueBetsMessage(minNetEvPct, lite)}</p>}
            {valueBets.length > 0 && (
              <ol className="value-list">
                {valueBets.map((bet) => (
                  <ValueBetItem key={`${bet.event.id}:${bet.marketId}:${bet.selectionTypeId}:${bet.provider}`} bet={bet} now={now} ageNow={ageNow} timeZone={timeZone} />
                ))}
              </ol>
            )}
          </>
        );
      }}
    </ToolList>
  );
}

function ValueBetsBoard() {
  const data = useLoaderData<typeof loader>();
  useToolRefresh(data !== null);
  return (
    <ToolPage title="Value bets">
      <p className="mb-3">
        Prices above the market&apos;s fair price by more than the tax on winnings takes, right now, across every competition we compare, in
        every market where exactly one selection wins.
      </p>
      {data && <ValueBetList arriving={data.valueBets} />}
    </ToolPage>
  );
}

/**
 * /value-bets (docs/design.md, Value bets): prices whose expected value after the tax on winnings,
 * against the bookmakers' consensus fair price, is at least 1 %, the largest first (decision 037).
 */
export function ValueBetsPage() {
  return (
    <RequireSession>
      <PageMeta
        title="Value bets"
        description="Football prices at Nigerian bookmakers above the market's fair price after the 5% tax on winnings, with the fair price and the expected value of each after tax."
      />
      <ValueBetsBoard />
    </RequireSession>
  );
}
