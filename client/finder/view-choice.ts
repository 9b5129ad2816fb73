/**
 * The dashboard's view, cards (docs/product.md, Dashboard; the default) or the compact list
 * (docs/design.md, Finding a match on the dashboard). The choice is in the URL (`?view=list`) and
 * remembered in a first-party cookie the loader reads when the URL has none: on the server from the
 * request's Cookie header, so the first HTML is already the chosen view and nothing flashes.
 */
export const VIEWS = ["cards", "list"] as const;
export type DashboardView = (typeof VIEWS)[number];

export const VIEW_COOKIE = "afriodds_view";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

const asView = (value: string | null | undefined): DashboardView | undefined => VIEWS.find((view) => view === value);

/** `?view=`, if it names a view. */
export function viewInUrl(params: URLSearchParams): DashboardView | undefined {
  return asView(params.get("view"));
}

/** The remembered view in a Cookie header (or document.cookie), if any. */
export function viewInCookie(cookies: string | null | undefined): DashboardView | undefined {
  for (const pair of (cookies ?? "").split(";")) {
    const [name, value] = pair.split("=", 2).map((part) => part.trim());
    if (name === VIEW_COOKIE) return asView(value);
  }
  return undefined;
}

/** The URL's view, else the remembered one, else cards. */
export function chosenView(params: URLSearchParams, cookies: string | null | undefined): DashboardView {
  return viewInUrl(params) ?? viewInCookie(cookies) ?? "cards";
}

/** Remembers the choice for a year; readable by the page (not HttpOnly: it holds no secret). */
export function rememberView(view: DashboardView, doc: Document = document) {
  const secure = doc.location?.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${VIEW_COOKIE}=${view}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}
