import { ApiError, decodeErrorBody, networkError } from "#shared/error-decoding.ts";
import type { HttpMethod } from "#shared/contract.ts";

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

/**
 * One call to the web tier's /api (the backend-for-frontend). The browser never holds a token:
 * cookies go along by themselves. Failures become ApiError decoded as docs/product.md, Error decoding says.
 */
export async function apiCall<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
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
  try {
    return (JSON.parse(text) as { data: T }).data;
  } catch {
    throw new ApiError(`HTTP error! status: ${res.status}`, { status: res.status });
  }
}
