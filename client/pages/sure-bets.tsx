import { useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import { TAX_ON_WINNINGS_RATE } from "#shared/math/bookmaker-rules.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { SureBet, SureBets, ToolMarket } from "#shared/contract.ts";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, type Arriving } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { RequireSession } from "../session/require-session.tsx";
import { SureBetCard } from "../tools/sure-bets/sure-bet-card.tsx";
import { SPLIT_PARAMS, type SplitTarget } from "../tools/sure-bets/stake-calculator.tsx";
import { chosenSureBets, choiceKey, SureBetFilters, sureBetChoiceOf, type SureBetChoice } from "../tools/sure-bets/sure-bet-filters.tsx";
import { ToolList, type ToolClocks } from "../tools/tool-list.tsx";
import { changeSummary, useSteadyList } from "../tools/use-steady-list.ts";
import { useToolRefresh } from "../tools/use-tool-refresh.ts";
import { useKeptAnswer } from "../tools/use-kept-answer.ts";
import { learnToolMarkets, useKeptMarkets } from "../tools/tool-markets.ts";
import { ToolPage } from "../components/tool-page.tsx";
import { FlashNotice } from "../components/page-form.tsx";
import { SureAlert } from "../alerts/alert-me.tsx";
import { sureAlertProfit } from "../alerts/alert-taps.ts";
import { useLitePage } from "../components/lite-refresh.tsx";

export const SURE_BETS_LOADING_MESSAGE = "Loading sure bets...";
export const SURE_BETS_LOAD_FAILED_MESSAGE = "Failed to load sure bets";
export const SURE_BETS_REFRESH_FAILED_MESSAGE =
  "Could not refresh the sure bets: the prices below may have moved.";
const NO_SURE_BETS = "No sure bet right now. They are rare and vanish within minutes, as soon as a bookmaker moves its price";
export const NO_SURE_BETS_MESSAGE = `${NO_SURE_BETS}: this page updates itself while it is open.`;
/** A lite page has no script to update it (docs/design.md, Pages without JavaScript). */
export const NO_SURE_BETS_LITE_MESSAGE = `${NO_SURE_BETS}. Refresh the prices to look again.`;
export const NO_CHOSEN_SURE_BETS_MESSAGE = "No sure bet matches your choice right now. Widen it (all leagues, all markets, any profit) to see every one.";
export const SURE_BETS_WARNING =
  "Prices move, bookmakers limit stakes and may void bets on sure bets: if one leg is refused or voided, the others are ordinary bets that can lose. A price marked Boosted is a promotion, usually for small stakes only. Check each price at the bookmaker before you stake.";
export const SURE_BETS_TAX_NOTE = `Every licensed Nigerian bookmaker withholds ${TAX_ON_WINNINGS_RATE * 100}% of winnings as tax. The profit shown is after that tax, the stakes are split so every result pays the same after it, and a market that makes a profit only before tax is not listed.`;

export interface SureBetsData {
  sureBets: Arriving<Served<SureBets>>;
}

/** /sure-bets' data, on the server for the first HTML and in the browser for later visits and refreshes (docs/design.md, One data path per screen). */
export async function loader({ context }: LoaderFunctionArgs): Promise<SureBetsData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  return deliver(context, { sureBets: settle(source.sureBets(LIVE_COUNTRY_ID)) });
}

/**
 * A new filter choice narrows the list in the browser (the API answers every sure bet): only the
 * page's own refreshes (useToolRefresh, same URL) and other navigations ask again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

const MESSAGES = { loading: SURE_BETS_LOADING_MESSAGE, loadFailed: SURE_BETS_LOAD_FAILED_MESSAGE, refreshFailed: SURE_BETS_REFRESH_FAILED_MESSAGE };

const sureBetKey = (bet: SureBet) => `${bet.event.id}:${bet.marketId}`;

/** A sure bet's calculator as the page's URL names it (`?bet=KEY&total=N&round=50`: a split asked by form, without JavaScript). */
function splitOf(key: string, params: URLSearchParams): SplitTarget {
  const mine = params.get(SPLIT_PARAMS.bet) === key;
  const asked = mine ? params.get(SPLIT_PARAMS.total) : null;
  const round = mine ? params.get(SPLIT_PARAMS.round) : null;
  return { bet: key, anchor: `sure-${key.replace(/[^\w-]/g, "-")}`, asked: asked?.slice(0, 40), round: round?.slice(0, 40) };
}

