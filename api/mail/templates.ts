import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const IGNORE_IF_NOT_YOU = "If you did not ask for it, you can ignore this e-mail: nothing changes on your account.";

function codeMail(to: string, username: string, code: string, subject: string, purpose: string, origin: string, ifNotYou = IGNORE_IF_NOT_YOU): MailMessage {
  const text = [
    `Hello ${username},`,
    "",
    `${purpose} on AfriOdds, enter this code:`,
    "",
    `    ${code}`,
    "",
    "The code expires in 10 minutes and works once.",
    ifNotYou,
    "",
    `AfriOdds, free odds comparison for Nigerian bettors: ${origin}`,
  ].join("\n");
  const html =
    `<p>Hello ${escapeHtml(username)},</p><p>${escapeHtml(purpose)} on AfriOdds, enter this code:</p>` +
    `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>` +
    `<p>The code expires in 10 minutes and works once.</p>` +
    `<p>${escapeHtml(ifNotYou)}</p>` +
    `<p>AfriOdds, free odds comparison for Nigerian bettors: <a href="${escapeHtml(origin)}">${escapeHtml(origin)}</a></p>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, username: string, code: string, origin: string): MailMessage {
  return codeMail(to, username, code, `Your AfriOdds verification code: ${code}`, "To verify your e-mail address", origin);
}

export function passwordResetMail(to: string, username: string, code: string, origin: string): MailMessage {
  return codeMail(to, username, code, `Your AfriOdds password reset code: ${code}`, "To reset your password", origin);
}

/** The code that, with the password, signs in to an account locked by failed logins (docs/decisions/025-login-throttling.md). */
export function accountUnlockMail(to: string, username: string, code: string, origin: string): MailMessage {
  return codeMail(
    to,
    username,
    code,
    `Your AfriOdds sign-in code: ${code}`,
    "There were many failed attempts to log in to your account. To log in with your password",
    origin,
    // Only the right password mails this code.
    "If you did not just try to log in, someone else knows your password: reset it with \"Forgot password?\" on the login screen.",
  );
}
