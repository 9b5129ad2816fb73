import { useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import type { Betslip } from "#shared/contract.ts";
import type { Arriving } from "../../loaders/page-data.ts";
import type { Served } from "../../loaders/served.ts";
import { useBetslip } from "../store.ts";

/** docs/design.md, Betslip: the slip's prices are re-read while the page is open. */
export const SLIP_REFRESH_MS = 30_000;

/** The betslip page's loader data: the slip, and the store's revision when it was asked for. */
export interface SlipReading {
  betslip: Arriving<Served<Betslip>>;
  asOf: number;
}

type Settled = { served: Served<Betslip>; asOf: number };

/**
 * The newest reading that arrived: a re-read keeps the slip on screen until the next one is there
 * (no 'Loading' every 30 s), and a reading a newer one replaced is dropped when it comes.
 */
function useNewestReading(reading: SlipReading | null): Settled | undefined {
  const settled = useMemo<Settled | Promise<Settled> | undefined>(() => {
    if (!reading) return undefined;
    const { betslip, asOf } = reading;
    return betslip instanceof Promise ? betslip.then((served) => ({ served, asOf })) : { served: betslip, asOf };
  }, [reading]);
  const [arrived, setArrived] = useState<Settled>();
  useEffect(() => {
    if (!(settled instanceof Promise)) return setArrived(settled);
    let live = true;
    void settled.then((value) => live && setArrived(value));
    return () => {
      live = false;
    };
  }, [settled]);
  return settled instanceof Promise ? arrived : settled;
}

/**
 * The betslip page's slip, re-read through its loader (docs/design.md, One data path per screen) every 30 s
 * while the page is visible, when the window gets the focus back, and after each save the API accepted (new
 * totals). A reading newer than the store's last save becomes the store's slip: changes made on another
 * device show here, and in the badge.
 */
export function useLiveSlip(reading: SlipReading | null): Served<Betslip> | undefined {
  const newest = useNewestReading(reading);
  const { revalidate } = useRevalidator();
  const revision = useBetslip((s) => s.revision);

  useEffect(() => {
    if (reading && revision !== reading.asOf) void revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new save asks again: a reading arriving is no reason to
  }, [revision, revalidate]);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    const timer = setInterval(refresh, SLIP_REFRESH_MS);
    window.addEventListener("focus", refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
  }, [revalidate]);

  useEffect(() => {
    if (newest?.served.ok) useBetslip.getState().adopt(newest.served.data, newest.asOf);
  }, [newest]);

  return newest?.served;
}
