/**
 * Validation rules (docs/product.md, Validation rules). The client dialogs and the odds API run the
 * same functions, so a rule broken in either place gets the same message. Every validator takes
 * raw input (form state, or an untrusted JSON body: non-strings count as missing) and answers
 * the first issue found, or null. The order of the checks is part of the contract: it puts the
 * message the user can act on first. Registration also answers every field's issue at once
 * (registerIssues), so a form says all that is wrong after one submit.
 */
import {
  CODE_LENGTH,
  FEEDBACK_MAX_LENGTH,
  LIVE_COUNTRY_ID,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "./constants.ts";

export type ValidationCode = "password" | "VALIDATION_ERROR";
export type ValidationIssue = {
  code: ValidationCode;
  message: string;
  field?: string;
  /** The field was left empty: a form says "Please fill in all fields" once, above the fields. */
  missing?: true;
};

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
  passwordRequired: "Please enter a password",
  confirmPasswordRequired: "Please confirm your password",
  /** NIST SP 800-63B 5.1.1.2: a new password found in a list of commonly used ones is refused (checked by the API). */
  passwordCommon: "This password is one of the most common, so it is among the first an attacker tries. Please choose another.",
  /** NIST SP 800-63B 5.1.1.2: context-specific words, such as the username (checked by the API). */
  passwordIsName: "Your password must not be your username or email address. Please choose another.",
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

/** The register form's fields in the order it shows them: focus goes to the first one in error. */
export const REGISTER_FIELDS = ["username", "email", "password", "confirmPassword", "country", "acceptTerms"] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

const missingIssue = (message: string, field: RegisterField): ValidationIssue => ({ ...issue(message, field), missing: true });

function emailIssue(email: unknown): ValidationIssue | null {
  if (isBlank(email)) return missingIssue(VALIDATION_MESSAGES.emailRequired, "email");
  return isValidEmail(email) ? null : issue(VALIDATION_MESSAGES.invalidEmail, "email");
}

function newPasswordIssue(password: unknown): ValidationIssue | null {
  if (isBlank(password)) return missingIssue(VALIDATION_MESSAGES.passwordRequired, "password");
  return validatePassword(password);
}

/** Only the client's form has a confirmation; it must equal the password as typed. */
function confirmationIssue(input: RegisterInput): ValidationIssue | null {
  if (input.confirmPassword === undefined) return null;
  if (isBlank(input.confirmPassword)) return missingIssue(VALIDATION_MESSAGES.confirmPasswordRequired, "confirmPassword");
  return input.confirmPassword === input.password ? null : issue(VALIDATION_MESSAGES.passwordsDoNotMatch, "confirmPassword");
}

function countryIssue(country: unknown): ValidationIssue | null {
  if (isBlank(countryPresence(country))) return missingIssue(VALIDATION_MESSAGES.invalidCountry, "country");
  // A select yields "1", the JSON contract 1; anything else (Ghana, Kenya, true, 1.5) is not a live country.
  const live = country === LIVE_COUNTRY_ID || country === String(LIVE_COUNTRY_ID);
  return live ? null : issue(VALIDATION_MESSAGES.invalidCountry, "country");
}

/**
 * Every field's issue at once, at most one a field, in the form's order (REGISTER_FIELDS): the
 * dialog, the form without JavaScript and the API each say all that is wrong after one submit.
 * An empty field says so itself; the others get their rule's message.
 */
export function registerIssues(input: RegisterInput): ValidationIssue[] {
  const username = isBlank(input.username) ? missingIssue(VALIDATION_MESSAGES.usernameRequired, "username") : validateUsername(input.username);
  // The Terms and the Privacy Policy are for adults only: nobody registers without confirming both.
  const terms = input.acceptTerms === true ? null : issue(VALIDATION_MESSAGES.termsRequired, "acceptTerms");
  const issues = [username, emailIssue(input.email), newPasswordIssue(input.password), confirmationIssue(input), countryIssue(input.country), terms];
  return issues.filter((found): found is ValidationIssue => found !== null);
}

/**
 * Which issue speaks for the others, where one message is all there is room for (the envelope's
 * top-level description, which clients before per-field answers read). Order: any empty field
 * ("Please fill in all fields", about the first), username, e-mail, passwords match, password,
 * country, 18+ and Terms. A mismatch comes before the password's own rule: "at least 8" on a
 * mistyped confirmation would send the user to fix the wrong field.
 */
export function registerSummary(issues: readonly ValidationIssue[]): ValidationIssue | null {
  const missing = issues.find((found) => found.missing);
  if (missing) return issue(VALIDATION_MESSAGES.allFieldsRequired, missing.field ?? "username");
  const order = ["username", "email", "confirmPassword", "password", "country", "acceptTerms"];
  for (const field of order) {
    const found = issues.find((candidate) => candidate.field === field);
    if (found) return found;
  }
  return issues[0] ?? null;
}

/** Registration's one summarising issue, or null when every field is valid (registerIssues for each). */
export function validateRegister(input: RegisterInput): ValidationIssue | null {
  return registerSummary(registerIssues(input));
}

/**
 * What a register form shows for its issues (its own, or the API's `fields`): each field's message
 * beside it, the first for a field, and the line above the fields when one is empty.
 */
export function registerProblems(issues: ReadonlyArray<Pick<ValidationIssue, "field" | "message" | "missing">>): { summary: string | null; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const found of issues) if (found.field && !(found.field in fields)) fields[found.field] = found.message;
  return { summary: issues.some((found) => found.missing) ? VALIDATION_MESSAGES.allFieldsRequired : null, fields };
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
