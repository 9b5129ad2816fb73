import { API_PREFIX, type BrowserAnswer, type BrowserEndpointName, type BrowserRequest, type UrlFields } from "#shared/contract.ts";
import { decodeErrorBody } from "#shared/error-decoding.ts";
import { browserUrl } from "../backend/endpoints.ts";
import { envelopeData, sessionExpired } from "../backend/http.ts";

/** An answer of a conditional GET: the new data with its ETag, or `unchanged` (304). */
export type Revalidated<T> = { status: "changed"; data: T; etag: string | undefined } | { status: "unchanged" };

/**
 * A GET of the contract (shared/contract.ts, ENDPOINTS) with `If-None-Match`
 * (docs/design.md, In the browser: polling where EventSource fails). The browser's own cache is
 * bypassed so a 304 reaches us as one. A 401 AUTH_EXPIRED tells the session store, as every other
 * call does (client/backend/http.ts); any failure rejects, an answer without the envelope too.
 */
export async function conditionalGet<K extends BrowserEndpointName>(
  name: K,
  fields: BrowserRequest<K> & UrlFields,
  etag: string | undefined,
): Promise<Revalidated<BrowserAnswer<K>>> {
  const res = await fetch(`${API_PREFIX}${browserUrl(name, fields)}`, {
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json", ...(etag ? { "If-None-Match": etag } : {}) },
  });
  if (res.status === 304) return { status: "unchanged" };
  const text = await res.text();
  if (!res.ok) {
    const error = decodeErrorBody(res.status, text);
    if (error.code === "AUTH_EXPIRED") sessionExpired();
    throw error;
  }
  return { status: "changed", data: envelopeData<BrowserAnswer<K>>(res.status, text), etag: res.headers?.get("etag") ?? undefined };
}
