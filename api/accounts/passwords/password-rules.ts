/**
 * What a new password must not be, beyond its length (NIST SP 800-63B 5.1.1.2; decision 038):
 * one of the commonly used passwords attackers try first, or the account's own username or e-mail
 * (docs/design.md, Usernames, e-mails and passwords). Only the API holds the list (49,233 entries): it never
 * goes into a browser bundle, and the forms show the API's message under the password field.
 */
import { ERROR_CODES } from "#shared/error-codes.ts";
import {
  normaliseEmail,
  REGISTER_FIELDS,
  registerIssues,
  VALIDATION_MESSAGES,
  type RegisterInput,
  type ValidationIssue,
} from "#shared/validation.ts";

let common: Promise<ReadonlySet<string>> | undefined;

/** The common-password list as a Set, loaded once, on first use (about 30 ms); a failed load is tried again next time. */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
    (error: unknown) => {
      common = undefined;
      throw new Error("the common-password list could not be loaded", { cause: error });
    },
  );
  return common;
}

/**
 * How a password is compared: as it is hashed (NFKC), without surrounding spaces, and lower-cased,
 * so "Password1" and " password1 " count as the listed "password1".
 */
const comparable = (text: string) => text.normalize("NFKC").trim().toLowerCase();

/** The account's own words: its username, its e-mail and the e-mail's local part. */
function ownWords(context: { username?: string | undefined; email?: string | undefined }): Set<string> {
  const words = new Set<string>();
  if (context.username?.trim()) words.add(comparable(context.username));
  const email = context.email ? normaliseEmail(context.email) : "";
  if (email) words.add(comparable(email)).add(comparable(email.slice(0, email.lastIndexOf("@"))));
  return words;
}

const passwordIssue = (message: string): ValidationIssue => ({ code: ERROR_CODES.PASSWORD, message, field: "password" });

/** The issue of a new password that passed the length rules: the account's own name or address, or a common password. */
export async function newPasswordIssue(password: string, context: { username?: string | undefined; email?: string | undefined } = {}): Promise<ValidationIssue | null> {
  const key = comparable(password);
  if (ownWords(context).has(key)) return passwordIssue(VALIDATION_MESSAGES.passwordIsName);
  if ((await commonPasswords()).has(key)) return passwordIssue(VALIDATION_MESSAGES.passwordCommon);
  return null;
}

const fieldOrder = (found: ValidationIssue) => REGISTER_FIELDS.indexOf((found.field ?? "") as (typeof REGISTER_FIELDS)[number]);

/** A registration's issues, every field at once (registerIssues), with the password's own rules when its length passed. */
export async function registrationIssues(input: RegisterInput): Promise<ValidationIssue[]> {
  const issues = registerIssues(input);
  if (typeof input.password !== "string" || issues.some((found) => found.field === "password")) return issues;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const found = await newPasswordIssue(input.password, { username: text(input.username), email: text(input.email) });
  return found ? [...issues, found].sort((a, b) => fieldOrder(a) - fieldOrder(b)) : issues;
}
