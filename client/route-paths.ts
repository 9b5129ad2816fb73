/**
 * Every page path, without React: the route tree (client/routes.tsx), the server's request
 * logging and the prerender step all read it, so none of them imports another's code.
 */
export const PUBLIC_PATHS = ["/", "/nigeria", "/kenya", "/ghana", "/about", "/terms", "/privacy", "/responsible-gambling"] as const;
export const PROTECTED_PATHS = ["/dashboard", "/profile", "/help", "/feedback", "/dropping", "/sure-bets", "/value-bets", "/betslip"] as const;

/** The match page of one event (docs/design.md, The match page): login required, shareable. */
export const matchPath = (eventId: string) => `/match/${encodeURIComponent(eventId)}`;
