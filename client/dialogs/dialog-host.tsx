import { useEffect, useState, type ComponentType } from "react";
import { MODAL_ANIMATION_MS } from "#shared/constants.ts";
import { ForgotDialog } from "./forgot-dialog.tsx";
import { LoginDialog } from "./login-dialog.tsx";
import { DialogClosingContext } from "./modal.tsx";
import { RegisterDialog } from "./register-dialog.tsx";
import { ResetDialog } from "./reset-dialog.tsx";
import { useDialogs, type DialogName } from "./store.ts";
import { useFocusReturn } from "./use-focus-return.ts";
import { VerifyDialog } from "./verify-dialog.tsx";
import { WelcomeDialog } from "./welcome-dialog.tsx";

const DIALOGS: Record<DialogName, ComponentType> = {
  login: LoginDialog,
  register: RegisterDialog,
  verify: VerifyDialog,
  welcome: WelcomeDialog,
  forgot: ForgotDialog,
  reset: ResetDialog,
};

/** What is on screen: the dialog the store names, or the last one while it plays its exit animation. */
interface Shown {
  name: DialogName;
  /** New on every change, so a dialog opened again starts with empty fields. */
  key: number;
}

/**
 * Renders the one open dialog (spec section 2). Switching dialogs swaps at once; closing keeps the
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

  if (!shown) return null;
  const Dialog = DIALOGS[shown.name];
  return (
    <DialogClosingContext.Provider value={closing}>
      <Dialog key={shown.key} />
    </DialogClosingContext.Provider>
  );
}
