import { useState, type JSX } from "react";
import type { TelegramLink } from "#shared/alerts-contract.ts";
import { ENDPOINTS } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { apiCall } from "../backend/http.ts";
import { PageForm } from "../components/page-form.tsx";

/** The profile page's Telegram posts (docs/design.md, Alerts, Channels, Telegram), taken by server/lite/telegram-forms.ts without JavaScript. */
export const TELEGRAM_FORM_POSTS = { link: "/profile/telegram/link", unlink: "/profile/telegram/unlink" } as const;

type Said = { link: TelegramLink } | { status: string } | { message: string } | undefined;

const failure = (error: unknown) => ({ message: error instanceof ApiError ? error.message : "Something went wrong. Please try again." });

/**
 * Link Telegram from the profile page: a single-use link to open in Telegram (10 minutes), or
 * unlink. Without JavaScript each button is a form post: linking goes straight to Telegram.
 */
export function TelegramLinkBox(): JSX.Element {
  const [said, setSaid] = useState<Said>(undefined);
  const link = () =>
    apiCall<TelegramLink>(ENDPOINTS.telegramLink.method, ENDPOINTS.telegramLink.path, {}).then(
      (answer) => setSaid({ link: answer }),
      (error: unknown) => setSaid(failure(error)),
    );
  const unlink = () =>
    apiCall(ENDPOINTS.telegramUnlink.method, ENDPOINTS.telegramUnlink.path, {}).then(
      () => setSaid({ status: "Telegram unlinked: no more alerts there." }),
      (error: unknown) => setSaid(failure(error)),
    );
  return (
    <section className="box" aria-labelledby="telegram-heading">
      <h2 id="telegram-heading" className="title is-5">
        Telegram
      </h2>
      <p className="mb-3">Get your alerts in Telegram, and paste booking codes to our bot to see which bookmaker pays most.</p>
      <div className="buttons">
        <PageForm action={TELEGRAM_FORM_POSTS.link} onSubmit={() => void link()}>
          <button type="submit" className="button is-link">
            Link Telegram
          </button>
        </PageForm>
        <PageForm action={TELEGRAM_FORM_POSTS.unlink} onSubmit={() => void unlink()}>
          <button type="submit" className="button is-light">
            Unlink
          </button>
        </PageForm>
      </div>
      <div aria-live="polite">
        {said && "link" in said && (
          <p>
            <a href={said.link.url} className="button is-success" rel="noopener">
              Open Telegram to link
            </a>{" "}
            The link works once, for 10 minutes.
          </p>
        )}
        {said && "status" in said && <p>{said.status}</p>}
      </div>
      {said && "message" in said && (
        <p className="has-text-danger" role="alert">
          {said.message}
        </p>
      )}
    </section>
  );
}
