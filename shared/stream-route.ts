/**
 * The `route` field of the API's market frames (docs/decisions/013-odds-stream.md): the competition,
 * market and event a change belongs to, written by the API and read by the web tier to file the
 * frame under its views without parsing the frame's JSON. The event id comes last: it may hold ':'.
 */
export interface MarketRoute {
  competitionId: number;
  marketId: number;
  id: string;
}

export const writeMarketRoute = ({ competitionId, marketId, id }: MarketRoute): string => `${competitionId}:${marketId}:${id}`;

/** The route a frame carried, or undefined when it has none or not in this form. */
export function readMarketRoute(route: string | undefined): MarketRoute | undefined {
  const match = route === undefined ? null : /^(\d+):(\d+):(.+)$/.exec(route);
  return match ? { competitionId: Number(match[1]), marketId: Number(match[2]), id: match[3]! } : undefined;
}
