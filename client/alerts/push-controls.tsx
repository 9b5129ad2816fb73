import type { JSX } from "react";
import type { AlertChannelsView } from "#shared/alerts-contract.ts";

/**
 * The Alerts page's Web Push controls (docs/design.md, Channels): subscribe and unsubscribe this
 * browser, or say that it cannot receive push and offer Telegram or e-mail.
 * Scaffolding: the Web Push part replaces this body.
 */
export function PushControls({ available }: AlertChannelsView["push"]): JSX.Element {
  return <p>{available ? "Push alerts are being set up." : "Push alerts are not available on this site."}</p>;
}
