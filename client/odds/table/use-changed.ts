import { useRef } from "react";

/**
 * Whether what a cell shows (its `signature`) differs from what it first showed: a live change
 * to flash. Keyed on the signature by the caller, the flash restarts with every new change and
 * never plays on the first render (server HTML, hydration, a new choice of league or market).
 */
export function useChanged(signature: string): boolean {
  const first = useRef(signature);
  return first.current !== signature;
}
