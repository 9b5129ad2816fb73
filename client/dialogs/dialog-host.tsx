import { useEffect, useState } from "react";
import { MODAL_ANIMATION_MS } from "#shared/constants.ts";
import { DialogClosingContext } from "./modal/closing-context.ts";
import type { DIALOGS } from "./dialogs.ts";
import { useDialogs, type DialogName } from "./store.ts";
import { useFocusReturn } from "./modal/use-focus-return.ts";

type Dialogs = typeof DIALOGS;

/**
 * The dialogs (about 6 KB gzip with their forms and validation) load on first use, not with every
 * page (docs/design.md, Page weight: public pages at most 100 KB of JavaScript before any dialog opens).
 * Touching or focusing anything marked `data-opens-dialog` fetches them early, so the first
 * dialog rarely waits.
 */
let loaded: Dialogs | undefined;
let loading: Promise<Dialogs> | undefined;

export function loadDialogs(): Promise<Dialogs> {
  loading ??= import("./dialogs.ts").then((m) => (loaded = m.DIALOGS));
  return loading;
}

/** Fetches the dialogs at the first touch, hover or focus of a control that opens one. */
function usePrefetchOnIntent() {
  useEffect(() => {
    const kinds = ["pointerover", "touchstart", "focusin"] as const;
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest("[data-opens-dialog]")) return;
      stop();
      void loadDialogs();
    };
    const stop = () => kinds.forEach((kind) => document.removeEventListener(kind, onIntent, true));
    if (!loaded) kinds.forEach((kind) => document.addEventListener(kind, onIntent, { capture: true, passive: true }));
    return stop;
  }, []);
}

/** What is on screen: the dialog the store names, or the last one while it plays its exit animation. */
interface Shown {
  name: DialogName;
  /** New on every change, so a dialog opened again starts with empty fields. */
  key: number;
}

/**
 * Renders the one open dialog (docs/product.md, Dialogs). Switching dialogs swaps at once; closing keeps the
 * last one mounted, inert, for the 300 ms exit animation. While anything is shown the page behind
 * does not scroll (Bulma's is-clipped on <html>).
 */
export function DialogHost() {
  const open = useDialogs((s) => s.open);
  const [shown, setShown] = useState<Shown | null>(open ? { name: open, key: 0 } : null);
  const [seen, setSeen] = useState(open);
  if (open !== seen) {
    // Derived during render (https://react.dev/learn/you-might-not-need-an-effect): no frame shows the old dialog.
    setSeen(open);
    if (open) setShown({ name: open, key: (shown?.key ?? 0) + 1 });
  }
  const closing = open === null && shown !== null;
  const visible = shown !== null;
  const [dialogs, setDialogs] = useState(loaded);

  usePrefetchOnIntent();

  useEffect(() => {
    if (!visible || dialogs) return;
    let live = true;
    void loadDialogs().then((all) => live && setDialogs(all));
    return () => {
      live = false;
    };
  }, [visible, dialogs]);

  useFocusReturn(closing);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setShown(null), MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  useEffect(() => {
    if (!visible) return;
    const html = document.documentElement;
    html.classList.add("is-clipped");
    return () => html.classList.remove("is-clipped");
  }, [visible]);

  if (!shown || !dialogs) return null;
  const Dialog = dialogs[shown.name];
  return (
    <DialogClosingContext.Provider value={closing}>
      <Dialog key={shown.key} />
    </DialogClosingContext.Provider>
  );
}
