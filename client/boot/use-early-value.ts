import { useEffect, useRef, type RefObject } from "react";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Keeps what the user typed or chose in a server-rendered field before the app hydrated. React
 * hydrates a controlled field without touching its DOM value, but its state still holds what the
 * server rendered, and the next render (the dashboard's clock ticks every second) writes that
 * back: the team a bettor typed on a slow phone would vanish. Once hydrated, a field whose value
 * differs from the rendered one hands it to `take`, as if typed now. Returns the field's ref.
 */
export function useEarlyValue<E extends Field>(rendered: string, take: (value: string) => void): RefObject<E | null> {
  const ref = useRef<E>(null);
  // Only the first render's value and handler matter: this runs once, right after hydration.
  const first = useRef({ rendered, take });
  useEffect(() => {
    const field = ref.current;
    if (field && !field.disabled && field.value !== first.current.rendered) first.current.take(field.value);
  }, []);
  return ref;
}
