import { useState, type JSX } from "react";
import type { AlertChannelsView, TelegramLink } from "#shared/alerts-contract.ts";
import { ENDPOINTS } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { apiCall } from "../backend/http.ts";
import { PageForm } from "../components/page-form.tsx";

/** The profile page's Telegram posts (docs/design.md, Alerts, Channels, Telegram), taken by server/lite/telegram-forms.ts without JavaScript. */
export const TELEGRAM_FORM_POSTS = { link: "/profile/telegram/link", unlink: "/profile/telegram/unlink" } as const;

/** Whether the bot is on and this bettor's chat linked: the Alerts view's `channels.telegram` (GET /users/alerts). */
export type TelegramState = AlertChannelsView["telegram"];

export const TELEGRAM_UNLINKED_MESSAGE = "Telegram unlinked: no more alerts there.";

type Said = { link: TelegramLink } | { status: string } | { message: string } | undefined;

const failure = (error: unknown) => ({ message: error instanceof ApiError ? error.message : "Something went wrong. Please try again." });

/**
 * Telegram on the profile page: "Linked to Telegram" with Unlink when this bettor's chat is linked,
 * else "Link Telegram" for a single-use link to open in Telegram (10 minutes); nothing when the bot
 * is off (`available` false). Without JavaScript each button is a form post: linking goes straight
 * to Telegram, unlinking comes back here with the page read again.
 */
export function TelegramLinkBox({ telegram }: { telegram: TelegramState }): JSX.Element | null {
  // With JavaScript an unlink changes the page in place; a link is only made in Telegram, so the page says so when it is next read.
  const [linked, setLinked] = useState(telegram.linked);
  const [said, setSaid] = useState<Said>(undefined);
  if (!telegram.available) return null;
  const link = () =>
    apiCall<TelegramLink>(ENDPOINTS.telegramLink.method, ENDPOINTS.telegramLink.path, {}).then(
      (answer) => setSaid({ link: answer }),
      (error: unknown) => setSaid(failure(error)),
    );
  const unlink = () =>
    apiCall(ENDPOINTS.telegramUnlink.method, ENDPOINTS.telegramUnlink.path, {}).then(
      () => {
        setLinked(false);
        setSaid({ status: TELEGRAM_UNLINKED_MESSAGE });
      },
      (error: unknown) => setSaid(failure(error)),
    );
  return (
    <section className="box" aria-labelledby="telegram-heading">
      <h2 id="telegram-heading" className="title is-5">
        Telegram
      </h2>
      {linked ? (
        <>
          <p className="mb-3">
            <strong>Linked to Telegram.</strong> {telegram.muted ? "Alerts there are muted from the bot (/mute 0 turns them back on)." : "Your alerts reach you there, and the bot knows your account."}
          </p>
          <PageForm action={TELEGRAM_FORM_POSTS.unlink} onSubmit={() => void unlink()}>
            <button type="submit" className="button is-light">
              Unlink
            </button>
          </PageForm>
        </>
      ) : (
        <>
          <p className="mb-3">Get your alerts in Telegram, and paste booking codes to our bot to see which bookmaker pays most.</p>
          <PageForm action={TELEGRAM_FORM_POSTS.link} onSubmit={() => void link()}>
            <button type="submit" className="button is-link">
              Link Telegram
            </button>
          </PageForm>
        </>
      )}
      <TelegramSaid said={said} />
    </section>
  );
}

/** What a tap did: the link to open (politely announced), a status, or why it was refused. */
function TelegramSaid({ said }: { said: Said }): JSX.Element {
  return (
    <>
      <div aria-live="polite">
        {said && "link" in said && (
          <p className="mt-3">
            <a href={said.link.url} className="button is-success" rel="noopener">
              Open Telegram to link
            </a>{" "}
            The link works once, for 10 minutes.
          </p>
        )}
        {said && "status" in said && <p className="mt-3">{said.status}</p>}
      </div>
      {said && "message" in said && (
        <p className="has-text-danger mt-3" role="alert">
          {said.message}
        </p>
      )}
    </>
  );
}
