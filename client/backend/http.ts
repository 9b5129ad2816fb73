import { ApiError, decodeErrorBody, networkError } from "#shared/error-decoding.ts";
import { API_PREFIX, type HttpMethod } from "#shared/contract.ts";

/** Listeners told when the web tier answers AUTH_EXPIRED, so the session store can clear itself. */
const expiryListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** Tells the session store the web tier answered AUTH_EXPIRED (also for calls made outside apiCall). */
export function sessionExpired() {
  for (const listener of expiryListeners) listener();
}

/** A successful answer's data with the version its `ETag` names, for a write that must not replace a slip changed since (decision 024). */
export interface Tagged<T> {
  data: T;
  etag: string | null;
}

/**
 * One call to the web tier's /api (the backend-for-frontend). The browser never holds a token:
 * cookies go along by themselves. Failures become ApiError decoded as docs/product.md, Error decoding says.
 */
export async function apiCall<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return (await taggedApiCall<T>(method, path, body)).data;
}

/** As apiCall, with the answer's ETag, and `If-Match` sent when `ifMatch` is given. */
export async function taggedApiCall<T>(method: HttpMethod, path: string, body?: unknown, ifMatch?: string): Promise<Tagged<T>> {
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(ifMatch === undefined ? {} : { "If-Match": ifMatch }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (cause) {
    throw networkError(cause);
  }
  const text = await res.text();
  if (!res.ok) {
    const error = decodeErrorBody(res.status, text);
    const retryAfter = Number(res.headers.get("retry-after"));
    if (Number.isInteger(retryAfter) && retryAfter > 0) error.retryAfterS = retryAfter;
    if (error.code === "AUTH_EXPIRED") sessionExpired();
    throw error;
  }
  return { data: envelopeData<T>(res.status, text), etag: res.headers.get("etag") };
}

/**
 * The `data` of a successful answer's body: a JSON object with a `data` key, whose value is the
 * contract's (shared/contract.ts) for the call. Anything else (not JSON, no envelope) is a bad
 * answer: an ApiError of the answer's status, as the callers already handle one.
 */
export function envelopeData<T>(status: number, text: string): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== "object" || body === null || !("data" in body)) throw new ApiError(`HTTP error! status: ${status}`, { status });
  return body.data as T;
}
