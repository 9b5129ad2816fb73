import { bookmakerName } from "#shared/reference.ts";
import { useEffect, type JSX } from "react";
import { Link, redirect, useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import type { BookingRead } from "#shared/contract.ts";
import { bookingFailure } from "../booking/booking-errors.ts";
import { codePath, codeTarget, normalisePastedCode, type CodeTarget } from "../booking/books.ts";
import { CodeContents } from "../booking/code-contents.tsx";
import { LiteRefresh } from "../components/lite-refresh.tsx";
import { FlashNotice } from "../components/page-form.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { RetryButton } from "../components/retry-button.tsx";
import { useArrived, type Arriving } from "../loaders/page-data.ts";
import { protectedSource } from "../loaders/page-data.ts";
import { serverContext, type DataSource } from "../server-context.ts";
import { RequireSession } from "../session/require-session.tsx";

/** A code read, or what the bettor is told when it could not be (client/booking/booking-errors.ts). */
export type CodeReading = { ok: true; read: BookingRead } | { ok: false; message: string };

/**
 * The page's data: the bookmaker and code its path names (or why they name none), and the code read.
 * `reading` null: the server rendered the page without reading.
 */
export interface CodePageData {
  target: CodeTarget;
  reading: Arriving<CodeReading> | null;
}

/** The query that has the server read the code before it answers: for a browser without JavaScript, which cannot read it after. */
const [READ_PARAM, NOW] = ["read", "now"];
export const READ_NOW = `${READ_PARAM}=${NOW}`;

function readCode(source: DataSource, provider: number, code: string): Promise<CodeReading> {
  return source.readBookingCode(provider, code).then(
    (read): CodeReading => ({ ok: true, read }),
    (error: unknown): CodeReading => ({ ok: false, message: bookingFailure(error, provider, "read") }),
  );
}

/**
 * /code/:bookmaker/:code's data (docs/design.md, One data path per screen). A visitor is sent home as on
 * every protected page. Reading a code is a round trip to the bookmaker of one to five seconds, so the
 * server does not hold the first HTML for it: the page comes at once saying it is reading, and the
 * browser runs this loader again to read (docs/design.md, Booking codes). A page the server knows will
 * run no script (lite: Save-Data or the lite choice) is read before it is answered; a browser with
 * JavaScript off, which the server cannot tell, follows the page's `<noscript>` refresh to `?read=now`
 * (decision 039).
 */
export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<CodePageData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const target = codeTarget(params.bookmaker, params.code);
  if (!target.ok) return { target, reading: null };
  const server = serverContext(context);
  if (!server) return { target, reading: readCode(source, target.provider, target.code) };
  // Without JavaScript (docs/design.md, Pages without JavaScript) nothing reads it after: a lite page,
  // or `?read=now` (the paste form's way here, the page's link for a browser without script), waits.
  const waits = server.lite === true || new URL(request.url).searchParams.get(READ_PARAM) === NOW;
  return { target, reading: waits ? await readCode(source, target.provider, target.code) : null };
}

/**
 * /code?provider=3&code=AB12CD: where the betslip's "Paste a booking code" form lands without
 * JavaScript, on to that code's page, read before it is answered. The page itself says when the
 * bookmaker or the code is not one we can read.
 */
export function pastedLoader({ context, request }: LoaderFunctionArgs): Response | null {
  if (!protectedSource(context)) return null;
  const asked = new URL(request.url).searchParams;
  // Cut by whole characters: half of one would make the path unencodable.
  const code = Array.from(normalisePastedCode(asked.get("code") ?? "")).slice(0, 40).join("");
  return redirect(`${codePath(Number(asked.get("provider")), code || "-")}?${READ_NOW}`);
}

function BackToSlip(): JSX.Element {
  return (
    <p className="mt-3">
      <Link to="/betslip">Paste another code on your betslip</Link>
    </p>
  );
}

function Reading({ provider, reading }: { provider: number; reading: Arriving<CodeReading> | null }): JSX.Element {
  const arrived = useArrived(reading);
  const revalidator = useRevalidator();
  const notRead = reading === null;
  useEffect(() => {
    // Rendered on the server without reading: read now, in the browser.
    if (notRead) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the page as the server rendered it (the revalidator is new each render)
  }, [notRead]);
  if (!arrived) {
    return (
      <>
        <p className="py-5" role="status">
          Reading the code at {bookmakerName(provider)}...
        </p>
        {/* Only a browser without JavaScript reads these: nothing reads the code there after the page comes,
            so it goes on at once to the page the server reads first, and a browser that will not follow a
            refresh gets the link (decision 039). */}
        <noscript>
          <meta httpEquiv="refresh" content={`0; url=?${READ_NOW}`} />
          <a href={`?${READ_NOW}`}>Show what this code holds</a>
        </noscript>
      </>
    );
  }
  if (!arrived.ok) {
    return (
      <div className="notification is-danger is-light" role="alert">
        <p>{arrived.message}</p>
        <RetryButton onRetry={() => void revalidator.revalidate()} busy={revalidator.state === "loading"} />
      </div>
    );
  }
  return (
    <>
      <LiteRefresh />
      <CodeContents read={arrived.read} onBetslip={false} />
    </>
  );
}

function CodeBoard(): JSX.Element | null {
  const data = useLoaderData<typeof loader>();
  if (!data) return null;
  const { target, reading } = data;
  if (!target.ok) {
    return (
      <>
        <p className="notification is-warning is-light" role="alert">
          {target.message}
        </p>
        <BackToSlip />
      </>
    );
  }
  return (
    <>
      <Reading key={`${target.provider}:${target.code}`} provider={target.provider} reading={reading} />
      <BackToSlip />
    </>
  );
}

/** /code/:bookmaker/:code: one bookmaker's booking code, read and compared (docs/design.md, Booking codes); signed-in like the betslip. */
export function BookingCodePage(): JSX.Element {
  return (
    <RequireSession>
      <PageMeta title="Booking code" description="A bookmaker's booking code read and compared across the five Nigerian bookmakers." />
      <section className="section px-3">
        <div className="container is-max-tablet">
          <p className="mb-3">
            <Link to="/betslip">&larr; Back to your betslip</Link>
          </p>
          <h1 className="title is-4 mb-3">Booking code</h1>
          <FlashNotice />
          <CodeBoard />
        </div>
      </section>
    </RequireSession>
  );
}
