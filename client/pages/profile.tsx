import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import type { UserProfile } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { PROFILE_NO_DATA_MESSAGE, PROFILE_UNEXPECTED_MESSAGE, flowErrorMessage } from "#shared/messages.ts";
import { countryName } from "#shared/reference.ts";
import { PageMeta } from "../components/page-meta.tsx";
import { RetryButton } from "../components/retry-button.tsx";
import { deliver, protectedSource, useArrived, type Arriving } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { RequireSession } from "../session/require-session.tsx";
import { ALERTS_PATH, FORM_POSTS } from "../route-paths.ts";
import { FlashNotice, PageForm } from "../components/page-form.tsx";
import { useRootData } from "../session/root-data.ts";
import { TelegramLinkBox, type TelegramState } from "./profile-telegram.tsx";

export type ProfileState =
  | { status: "ready"; profile: UserProfile }
  | { status: "empty" }
  | { status: "error"; message: string };

export interface ProfileData {
  profile: Arriving<ProfileState>;
  /** Telegram as the Alerts view has it (GET /users/alerts): whether the bot is on and this bettor linked. */
  telegram: Arriving<Served<TelegramState>>;
}

/** The server's description for a coded API error, else the generic lines (docs/product.md, Messages per flow). */
function profileError(error: unknown): string {
  return error instanceof ApiError ? flowErrorMessage("profile", error) : PROFILE_UNEXPECTED_MESSAGE;
}

/**
 * /profile's data: the account as the API knows it, and whether Telegram is linked (the Alerts
 * view's `channels.telegram`), on the server and in the browser alike
 * (docs/design.md, One data path per screen).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<ProfileData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const profile = source.me().then(
    (found): ProfileState => (found ? { status: "ready", profile: found } : { status: "empty" }),
    (error: unknown): ProfileState => ({ status: "error", message: profileError(error) }),
  );
  const telegram = settle(source.alerts().then((view) => view.channels.telegram));
  return deliver(context, { profile, telegram });
}

function zoned(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat("en-GB", { timeZone, ...options }).format(date);
}

/** '22 November 2026' in the viewer's zone. */
function formatDay(iso: string, timeZone: string): string {
  return zoned(iso, timeZone, { day: "numeric", month: "long", year: "numeric" }) ?? "-";
}

/** '22 November 2026, 14:05' in the viewer's zone; built from two parts because engines differ on the joiner. */
function formatDayTime(iso: string, timeZone: string): string {
  const time = zoned(iso, timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return time ? `${formatDay(iso, timeZone)}, ${time}` : "-";
}

function Details({ profile, timeZone }: { profile: UserProfile; timeZone: string }) {
  const rows: Array<[string, string]> = [
    ["Username", profile.username],
    ["Email", profile.email],
    ["Country", countryName(profile.country)],
    ["Member Since", formatDay(profile.registrationDate, timeZone)],
  ];
  if (profile.lastLogin) rows.push(["Last Login", formatDayTime(profile.lastLogin, timeZone)]);
  return (
    <div className="box">
      <table className="table is-fullwidth">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="break-anywhere">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Problem({ title, message, tone, retry }: { title: string; message: string; tone: "danger" | "warning"; retry?: () => void }) {
  return (
    <div className={`notification is-${tone} is-light`} role="alert">
      <h2 className="title is-5 mb-2">{title}</h2>
      <p>{message}</p>
      {retry && <RetryButton onRetry={retry} />}
    </div>
  );
}

function ProfileBody({ data, timeZone }: { data: ProfileData; timeZone: string }) {
  const state = useArrived(data.profile);
  const revalidator = useRevalidator();
  if (!state || revalidator.state === "loading") {
    return (
      <p className="has-text-centered py-5" role="status">
        Loading profile...
      </p>
    );
  }
  if (state.status === "error") return <Problem title="Error Loading Profile" message={state.message} tone="danger" retry={() => void revalidator.revalidate()} />;
  if (state.status === "empty") return <Problem title="No Profile Data" message={PROFILE_NO_DATA_MESSAGE} tone="warning" />;
  return <Details profile={state.profile} timeZone={timeZone} />;
}

/**
 * Telegram once its state has come: nothing while it is on its way, and nothing when it could not be
 * read (alerts off answer no Alerts view, and a link the page cannot know is no link to offer).
 */
function TelegramPart({ telegram }: { telegram: ProfileData["telegram"] }) {
  const read = useArrived(telegram);
  if (!read?.ok) return null;
  // Keyed by the state read, so a page read again (a form post's return) starts from it.
  return <TelegramLinkBox key={JSON.stringify(read.data)} telegram={read.data} />;
}

/** The way to the Alerts page, which the account drawer gives only with JavaScript (docs/design.md, The Alerts page and Alert me). */
function AlertsLink() {
  return (
    <p className="box">
      <Link to={ALERTS_PATH}>Your alerts</Link>: what you follow, where alerts reach you, quiet hours and e-mail.
    </p>
  );
}

function Profile() {
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const { timeZone } = root;
  return (
    <section className="section px-3">
      <div className="container is-max-tablet">
        <h1 className="title is-4">Profile</h1>
        <FlashNotice />
        {data && <ProfileBody data={data} timeZone={timeZone} />}
        <AlertsLink />
        {data && <TelegramPart telegram={data.telegram} />}
        {/* Without JavaScript the account drawer's Logout is this form (docs/design.md, Pages without JavaScript). */}
        {root.form && (
          <PageForm action={FORM_POSTS.logout}>
            <button type="submit" className="button is-light">
              Log out
            </button>
          </PageForm>
        )}
      </div>
    </section>
  );
}

/** /profile (docs/product.md, Profile page): the account as the server knows it. */
export function ProfilePage() {
  return (
    <RequireSession>
      <PageMeta title="Your profile" description="Your AfriOdds account details." />
      <Profile />
    </RequireSession>
  );
}
