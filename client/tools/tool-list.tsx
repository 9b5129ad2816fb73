import type { ReactNode } from "react";

import { LiteRefresh } from "../components/lite-refresh.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import type { Arriving } from "../loaders/page-data.ts";
import type { Served } from "../loaders/served.ts";
import { useNow } from "../odds/use-now.ts";
import { useRootData } from "../session/root-data.ts";
import { useKeptAnswer } from "./use-kept-answer.ts";

const SECOND_MS = 1000;

/** The clocks a tool's rows read: the minute clock for kick-off labels, the second clock for price ages. */
export interface ToolClocks {
  now: number;
  ageNow: number;
  timeZone: string;
}

export interface ToolListMessages {
  loading: string;
  loadFailed: string;
  refreshFailed: string;
}

/**
 * A bettor tool's list as it arrives (docs/design.md, Bettor tools): the loading state, the failure with
 * Retry, the last good answer kept on screen while a refresh loads (and said to be stale when that
 * refresh fails), then `children` with the data and the clocks; on a lite page, when the prices were read
 * and a link to read them again.
 */
export function ToolList<T>({ arriving, messages, children }: { arriving: Arriving<Served<T>>; messages: ToolListMessages; children: (data: T, clocks: ToolClocks) => ReactNode }) {
  const { served, refreshFailed } = useKeptAnswer(arriving);
  const root = useRootData();
  const now = useNow(root.now);
  const ageNow = useNow(root.now, SECOND_MS);
  if (!served) {
    return (
      <p className="has-text-centered py-5" role="status">
        {messages.loading}
      </p>
    );
  }
  if (!served.ok) return <LoadFailed message={messages.loadFailed} />;
  return (
    <>
      {refreshFailed && <LoadFailed message={messages.refreshFailed} />}
      <LiteRefresh />
      {children(served.data, { now, ageNow, timeZone: root.timeZone })}
    </>
  );
}
