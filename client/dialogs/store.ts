import { create } from "zustand";

export type DialogName = "login" | "register" | "verify" | "welcome" | "forgot" | "reset";
export type VerifyContext = "registration" | "login";

export interface DialogState {
  /** One dialog at a time (docs/product.md, Dialogs). */
  open: DialogName | null;
  /** The e-mail carried between verification, forgot and reset. */
  email: string;
  verifyContext: VerifyContext;
  /** Seconds before verification may ask for another code: 0 when one was just sent, more when none was (cooldown). */
  codeWaitS: number;
  /** The signed-in page a shared link named (client/route-paths.ts, returnPath): sign-in leads there, not to the dashboard. */
  returnTo: string | null;
  /** Opens sign-in for a page a visitor could not open signed out (docs/product.md, Shared links). */
  signInFor(path: string): void;
  show(name: DialogName, context?: { email?: string; verifyContext?: VerifyContext; codeWaitS?: number }): void;
  close(): void;
}

export const useDialogs = create<DialogState>((set) => ({
  open: null,
  email: "",
  verifyContext: "registration",
  codeWaitS: 0,
  returnTo: null,
  signInFor(path) {
    set({ open: "login", returnTo: path });
  },
  show(name, context = {}) {
    set((state) => ({ open: name, email: context.email ?? state.email, verifyContext: context.verifyContext ?? state.verifyContext, codeWaitS: context.codeWaitS ?? 0 }));
  },
  close() {
    set({ open: null });
  },
}));

/** Global window events that open the login and register dialogs from anywhere (docs/product.md, Dialogs). */
export const OPEN_LOGIN_EVENT = "afriodds:open-login";
export const OPEN_REGISTER_EVENT = "afriodds:open-register";

export function openLogin() {
  window.dispatchEvent(new Event(OPEN_LOGIN_EVENT));
}

export function openRegister() {
  window.dispatchEvent(new Event(OPEN_REGISTER_EVENT));
}

/** Where a completed sign-in, sign-up or reset goes: the page a shared link named, else the dashboard. */
export function afterSignIn(): string {
  const { returnTo } = useDialogs.getState();
  useDialogs.setState({ returnTo: null });
  return returnTo ?? "/dashboard";
}
