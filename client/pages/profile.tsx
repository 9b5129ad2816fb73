import { PageMeta } from "../components/page-meta.tsx";
import { useEffect, useState } from "react";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { UserProfile } from "#shared/contract.ts";
import {
  ApiError,
  PROFILE_NO_DATA_MESSAGE,
  PROFILE_UNEXPECTED_MESSAGE,
  flowErrorMessage,
} from "#shared/errors.ts";
import { countryName } from "#shared/reference.ts";
import { api } from "../backend/endpoints.ts";
import { withMinimumDelay } from "../lib/min-delay.ts";
import type { RootData } from "../routes.tsx";
import { RequireSession } from "../session/require-session.tsx";

type ProfileState =
  | { status: "loading" }
  | { status: "ready"; profile: UserProfile }
  | { status: "empty" }
  | { status: "error"; message: string };

/** The server's description for a coded API error, else the spec's generic lines (section 8, Profile). */
function profileError(error: unknown): string {
  return error instanceof ApiError ? flowErrorMessage("profile", error) : PROFILE_UNEXPECTED_MESSAGE;
}

function useProfile(served: UserProfile | null): ProfileState {
  const [state, setState] = useState<ProfileState>(
    served ? { status: "ready", profile: served } : { status: "loading" },
  );
  const needsFetch = state.status === "loading";
  useEffect(() => {
    if (!needsFetch) return;
    let live = true;
    withMinimumDelay(api.me()).then(
      (profile) => live && setState(profile ? { status: "ready", profile } : { status: "empty" }),
      (error: unknown) => live && setState({ status: "error", message: profileError(error) }),
    );
    return () => {
      live = false;
    };
  }, [needsFetch]);
  return state;
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

function Problem({ title, message, tone }: { title: string; message: string; tone: "danger" | "warning" }) {
  return (
    <div className={`notification is-${tone} is-light`} role="alert">
      <h2 className="title is-5 mb-2">{title}</h2>
      <p>{message}</p>
    </div>
  );
}

function Profile() {
  const state = useProfile(useLoaderData() as UserProfile | null);
  const { timeZone } = useRouteLoaderData("root") as RootData;
  return (
    <section className="section px-3">
      <div className="container is-max-tablet">
        <h1 className="title is-4">Profile</h1>
        {state.status === "loading" && (
          <p className="has-text-centered py-5" role="status">
            Loading profile...
          </p>
        )}
        {state.status === "error" && (
          <Problem title="Error Loading Profile" message={state.message} tone="danger" />
        )}
        {state.status === "empty" && (
          <Problem title="No Profile Data" message={PROFILE_NO_DATA_MESSAGE} tone="warning" />
        )}
        {state.status === "ready" && <Details profile={state.profile} timeZone={timeZone} />}
      </div>
    </section>
  );
}

/** /profile (spec section 2): the account as the server knows it. */
export function ProfilePage() {
  return (
    <RequireSession>
      <PageMeta title="Your profile" description="Your AfriOdds account details." />
      <Profile />
    </RequireSession>
  );
}
