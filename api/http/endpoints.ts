import type { ApiAnswer, ApiEndpointName, ApiSuccess } from "#shared/contract.ts";

/** An endpoint's path below the prefix its router is mounted at: `/` for the prefix itself. */
type Below<P extends string, M extends string> = P extends M ? "/" : P extends `${M}${infer Rest}` ? Rest : never;

/**
 * The path a router registers for a contract endpoint (shared/contract.ts, ENDPOINTS), given the
 * prefix api/app.ts mounts that router at: `pathBelow("/users", ENDPOINTS.login)` is "/login". The
 * literal type keeps Express's typed `req.params`; an endpoint outside the prefix does not compile.
 */
export function pathBelow<const M extends string, const P extends M | `${M}/${string}`>(mount: M, endpoint: { readonly path: P }): Below<P, M> {
  return (endpoint.path === mount ? "/" : endpoint.path.slice(mount.length)) as Below<P, M>;
}

/** An answer's envelope, its `data` typed as the contract's table says endpoint `K` answers the web tier. */
export function contractData<K extends ApiEndpointName>(data: ApiAnswer<K>): ApiSuccess<ApiAnswer<K>> {
  return { data };
}
