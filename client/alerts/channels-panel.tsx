import { useId, type JSX } from "react";
import { Link } from "react-router";
import type { AlertChannelsView } from "#shared/alerts-contract.ts";
import { PushControls } from "./push-controls.tsx";

function TelegramState({ telegram }: { telegram: AlertChannelsView["telegram"] }): JSX.Element {
  if (!telegram.available) return <>Telegram alerts are not available on this site.</>;
  if (telegram.linked) return <>{telegram.muted ? "Linked, and muted from the bot." : "Linked."}</>;
  return (
    <>
      Not linked. <Link to="/profile">Link Telegram on your profile</Link>
    </>
  );
}

/**
 * Where alerts reach this bettor (docs/design.md, Channels): Telegram linked or the way to link it,
 * this browser's push (the push part's controls), and e-mail on or off (`emailOn`: as last saved,
 * which the settings form below changes).
 */
export function ChannelsPanel({ channels, emailOn }: { channels: AlertChannelsView; emailOn: boolean }): JSX.Element {
  const id = useId();
  return (
    <section className="alert-channels" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="title is-5 mb-2">
        Where alerts reach you
      </h2>
      <ul>
        <li>
          <strong>Telegram:</strong> <TelegramState telegram={channels.telegram} />
        </li>
        <li>
          <strong>Push:</strong> <PushControls {...channels.push} />
        </li>
        <li>
          <strong>E-mail:</strong> {emailOn ? "On." : "Off: switch it on below."}
        </li>
      </ul>
    </section>
  );
}
