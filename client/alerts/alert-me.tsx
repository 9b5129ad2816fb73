import { useState, type JSX, type ReactNode } from "react";
import { Link } from "react-router";
import { ALERTS_PATH, FORM_POSTS, FORM_TOKEN_FIELD } from "../route-paths.ts";
import { useOptionalRootData } from "../session/root-data.ts";
import { alertCalls, refusalWords } from "./alert-calls.ts";
import { alertOfTap, alertTapValue, type AlertTap } from "./alert-taps.ts";

/** What the status line says after a tap. */
export const ALERT_SET_MESSAGE = "Alert set";
const ALERT_FAILED_MESSAGE = "The alert could not be set. Please try again.";

/**
 * The form every "Alert me" button of a page submits without JavaScript
 * (docs/design.md, Pages without JavaScript): it sits outside the page's other forms (the odds
 * tables are the betslip's), and each button names it by `form`, so a button may stand anywhere. `back`: this page with its
 * query, where the post comes back to; `eventId`: the match a target or move alert follows.
 */
export function AlertMeForm({ id, back, eventId, children }: { id: string; back: string; eventId?: string; children?: ReactNode }): JSX.Element {
  const token = useOptionalRootData()?.form?.token;
  return (
    <form id={id} method="post" action={FORM_POSTS.createAlert} className="alert-me-form" noValidate>
      {token && <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />}
      <input type="hidden" name="back" value={back} />
      {eventId !== undefined && <input type="hidden" name="event" value={eventId} />}
      {children}
    </form>
  );
}

type TapState = { phase: "idle" | "busy" } | { phase: "done"; said: string };

interface AlertMeButtonProps {
  form: string;
  tap: AlertTap;
  eventId?: string;
  /** Words before the visible ones, for screen readers only ("Alert me: " before "Home 2.63"). */
  hiddenPrefix?: string;
  /** Where what happened is said, for a row of taps that share one status line; else the button's own, beside it. */
  say?: (said: string) => void;
  children: ReactNode;
}

/**
 * One "Alert me" tap: a submit of its AlertMeForm without JavaScript; with it, the contract's
 * createAlert call and "Alert set" (or the API's reason, such as the 50 rules reached) in a status
 * line. A polite live region, not role=status: a page may hold many taps, and its own status line
 * stays the one.
 */
export function AlertMeButton({ form, tap, eventId = "", hiddenPrefix, say, children }: AlertMeButtonProps): JSX.Element {
  const [state, setState] = useState<TapState>({ phase: "idle" });
  const value = alertTapValue(tap);
  const done = (said: string) => {
    setState({ phase: "done", said });
    say?.(said);
  };
  const set = async () => {
    const request = alertOfTap(value, eventId);
    if (!request) return done(ALERT_FAILED_MESSAGE);
    setState({ phase: "busy" });
    try {
      await alertCalls.createAlert(request);
      done(ALERT_SET_MESSAGE);
    } catch (error) {
      done(refusalWords(error, ALERT_FAILED_MESSAGE));
    }
  };
  const button = (
    <button
      type="submit"
      form={form}
      name="alert"
      value={value}
      className="button is-small is-light"
      aria-busy={state.phase === "busy" || undefined}
      onClick={(click) => {
        click.preventDefault();
        if (state.phase !== "busy") void set();
      }}
    >
      {hiddenPrefix && <span className="visually-hidden">{hiddenPrefix}</span>}
      {children}
    </button>
  );
  if (say) return button;
  return (
    <span className="alert-tap">
      {button}
      <TapSaid said={state.phase === "done" ? state.said : ""} />
    </span>
  );
}

/** A tap's status line: empty until a tap says something. */
export function TapSaid({ said }: { said: string }): JSX.Element {
  return (
    <span className="alert-tap-status" aria-live="polite">
      {said}
    </span>
  );
}

/** The way to the Alerts page from a page's "Alert me" buttons. */
export function YourAlertsLink(): JSX.Element {
  return (
    <Link to={ALERTS_PATH} className="alert-me-link">
      Your alerts
    </Link>
  );
}

const SLIP_ALERT_FORM = "slip-alert-me";
const SURE_ALERT_FORM = "sure-alert-me";

/** The betslip's "Alert me" (docs/design.md, What a bettor follows): its best payout moving by 10 %, its best book changing, a leg suspended or starting, before kick-off. */
export function SlipAlert({ share }: { share: number }): JSX.Element {
  return (
    <AlertMeForm id={SLIP_ALERT_FORM} back="/betslip">
      <div className="alert-taps">
        <AlertMeButton form={SLIP_ALERT_FORM} tap={{ kind: "slip", share }}>
          Alert me when this slip&apos;s best payout moves {share}%
        </AlertMeButton>
        <YourAlertsLink />
      </div>
    </AlertMeForm>
  );
}

/** Sure bets' "Alert me": new sure bets over `profit` after tax; `back`: the list with its choice. */
export function SureAlert({ profit, back }: { profit: number; back: string }): JSX.Element {
  return (
    <AlertMeForm id={SURE_ALERT_FORM} back={back}>
      <div className="alert-taps">
        <AlertMeButton form={SURE_ALERT_FORM} tap={{ kind: "sure", profit }}>
          Alert me to new sure bets over {profit}% profit
        </AlertMeButton>
        <YourAlertsLink />
      </div>
    </AlertMeForm>
  );
}
