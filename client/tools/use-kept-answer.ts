import { useEffect, useState } from "react";
import { useArrived, type Arriving } from "../loaders/page-data.ts";
import type { Served } from "../loaders/served.ts";

export interface KeptAnswer<T> {
  /** What to show: undefined only while a first answer is on its way. */
  served: Served<T> | undefined;
  /** The newest call failed and `served` is the last answer that worked: its prices may have moved. */
  refreshFailed: boolean;
}

/**
 * A tool page's answer while its loader runs again in the background (useToolRefresh): the last
 * good answer stays on screen until the next one arrives, instead of the loading state every few
 * seconds; a first load, or a Retry after a failure, shows the loading state as any page does.
 */
export function useKeptAnswer<T>(value: Arriving<Served<T>> | null): KeptAnswer<T> {
  const arrived = useArrived(value);
  const [lastGood, setLastGood] = useState<Served<T>>();
  useEffect(() => {
    if (arrived?.ok) setLastGood(arrived);
  }, [arrived]);
  if (arrived?.ok || !lastGood) return { served: arrived ?? undefined, refreshFailed: false };
  return { served: lastGood, refreshFailed: arrived !== undefined };
}
