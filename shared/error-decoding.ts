/**
 * The client's view of a failed call: decoding a failed response (docs/product.md, Error decoding) and the
 * errors for "no response at all" and an expired session.
 */
import { ERROR_CODES, ERROR_STATUS, ERROR_TYPE } from "./error-codes.ts";
import { AUTH_EXPIRED_MESSAGE, NETWORK_GENERIC_MESSAGE, NETWORK_OFFLINE_MESSAGE } from "./messages.ts";

/**
 * A failed call as the client sees it. `code` and `type` are whatever the server sent (possibly
 * a code this build does not know, or nothing for a non-JSON answer); `status` is 0 when no
 * response arrived.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: string | undefined;
  readonly type: string | undefined;
  readonly status: number;
  /** The answer's Retry-After, in seconds, when it had one. */
  retryAfterS: number | undefined;
  /** Each field's issue, when the answer listed them (the envelope's `fields`, decision 038); [] otherwise. */
  readonly fields: readonly FieldIssue[];

  constructor(
    message: string,
    options: { code?: string | undefined; type?: string | undefined; status: number; cause?: unknown; retryAfterS?: number | undefined; fields?: readonly FieldIssue[] },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.type = options.type;
    this.status = options.status;
    this.retryAfterS = options.retryAfterS;
    this.fields = options.fields ?? [];
  }
}

/** One field's issue as a client reads it: the field, the issue's code, the message to show beside the field. */
export type FieldIssue = { field: string; code: string | undefined; message: string };

/** At most this many field issues are read: a form has a handful of fields. */
const MAX_FIELD_ISSUES = 20;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The envelope's `fields` (decision 038): the entries with a field and a description; anything else is skipped. */
function fieldIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  const issues: FieldIssue[] = [];
  for (const entry of value.slice(0, MAX_FIELD_ISSUES)) {
    if (!isRecord(entry)) continue;
    const field = stringField(entry, "field");
    const message = stringField(entry, "description");
    if (field && message) issues.push({ field, code: stringField(entry, "code"), message });
  }
  return issues;
}

/**
 * docs/product.md, Error decoding: an `error` object wins (description, code, type); otherwise the
 * top-level description (or message), code and type. Anything that is not a JSON object, such as a
 * proxy's HTML error page, becomes "HTTP error! status: N" so the user never sees markup.
 */
export function decodeErrorBody(status: number, bodyText: string): ApiError {
  const fallback = `HTTP error! status: ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new ApiError(fallback, { status });
  }
  if (!isRecord(body)) return new ApiError(fallback, { status });
  const source = isRecord(body.error) ? body.error : body;
  const message = stringField(source, "description") ?? stringField(source, "message") ?? fallback;
  return new ApiError(message, {
    code: stringField(source, "code"),
    type: stringField(source, "type"),
    status,
    fields: fieldIssues(source.fields),
  });
}

/** Messages fetch implementations use for "no response at all": Chrome, undici, Firefox, Safari, React Native. */
const FETCH_FAILURE = /failed to fetch|fetch failed|networkerror|load failed|network request failed/i;

/** Only a fetch TypeError means offline; any other TypeError is a bug and must not be blamed on the network. */
export function networkError(cause: unknown): ApiError {
  const offline = cause instanceof TypeError && FETCH_FAILURE.test(cause.message);
  return new ApiError(offline ? NETWORK_OFFLINE_MESSAGE : NETWORK_GENERIC_MESSAGE, {
    code: ERROR_CODES.NETWORK_ERROR,
    type: ERROR_TYPE.NETWORK_ERROR,
    status: 0,
    cause,
  });
}

export function sessionExpiredError(): ApiError {
  return new ApiError(AUTH_EXPIRED_MESSAGE, {
    code: ERROR_CODES.AUTH_EXPIRED,
    type: ERROR_TYPE.AUTH_EXPIRED,
    status: ERROR_STATUS.AUTH_EXPIRED,
  });
}
