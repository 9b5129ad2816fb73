import { create } from "zustand";

export type DialogName = "login" | "register" | "verify" | "welcome" | "forgot" | "reset";
export type VerifyContext = "registration" | "login";

export interface DialogState {
  /** One dialog at a time (spec section 2). */
  open: DialogName | null;
  /** The e-mail carried between verification, forgot and reset. */
  email: string;
  verifyContext: VerifyContext;
  show(name: DialogName, context?: { email?: string; verifyContext?: VerifyContext }): void;
  close(): void;
}

export const useDialogs = create<DialogState>((set) => ({
  open: null,
  email: "",
  verifyContext: "registration",
  show(name, context = {}) {
    set((state) => ({ open: name, email: context.email ?? state.email, verifyContext: context.verifyContext ?? state.verifyContext }));
  },
  close() {
    set({ open: null });
  },
}));

/** Global window events that open the login and register dialogs from anywhere (spec section 2). */
export const OPEN_LOGIN_EVENT = "afriodds:open-login";
export const OPEN_REGISTER_EVENT = "afriodds:open-register";

export function openLogin() {
  window.dispatchEvent(new Event(OPEN_LOGIN_EVENT));
}

export function openRegister() {
  window.dispatchEvent(new Event(OPEN_REGISTER_EVENT));
}
