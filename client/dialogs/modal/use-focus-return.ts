import { useEffect, useRef } from "react";
import { useDialogs } from "../store.ts";

/**
 * Remembers what had focus when the first dialog of a sequence opened (the store changes
 * synchronously inside the opener's click, before any dialog takes focus) and gives focus back
 * once `closing` turns true, after the dialog's own keyboard handling has let go. An opener that
 * left the page meanwhile (the Login button after signing in) is skipped.
 */
export function useFocusReturn(closing: boolean) {
  const opener = useRef<HTMLElement | null>(null);

  useEffect(
    () =>
      useDialogs.subscribe((state, previous) => {
        if (state.open !== null && previous.open === null) {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
        }
      }),
    [],
  );

  useEffect(() => {
    if (!closing) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, [closing]);
}
