import type { ComponentType } from "react";
import { ForgotDialog } from "./forgot-dialog.tsx";
import { LoginDialog } from "./login-dialog.tsx";
import { RegisterDialog } from "./register-dialog.tsx";
import { ResetDialog } from "./reset-dialog.tsx";
import type { DialogName } from "./store.ts";
import { VerifyDialog } from "./verify-dialog.tsx";
import { WelcomeDialog } from "./welcome-dialog.tsx";

/** Every dialog, in one chunk that loads on first use (dialog-host.tsx). */
export const DIALOGS: Record<DialogName, ComponentType> = {
  login: LoginDialog,
  register: RegisterDialog,
  verify: VerifyDialog,
  welcome: WelcomeDialog,
  forgot: ForgotDialog,
  reset: ResetDialog,
};
