/**
 * Validation rules (docs/product.md, Validation rules). The client dialogs and the odds API run the
 * same functions, so a rule broken in either place gets the same message. Every validator takes
 * raw input (form state, or an untrusted JSON body: non-strings count as missing) and answers
 * the first issue found, or null. The order of the checks is part of the contract: it puts the
 * message the user can act on first.
 */
import {
  CODE_LENGTH,
  FEEDBACK_MAX_LENGTH,
  LIVE_COUNTRY_ID,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "./constants.ts";

export type ValidationCode = "password" | "VALIDATION_ERROR";
export type ValidationIssue = { code: ValidationCode; message: string; field?: string };

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/**
 * Login takes any username up to this, far above what registration allows, so the cap hints at
 * nothing (someone typing an e-mail still gets the usual answer); it keeps a 10 KB name out of
 * the database's throttle index, which PostgreSQL refuses (btree rows are at most 2704 bytes).
 */
export const LOGIN_USERNAME_MAX_LENGTH = 254;
/** RFC 5321 section 4.5.3.1.3: a path is at most 256 octets including the angle brackets. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321 section 4.5.3.1.1. */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/**
 * How deep a request body may nest, on both tiers: every body of the contract is one flat object, so
 * 16 levels leave room, stop a 5,000-level bomb early and keep JSON.stringify far from the stack's end.
 */
export const MAX_BODY_DEPTH = 16;

export const VALIDATION_MESSAGES = {
  bodyTooDeep: `Request body is nested too deeply (${MAX_BODY_DEPTH} levels at most).`,
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  loginRequired: "Please enter both username and password",
  allFieldsRequired: "Please fill in all fields",
  passwordsDoNotMatch: "Passwords do not match",
  invalidEmail: "Please enter a valid email address",
  emailRequired: "Please enter your email address",
  codeRequired: `Please enter the ${CODE_LENGTH}-digit verification code`,
  feedbackRequired: "Please enter your feedback message.",
  feedbackTooLong: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters.`,
  invalidCountry: "Please select a valid country",
  termsRequired: "Please confirm you are 18 or older and accept the Terms of Service and Privacy Policy",
  usernameRequired: "Please enter a username",
  loginUsernameTooLong: `Username must be at most ${LOGIN_USERNAME_MAX_LENGTH} characters long`,
  usernameLength: `Username must be between ${USERNAME_MIN_LENGTH} and ${USERNAME_MAX_LENGTH} characters long`,
  usernameCharacters: "Username can only contain letters, numbers, underscores, dots and hyphens",
  controlCharacters: "Please remove invisible control characters from the text",
  brokenCharacters: "Please remove broken characters from the text",
} as const;

/**
 * One addr-spec and nothing else: the WHATWG "valid e-mail address" (what input type=email
 * accepts) plus the spec's dot in the domain. No comma, display name, angle bracket, quote,
 * whitespace or control character can pass, so a mailer never reads a list out of it.
 * https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

function issue(message: string, field: string): ValidationIssue {
  return { code: "VALIDATION_ERROR", message, field };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Unicode general category Cc: C0 controls, DEL and C1 controls. NUL alone makes PostgreSQL refuse the text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab, line feed and carriage return, which a multi-line message (feedback) legitimately holds. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A UTF-16 surrogate without its partner has no UTF-8 form. No lookbehind: older Safari cannot parse it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);
}

/** Lone surrogates: text that is not valid Unicode and would be silently changed on its way to the database. */
export function hasBrokenCharacters(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** The rule every text field shares: no control characters (tab and line breaks only where `multiline`), no broken characters. */
export function validateText(value: unknown, field: string, options: { multiline?: boolean } = {}): ValidationIssue | null {
  const raw = text(value);
  if (hasControlCharacters(raw, options)) return issue(VALIDATION_MESSAGES.controlCharacters, field);
  if (hasBrokenCharacters(raw)) return issue(VALIDATION_MESSAGES.brokenCharacters, field);
  return null;
}

/** Whitespace alone does not fill a field (docs/product.md, Validation rules: "required after trimming"). */
function isBlank(value: unknown): boolean {
  return text(value).trim() === "";
}

/** NIST SP 800-63B 5.1.1.2: each Unicode code point counts as one character, so count code points, not UTF-16 units. */
function passwordLength(password: string): number {
  return [...password].length;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Exactly one mailbox (EMAIL_PATTERN), measured after trimming surrounding spaces; control
 * characters are refused even at the ends. Longer than any deliverable address is invalid too.
 */
export function isValidEmail(email: unknown): boolean {
  const raw = text(email);
  const trimmed = raw.trim();
  const local = trimmed.slice(0, trimmed.lastIndexOf("@"));
  return (
    !hasControlCharacters(raw) &&
    trimmed.length <= EMAIL_MAX_LENGTH &&
    local.length <= EMAIL_LOCAL_PART_MAX_LENGTH &&
    EMAIL_PATTERN.test(trimmed)
  );
}

/** Pasted or typed code text reduced to its digits, at most `max` of them. */
export function stripToDigits(value: string, max: number = CODE_LENGTH): string {
  return value.replace(/\D/g, "").slice(0, Math.max(0, max));
}

/** Length only: passwords are never trimmed or otherwise changed, a space is a valid character. */
export function validatePassword(password: unknown, field = "password"): ValidationIssue | null {
  const textIssue = validateText(password, field);
  if (textIssue) return textIssue;
  const length = passwordLength(text(password));
  if (length < MIN_PASSWORD_LENGTH)
    return { code: "password", message: VALIDATION_MESSAGES.passwordTooShort, field };
  if (length > MAX_PASSWORD_LENGTH)
    return { code: "password", message: VALIDATION_MESSAGES.passwordTooLong, field };
  return null;
}

/** Server rule for new usernames (the spec only asks for non-empty); measured after trimming. */
export function validateUsername(username: unknown): ValidationIssue | null {
  const trimmed = text(username).trim();
  if (trimmed === "") return issue(VALIDATION_MESSAGES.usernameRequired, "username");
  // Checked before trimming: a trailing line break must not slip through as a valid name.
  const textIssue = validateText(username, "username");
  if (textIssue) return textIssue;
  if (trimmed.length < USERNAME_MIN_LENGTH || trimmed.length > USERNAME_MAX_LENGTH) {
    return issue(VALIDATION_MESSAGES.usernameLength, "username");
  }
  if (!USERNAME_PATTERN.test(trimmed)) return issue(VALIDATION_MESSAGES.usernameCharacters, "username");
  return null;
}

/**
 * Login checks presence only: the length and format rules of new accounts would only leak hints here.
 * A code, sent only to a locked account, must be six digits when present.
 */
export function validateLogin(input: { username?: unknown; password?: unknown; code?: unknown }): ValidationIssue | null {
  if (isBlank(input.username)) return issue(VALIDATION_MESSAGES.loginRequired, "username");
  if (isBlank(input.password)) return issue(VALIDATION_MESSAGES.loginRequired, "password");
  const textIssue = validateText(input.username, "username") ?? validateText(input.password, "password");
  if (textIssue) return textIssue;
  if (text(input.username).trim().length > LOGIN_USERNAME_MAX_LENGTH) return issue(VALIDATION_MESSAGES.loginUsernameTooLong, "username");
  if (input.code !== undefined && input.code !== null && input.code !== "") return validateVerificationCode(input.code);
  return null;
}

/** Required first, then well-formed. Used by forgot password, resend code and the API's e-mail fields. */
export function validateEmailAddress(email: unknown): ValidationIssue | null {
  if (isBlank(email)) return issue(VALIDATION_MESSAGES.emailRequired, "email");
  if (!isValidEmail(email)) return issue(VALIDATION_MESSAGES.invalidEmail, "email");
  return null;
}

/**
 * A country as text for the presence check: any non-text value (1, true, an object) counts as
 * given and the country rule judges it. Never String(): an object from a JSON body can make it throw.
 */
function countryPresence(country: unknown): string {
  if (typeof country === "string") return country;
  return country === undefined || country === null ? "" : "given";
}

export type RegisterInput = {
  username?: unknown;
  email?: unknown;
  password?: unknown;
  /** Only the client's form has it; the API receives a single password. */
  confirmPassword?: unknown;
  country?: unknown;
  /** The 18+ and Terms confirmation (docs/product.md, Registration and login): exactly `true`. */
  acceptTerms?: unknown;
};

/**
 * Order: every field present, username format, e-mail shape, passwords match, password length,
 * country. Missing input comes first because it is one glance to fix; the username and e-mail
 * are checked before the passwords so a user fixing them need not retype both passwords; a
 * mismatch is reported before the length because "at least 8" on a mistyped confirmation would
 * send the user to fix the wrong field. Country last: the form offers only Nigeria.
 */
export function validateRegister(input: RegisterInput): ValidationIssue | null {
  const required: Array<[string, unknown]> = [
    ["username", input.username],
    ["email", input.email],
    ["password", input.password],
  ];
  if (input.confirmPassword !== undefined) required.push(["confirmPassword", input.confirmPassword]);
  required.push(["country", countryPresence(input.country)]);
  const missing = required.find(([, value]) => isBlank(value));
  if (missing) return issue(VALIDATION_MESSAGES.allFieldsRequired, missing[0]);

  const usernameIssue = validateUsername(input.username);
  if (usernameIssue) return usernameIssue;
  if (!isValidEmail(input.email)) return issue(VALIDATION_MESSAGES.invalidEmail, "email");
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    return issue(VALIDATION_MESSAGES.passwordsDoNotMatch, "confirmPassword");
  }
  const passwordIssue = validatePassword(input.password);
  if (passwordIssue) return passwordIssue;
  // A select yields "1", the JSON contract 1; anything else (Ghana, Kenya, true, 1.5) is not a live country.
  if (input.country !== LIVE_COUNTRY_ID && input.country !== String(LIVE_COUNTRY_ID)) {
    return issue(VALIDATION_MESSAGES.invalidCountry, "country");
  }
  // The Terms and the Privacy Policy are for adults only: nobody registers without confirming both.
  if (input.acceptTerms !== true) return issue(VALIDATION_MESSAGES.termsRequired, "acceptTerms");
  return null;
}

/** Exactly six ASCII digits; the client strips pasted text with stripToDigits first. */
export function validateVerificationCode(code: unknown): ValidationIssue | null {
  const textIssue = validateText(code, "code");
  if (textIssue) return textIssue;
  const pattern = new RegExp(`^\\d{${CODE_LENGTH}}$`);
  return pattern.test(text(code).trim()) ? null : issue(VALIDATION_MESSAGES.codeRequired, "code");
}

/** POST /users/verify-email: the e-mail comes from the dialog context, the code from the user. */
export function validateVerifyEmail(input: { email?: unknown; otp?: unknown }): ValidationIssue | null {
  return validateEmailAddress(input.email) ?? validateVerificationCode(input.otp);
}

export function validateForgotPassword(input: { email?: unknown }): ValidationIssue | null {
  return validateEmailAddress(input.email);
}

export type ResetPasswordInput = { code?: unknown; password?: unknown; confirmPassword?: unknown };

/** Spec order: code, both passwords present, match, length. */
export function validateResetPassword(input: ResetPasswordInput): ValidationIssue | null {
  const codeIssue = validateVerificationCode(input.code);
  if (codeIssue) return codeIssue;
  if (isBlank(input.password)) return issue(VALIDATION_MESSAGES.allFieldsRequired, "password");
  if (input.confirmPassword !== undefined) {
    if (isBlank(input.confirmPassword))
      return issue(VALIDATION_MESSAGES.allFieldsRequired, "confirmPassword");
    if (input.confirmPassword !== input.password)
      return issue(VALIDATION_MESSAGES.passwordsDoNotMatch, "confirmPassword");
  }
  return validatePassword(input.password);
}

/** POST /users/reset-password as the API receives it: e-mail, otp, password. */
export function validateResetPasswordRequest(input: {
  email?: unknown;
  otp?: unknown;
  password?: unknown;
}): ValidationIssue | null {
  return (
    validateEmailAddress(input.email) ?? validateResetPassword({ code: input.otp, password: input.password })
  );
}

/**
 * The limit applies to the trimmed text, which is what gets sent and stored. Length in UTF-16
 * units, as the textarea's maxLength and the page's "n/2000 characters" counter count it.
 */
export function validateFeedback(message: unknown): ValidationIssue | null {
  const trimmed = text(message).trim();
  if (trimmed === "") return issue(VALIDATION_MESSAGES.feedbackRequired, "message");
  // A multi-line message is legitimate, so tab and line breaks pass here and nowhere else.
  const textIssue = validateText(message, "message", { multiline: true });
  if (textIssue) return textIssue;
  if (trimmed.length > FEEDBACK_MAX_LENGTH) return issue(VALIDATION_MESSAGES.feedbackTooLong, "message");
  return null;
}
