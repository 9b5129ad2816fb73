import { useEffect, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(",");

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * WAI-ARIA dialog pattern (https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/): on open the
 * first field (or the element marked data-autofocus) takes focus; Tab and Shift+Tab wrap inside
 * the dialog; Escape closes. Listens on the document so a focus that slipped to <body> is
 * brought back in too. Inactive while the dialog plays its exit animation.
 */
export function useModalKeys(dialog: RefObject<HTMLElement | null>, active: boolean, onClose: () => void) {
  useEffect(() => {
    const root = dialog.current;
    if (!active || !root) return;
    const first =
      root.querySelector<HTMLElement>("[data-autofocus], input, select, textarea") ?? focusables(root)[0];
    first?.focus();
    // Only when the dialog opens: focusing again on later renders would steal focus from the user.
  }, [dialog, active]);

  useEffect(() => {
    const root = dialog.current;
    if (!active || !root) return;
    function onKeyDown(event: KeyboardEvent) {
      if (!root) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      const inside = current instanceof Node && root.contains(current);
      if (event.shiftKey && (current === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [dialog, active, onClose]);
}
