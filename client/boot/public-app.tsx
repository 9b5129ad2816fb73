import { Component, StrictMode, type ComponentType, type ErrorInfo, type JSX, type ReactNode } from "react";
import {
  createPath,
  Router,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_RouteContext as RouteContext,
  type Navigator,
  type RouteMatch,
  type To,
} from "react-router";
import { isPublicPath, PUBLIC_PAGES } from "../public-pages.ts";
import { ErrorScreen } from "../shell/error-screen.tsx";
import { Layout } from "../shell/layout.tsx";
import { giveBrowserClock } from "./browser-clock.ts";
import type { ServerRendered } from "./start.ts";

type RouterState = NonNullable<React.ContextType<typeof DataRouterStateContext>>;

/**
 * Every navigation from a public page loads the next page as a document (decision 021): public
 * pages are prerendered and cached, and the app's other pages are rendered by the server.
 */
const documentNavigator: Navigator = {
  createHref: (to: To) => (typeof to === "string" ? to : createPath(to)),
  createURL: (to: To) => new URL(typeof to === "string" ? to : createPath(to), window.location.href),
  go: (delta: number) => window.history.go(delta),
  push: (to: To) => window.location.assign(documentNavigator.createHref(to)),
  replace: (to: To) => window.location.replace(documentNavigator.createHref(to)),
};

function match(id: string, pathname: string): RouteMatch {
  return { params: {}, pathname, pathnameBase: pathname, route: { id, path: pathname } };
}

/** What React Router's hooks read of a data router's state, for a page that will not navigate in place. */
function routerState(location: Location, loaderData: RouterState["loaderData"], errors: RouterState["errors"]): RouterState {
  return {
    historyAction: "POP" as RouterState["historyAction"],
    location: { pathname: location.pathname, search: location.search, hash: location.hash, state: null, key: "default" },
    matches: [],
    initialized: true,
    renderFallback: false,
    navigation: { state: "idle" } as RouterState["navigation"],
    restoreScrollPosition: false,
    preventScrollReset: false,
    revalidation: "idle",
    loaderData,
    actionData: null,
    errors,
    fetchers: new Map(),
    blockers: new Map(),
  } as RouterState;
}

interface RootProps {
  location: Location;
  loaderData: RouterState["loaderData"];
}

/** The root route as React Router's hooks see it: the loaders' data (or the root's error) and the page in its outlet. */
function RootRoute({ location, loaderData, errors = null, outlet = null, children }: RootProps & { errors?: RouterState["errors"]; outlet?: JSX.Element | null; children: ReactNode }) {
  return (
    <DataRouterStateContext.Provider value={routerState(location, loaderData, errors)}>
      <RouteContext.Provider value={{ outlet, matches: [match("root", "/")], isDataRoute: false }}>{children}</RouteContext.Provider>
    </DataRouterStateContext.Provider>
  );
}

/** The root route's error screen, for a failure while the page renders in the browser (the router's boundary does this in the app). */
class RootBoundary extends Component<RootProps & { children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <RootRoute location={this.props.location} loaderData={this.props.loaderData} errors={{ root: error }}>
        <ErrorScreen />
      </RootRoute>
    );
  }
}

/**
 * A public page as the server rendered it, hydrated without the client router (decision 021):
 * the shell and the page, with the loaders' data the server gave, and React Router's `<Router>`
 * for links, which load the next page as a document. Leaves out React Router's data router, about
 * a fifth of a public page's JavaScript (docs/design.md, Page weight: at most 100 KB before a dialog opens).
 */
export function PublicApp({ location, loaderData, pageId, Page }: RootProps & { pageId: string; Page: ComponentType }): JSX.Element {
  const page = (
    <RouteContext.Provider value={{ outlet: null, matches: [match("root", "/"), match(pageId, location.pathname)], isDataRoute: false }}>
      <Page />
    </RouteContext.Provider>
  );
  return (
    <Router location={{ pathname: location.pathname, search: location.search, hash: location.hash }} navigator={documentNavigator}>
      <RootBoundary location={location} loaderData={loaderData}>
        <RootRoute location={location} loaderData={loaderData} outlet={page}>
          <Layout />
        </RootRoute>
      </RootBoundary>
    </Router>
  );
}

/**
 * The public page the server rendered, to hydrate. A page the server rendered with an error, or
 * a path that is not a public page, starts the whole app instead (client/boot/app.tsx).
 */
export async function publicPageApp(rendered: ServerRendered): Promise<JSX.Element> {
  const { location, hydrationData, prerendered } = rendered;
  const loaderData = hydrationData?.loaderData;
  if (!isPublicPath(location.pathname) || !loaderData || hydrationData.errors) return (await import("./app.tsx")).serverRenderedApp(rendered);
  const { id, load } = PUBLIC_PAGES[location.pathname];
  // A page whose code cannot be fetched shows the error screen, as the app's router would.
  const Page = await load().then(
    (page) => page.Component,
    (error: unknown) =>
      function PageFailed(): never {
        throw error;
      },
  );
  if (prerendered) giveBrowserClock(loaderData);
  return (
    <StrictMode>
      <PublicApp location={location} loaderData={loaderData} pageId={id} Page={Page} />
    </StrictMode>
  );
}
