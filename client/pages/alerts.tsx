import type { JSX } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { AlertsView } from "#shared/alerts-contract.ts";
import { ChannelsPanel } from "../alerts/channels-panel.tsx";
import { RuleList } from "../alerts/rule-list.tsx";
import { SettingsPanel } from "../alerts/settings-panel.tsx";
import { useAlertsBoard, type BoardSaid } from "../alerts/use-alerts-board.ts";
import { ToolPage } from "../components/tool-page.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { FlashNotice } from "../components/page-form.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { deliver, protectedSource, useArrived, type Arriving } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { RequireSession } from "../session/require-session.tsx";
import { useRootData } from "../session/root-data.ts";

export const ALERTS_LOAD_FAILED_MESSAGE = "Failed to load your alerts";
export const ALERTS_LOADING_MESSAGE = "Loading your alerts...";
/** Said once the bettor follows the most rules the API keeps (docs/design.md, What a bettor follows). */
export const maxRulesMessage = (max: number) => `You follow ${max} things, the most there can be: delete one to follow another.`;

export interface AlertsData {
  alerts: Arriving<Served<AlertsView>>;
}

/** /alerts' data: the rules, settings and channels, on the server for the first HTML and in the browser after (docs/design.md, One data path per screen). */
export async function loader({ context }: LoaderFunctionArgs): Promise<AlertsData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  return deliver(context, { alerts: settle(source.alerts()) });
}

/** Nothing followed yet: what can be, and where its "Alert me" is. */
function EmptyAlerts(): JSX.Element {
  return (
    <div className="alert-empty">
      <p className="mb-2">
        <strong>You follow nothing yet.</strong> Tap &quot;Alert me&quot; to be told, in Telegram, by push or by e-mail:
      </p>
      <ul className="mb-3">
        <li>
          when an outcome&apos;s best price reaches a target, or a match&apos;s prices move: under the odds on a <Link to="/dashboard">match page</Link>;
        </li>
        <li>
          when your <Link to="/betslip">betslip</Link>&apos;s best payout or best bookmaker changes: on the betslip;
        </li>
        <li>
          when new <Link to="/sure-bets">sure bets</Link> come: on the sure bets page.
        </li>
      </ul>
    </div>
  );
}

function SaidLine({ said }: { said: BoardSaid | null }): JSX.Element {
  // Always in the page, so a screen reader hears what a tap did (WAI-ARIA live regions).
  return (
    <div role="status" className="alert-said">
      {said && <p className={`notification is-light py-2 px-3 mb-3 ${"message" in said ? "is-danger" : "is-success"}`}>{"message" in said ? said.message : said.status}</p>}
    </div>
  );
}

function AlertsBoard({ view }: { view: AlertsView }): JSX.Element {
  const root = useRootData();
  const board = useAlertsBoard(view);
  const { rules, settings } = board;
  return (
    <>
      <SaidLine said={board.said} />
      <h2 className="title is-5 mb-2">
        What you follow{" "}
        <span className="alert-count">
          ({rules.length} of {view.maxRules})
        </span>
      </h2>
      {rules.length >= view.maxRules && <p className="notification is-warning is-light">{maxRulesMessage(view.maxRules)}</p>}
      {rules.length === 0 ? <EmptyAlerts /> : <RuleList rules={rules} now={root.now} timeZone={root.timeZone} busy={board.busy} act={board.act} />}
      <ChannelsPanel channels={view.channels} emailOn={!settings.emailOff} />
      <SettingsPanel key={JSON.stringify(settings)} settings={settings} busy={board.busy === "settings"} save={board.save} refuse={board.refuse} />
    </>
  );
}

/** One key per view read, so a new read (a visit again) starts the board from it, not from the last one's changes. */
const reads = new WeakMap<AlertsView, number>();
let lastRead = 0;
const readKey = (view: AlertsView) => {
  if (!reads.has(view)) reads.set(view, ++lastRead);
  return reads.get(view)!;
};

function AlertsBody({ arriving }: { arriving: Arriving<Served<AlertsView>> }): JSX.Element {
  const served = useArrived(arriving);
  if (!served) {
    return (
      <p className="has-text-centered py-5" role="status">
        {ALERTS_LOADING_MESSAGE}
      </p>
    );
  }
  if (!served.ok) return <LoadFailed message={ALERTS_LOAD_FAILED_MESSAGE} />;
  return <AlertsBoard key={readKey(served.data)} view={served.data} />;
}

function Alerts(): JSX.Element {
  const data = useLoaderData<typeof loader>();
  return (
    <ToolPage title="Alerts">
      <p className="mb-3">What you follow, and where alerts reach you. An alert about an outcome or your betslip carries a booking code at the bookmaker that pays most, when one can be made.</p>
      <FlashNotice />
      {data && <AlertsBody arriving={data.alerts} />}
    </ToolPage>
  );
}

/** /alerts (docs/product.md, Alerts): the rules a bettor follows, muted or deleted, their channels and quiet hours; works without JavaScript. */
export function AlertsPage(): JSX.Element {
  return (
    <RequireSession>
      <PageMeta title="Alerts" description="The prices, matches, betslip and sure bets you follow on AfriOdds, and where their alerts reach you." />
      <Alerts />
    </RequireSession>
  );
}
