/**
 * Every page path, without React: the route tree (client/routes.tsx), the server's request
 * logging and the prerender step all read it, so none of them imports another's code.
 */
export const PUBLIC_PATHS = ["/", "/nigeria", "/kenya", "/ghana", "/about", "/terms", "/privacy", "/responsible-gambling"] as const;
const MATCH_PREFIX = "/match/";
/**
 * Pages for browsers without JavaScript, rendered per request with their form's token (docs/design.md,
 * Pages without JavaScript): each is where its form posts, and where a refused post comes back to.
 */
export const FORM_PAGES = { login: "/login", register: "/register", verify: "/verify", forgot: "/forgot-password", reset: "/reset-password" } as const;
export const FORM_PATHS = Object.values(FORM_PAGES);
/**
 * Pages the server renders with a form token: the form pages, the profile with its log-out form, the
 * pages whose odds tables and slip are forms too (add, remove, stake, booking code), and the alerts'
 * (the Alerts page's mute, delete and settings; sure bets' "Alert me").
 */
export const PAGES_WITH_FORMS = [...FORM_PATHS, "/profile", "/dashboard", "/dropping", "/betslip", "/feedback", "/alerts", "/sure-bets"] as const;
const PAGE_WITH_FORMS_SET = new Set<string>(PAGES_WITH_FORMS);
/** A match's page, its id as a URL carries it: only characters a cookie's Path may hold (a page's flash cookie is scoped to it). */
const MATCH_PAGE = /^\/match\/[\w%.~:!$&'()*+,=@-]{1,300}$/;
/** A booking code's page (`/code/sportybet/AB12CD`), as its reading form's landing sends it: a bookmaker's key and a code. */
const CODE_PAGE = /^\/code\/\w{1,20}\/\w{1,40}$/;
/**
 * Whether a page (its path, without the query) has forms: one of PAGES_WITH_FORMS, a match's page,
 * whose odds tables are the add form, or a booking code's, whose selections go on the slip by form.
 */
export const hasForms = (pathname: string): boolean => PAGE_WITH_FORMS_SET.has(pathname) || MATCH_PAGE.test(pathname) || CODE_PAGE.test(pathname);
/** Where the betslip's "Paste a booking code" form goes without JavaScript (`?provider=3&code=AB12CD`): on to that code's page. */
export const READ_CODE_PATH = "/code";
/** The hidden field of every form post, holding the form token (server/lite/form-token.ts). */
export const FORM_TOKEN_FIELD = "_csrf";
/** The footer's links that choose lite pages, without the app's script, or the full site again (server/lite/lite-mode.ts). */
export const LITE_PATHS = { on: "/lite/on", off: "/lite/off" } as const;
/** Form posts that are no page of their own: log-out, and the verification page's request for a new code. */
export const FORM_POSTS = {
  logout: "/logout",
  resend: "/verify/resend",
  addToSlip: "/betslip/add",
  removeFromSlip: "/betslip/remove",
  stake: "/betslip/stake",
  booking: "/betslip/booking",
  importToSlip: "/betslip/import",
  feedback: "/feedback",
  // Alerts (docs/design.md, Alerts): an "Alert me" tap, and the Alerts page's mute, delete and settings.
  createAlert: "/alerts/add",
  changeAlert: "/alerts/mute",
  deleteAlert: "/alerts/delete",
  alertSettings: "/alerts/settings",
} as const;
export const PROTECTED_PATHS = ["/dashboard", "/profile", "/help", "/feedback", "/dropping", "/sure-bets", "/value-bets", "/betslip", "/search", "/matches", "/competitions", "/alerts"] as const;
/** The whole board's pages (docs/design.md, Board pages): the Today and Tomorrow views, and the competition picker. */
export const MATCHES_PATH = "/matches";
export const COMPETITIONS_PATH = "/competitions";
const COMPETITION_PREFIX = `${COMPETITIONS_PATH}/`;
/** The bettor's alerts (docs/design.md, Alerts): what they follow, mute and delete, and where alerts reach them. */
export const ALERTS_PATH = "/alerts";
/** One competition's matches and best prices, from the picker. */
export const competitionPath = (id: number) => `${COMPETITION_PREFIX}${id}`;
/** Team search as a page (`?q=TEXT`): the dashboard's search field without JavaScript, or Enter there before any match is listed. */
export const SEARCH_PATH = "/search";

/** The match page of one event (docs/design.md, The match page): login required, shareable. */
export const matchPath = (eventId: string) => `${MATCH_PREFIX}${encodeURIComponent(eventId)}`;

/** The query parameter of `/` and `/login` that names the signed-in page a visitor was sent to sign in for. */
export const NEXT_PARAM = "next";

const SIGNED_IN_PREFIXES = [MATCH_PREFIX, "/code/", COMPETITION_PREFIX] as const;
const isSignedInPath = (pathname: string) =>
  (PROTECTED_PATHS as readonly string[]).includes(pathname) || pathname === READ_CODE_PATH || SIGNED_IN_PREFIXES.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);

/**
 * A path of this site with its query, or null: never another site (`//evil.example`,
 * `/\evil.example` and absolute URLs resolve off our origin and are refused), nor anything long.
 */
export function sitePath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 1_000 || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  const origin = "http://afriodds.invalid";
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * A link to return to after sign-in (docs/product.md, Shared links): one of our own signed-in pages,
 * with its query, or null (sitePath's rules, and a signed-in page).
 */
export function returnPath(raw: string | null | undefined): string | null {
  const path = sitePath(raw);
  return path && isSignedInPath(path.split("?")[0]!) ? path : null;
}

/** Where a signed-out visitor to a signed-in page goes: home, where sign-in opens and then returns to the page. */
export const signInFor = (path: string): string => {
  const back = returnPath(path);
  return back ? `/?${NEXT_PARAM}=${encodeURIComponent(back)}` : "/";
};

/** What a return path holds, in the words of the sign-in prompt: 'Log in or sign up free to open your betslip.' */
export function linkHolds(path: string): string {
  const pathname = path.split("?")[0]!;
  if (pathname.startsWith("/match/")) return "this match's odds";
  if (pathname.startsWith("/code/") || pathname === READ_CODE_PATH) return "this booking code";
  if (pathname.startsWith(COMPETITION_PREFIX)) return "this competition's odds";
  const named: Record<string, string> = {
    "/dashboard": "the odds dashboard",
    "/betslip": "your betslip",
    "/sure-bets": "sure bets",
    "/value-bets": "value bets",
    "/dropping": "dropping odds",
    "/profile": "your profile",
    "/help": "the help guide",
    "/feedback": "the feedback form",
    "/search": "your search",
    "/matches": "the day's matches",
    "/competitions": "every competition",
    "/alerts": "your alerts",
  };
  return named[pathname] ?? "that page";
}