/**
 * The sure bets the choice keeps, held steady while the page refreshes itself
 * (docs/design.md, Sure bets): a bet keeps its place and takes its new figures, one that went stays
 * marked until the bettor asks, and new ones wait behind '2 new, 1 gone' and its Show button.
 */
function SteadySureBets({ sureBets, markets, choice, clocks }: { sureBets: readonly SureBet[]; markets: readonly ToolMarket[] | undefined; choice: SureBetChoice; clocks: ToolClocks }) {
  // Before any card renders: the names of the markets beyond the eight come with the answer.
  learnToolMarkets(markets);
  const chosen = chosenSureBets(sureBets, choice);
  const { rows, added, gone, show } = useSteadyList(chosen, sureBetKey, choiceKey(choice));
  const { now, ageNow, timeZone } = clocks;
  const [params] = useSearchParams();
  const lite = useLitePage();
  const none = sureBets.length > 0 ? NO_CHOSEN_SURE_BETS_MESSAGE : lite ? NO_SURE_BETS_LITE_MESSAGE : NO_SURE_BETS_MESSAGE;
  return (
    <>
      <div role="status" className="steady-news">
        {(added > 0 || gone > 0) && (
          <p className="notification is-info is-light py-2 px-3">
            {changeSummary(added, gone)} since you opened this list.{" "}
            <button type="button" className="button is-small is-link ml-2" onClick={show}>
              Show
            </button>
          </p>
        )}
      </div>
      {rows.length === 0 && <p className="py-5">{none}</p>}
      {rows.map(({ key, item, gone: left }) =>
        left ? (
          <div key={key} className="steady-gone">
            <p className="steady-gone-note">
              <strong>Gone:</strong> no longer a sure bet at the latest prices. The figures below are as they were.
            </p>
            <SureBetCard bet={item} now={now} ageNow={ageNow} timeZone={timeZone} split={splitOf(key, params)} />
          </div>
        ) : (
          <SureBetCard key={key} bet={item} now={now} ageNow={ageNow} timeZone={timeZone} split={splitOf(key, params)} />
        ),
      )}
    </>
  );
}

function SureBetList({ arriving, choice }: { arriving: Arriving<Served<SureBets>>; choice: SureBetChoice }) {
  return (
    <ToolList arriving={arriving} messages={MESSAGES}>
      {({ sureBets, markets }, clocks) => <SteadySureBets sureBets={sureBets} markets={markets} choice={choice} clocks={clocks} />}
    </ToolList>
  );
}

function SureBetsBoard() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const choice = sureBetChoiceOf(`/sure-bets?${params.toString()}`);
  // The Market choice lists the markets the board reads, as its answer names them.
  const { served } = useKeptAnswer(data?.sureBets ?? null);
  const markets = useKeptMarkets(served?.ok ? served.data.markets : undefined);
  useToolRefresh(data !== null);
  return (
    <ToolPage title="Sure bets (arbitrage)">
      <p className="mb-3">
        When the best prices of one market, each at its own bookmaker, are high enough, backing every
        outcome pays back more than your total stake whichever result comes. These are the markets where
        that holds at the prices listed now, with the stake for each outcome.
      </p>
      <p className="mb-3">{SURE_BETS_TAX_NOTE}</p>
      <p className="notification is-warning is-light tool-note">{SURE_BETS_WARNING}</p>
      <FlashNotice />
      {data && (
        <>
          <SureBetFilters choice={choice} markets={markets} />
          <SureAlert profit={sureAlertProfit(choice.minProfit)} back={params.toString() ? `/sure-bets?${params.toString()}` : "/sure-bets"} />
          <SureBetList arriving={data.sureBets} choice={choice} />
        </>
      )}
    </ToolPage>
  );
}

/**
 * /sure-bets (docs/design.md, Sure bets; Tax on sure bets and value bets): markets whose best prices
 * return more than the stakes whichever result comes, after the tax on winnings, with a stake split
 * for a total in naira.
 */
export function SureBetsPage() {
  return (
    <RequireSession>
      <PageMeta
        title="Sure bets (arbitrage)"
        description="Football markets where the best prices at Nigerian bookmakers return more than the stakes whichever result comes, after the 5% tax on winnings, with the stake for each outcome."
      />
      <SureBetsBoard />
    </RequireSession>
  );
}
