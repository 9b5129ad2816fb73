import type { JSX } from "react";
import type { AlertRuleView } from "#shared/alerts-contract.ts";
import { PageForm } from "../components/page-form.tsx";
import { FORM_POSTS } from "../route-paths.ts";
import { alertTime, channelWords, isMuted, thresholdWords } from "./rule-words.ts";

/** What the bettor does to one rule: mute it for 24 hours (0: unmute), or delete it. */
export type RuleAction = { kind: "mute"; id: string; hours: 0 | 24 } | { kind: "delete"; id: string };

export const MUTE_HOURS = 24;

/**
 * One followed rule (docs/product.md, Alerts): what it follows, its threshold in words, its channels,
 * until when it is muted and its last alert; Mute 24 h or Unmute, and Delete, each a form post
 * without JavaScript and the contract's call with it (`act`). Each button's name ends with the rule's
 * title, so a screen reader's list of buttons says which rule each acts on.
 */
function RuleItem({ rule, now, timeZone, busy, act }: { rule: AlertRuleView; now: number; timeZone: string; busy: boolean; act(action: RuleAction): void }): JSX.Element {
  const muted = isMuted(rule, now);
  const hours = muted ? 0 : MUTE_HOURS;
  return (
    <li className="alert-rule">
      <h3 className="alert-rule-title">{rule.title}</h3>
      <p>{thresholdWords(rule)}</p>
      <dl className="alert-rule-facts">
        <div>
          <dt>Channels</dt>
          <dd>{channelWords(rule.channels)}</dd>
        </div>
        {muted && rule.mutedUntil && (
          <div>
            <dt>Muted until</dt>
            <dd>{alertTime(rule.mutedUntil, timeZone)}</dd>
          </div>
        )}
        <div>
          <dt>Last alert</dt>
          <dd>{rule.lastFiredAt ? alertTime(rule.lastFiredAt, timeZone) : "None yet"}</dd>
        </div>
      </dl>
      <div className="alert-rule-actions">
        <PageForm action={FORM_POSTS.changeAlert} hidden={{ id: rule.id, hours: String(hours) }} onSubmit={() => act({ kind: "mute", id: rule.id, hours })}>
          <button type="submit" className="button is-small is-light" disabled={busy} aria-label={`${muted ? "Unmute" : "Mute 24 h"}: ${rule.title}`}>
            {muted ? "Unmute" : "Mute 24 h"}
          </button>
        </PageForm>
        <PageForm action={FORM_POSTS.deleteAlert} hidden={{ id: rule.id }} onSubmit={() => act({ kind: "delete", id: rule.id })}>
          <button type="submit" className="button is-small is-danger is-light" disabled={busy} aria-label={`Delete: ${rule.title}`}>
            Delete
          </button>
        </PageForm>
      </div>
    </li>
  );
}

export function RuleList({ rules, now, timeZone, busy, act }: { rules: readonly AlertRuleView[]; now: number; timeZone: string; busy: string | null; act(action: RuleAction): void }): JSX.Element {
  return (
    <ul className="alert-rules">
      {rules.map((rule) => (
        <RuleItem key={rule.id} rule={rule} now={now} timeZone={timeZone} busy={busy === rule.id} act={act} />
      ))}
    </ul>
  );
}
