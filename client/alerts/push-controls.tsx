import type { JSX } from "react";
import { Link } from "react-router";
import type { AlertChannelsView } from "#shared/alerts-contract.ts";
import { useAppRunning } from "../boot/use-app-running.ts";
import { pushSupported, usePushSubscription } from "./use-push-subscription.ts";

/**
 * The Alerts page's Web Push controls (docs/design.md, Channels: Web Push): turn push alerts on or
 * off for this browser, or say that it cannot receive them and offer Telegram or e-mail. A page
 * without JavaScript (or Opera Mini, which has no service worker) gets that line from the server.
 */

function Elsewhere({ lead }: { lead: string }): JSX.Element {
  return (
    <p className="push-controls-elsewhere">
      {lead} Get alerts on Telegram instead (link it on <Link to="/profile">your profile</Link>), or by e-mail.
    </p>
  );
}

export function PushControls({ available, publicKey, subscriptions }: AlertChannelsView["push"]): JSX.Element {
  const running = useAppRunning();
  const supported = running && pushSupported();
  const { status, problem, turnOn, turnOff } = usePushSubscription({ supported, available, publicKey, subscriptions });

  if (!available) return <Elsewhere lead="Push alerts are not available on this site right now." />;
  if (!supported) return <Elsewhere lead="This browser cannot receive push alerts." />;
  // Wraps at 240 px: a Bulma button keeps to one line otherwise.
  const button = { className: "button is-small", style: { whiteSpace: "normal", height: "auto" } } as const;
  return (
    <div className="push-controls">
      <p role="status">
        {status === "on" && "Push alerts are on for this browser."}
        {status === "off" && "Push alerts are off for this browser."}
        {status === "checking" && "Checking push alerts on this browser…"}
        {status === "working" && "One moment…"}
        {status === "denied" && "Notifications are blocked for this site, so push alerts cannot reach this browser."}
      </p>
      {status === "denied" && (
        <p>To allow them, open this site&apos;s settings in your browser (the lock or ⓘ beside the address), set Notifications to Allow, then reload this page.</p>
      )}
      {status === "off" && (
        <button type="button" {...button} onClick={() => void turnOn()}>
          Turn on push alerts on this phone
        </button>
      )}
      {status === "on" && (
        <button type="button" {...button} onClick={() => void turnOff()} aria-label="Turn off push alerts on this browser">
          Turn off
        </button>
      )}
      {problem && (
        <p className="help is-danger" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
