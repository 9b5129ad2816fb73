import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { StrictMode, type JSX } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../session/store.ts";
import { routes } from "../routes.tsx";
import { loggedIn, resetApp, stubApi } from "../../tests/client/harness.tsx";
import { PUBLIC_PAGES } from "../public-pages.ts";
import { PublicApp, publicPageApp } from "./public-app.tsx";

/** What the server sends for `path`: the route tree's markup and its loaders' data, as server/render/render.tsx renders it. */
async function serverRender(path: string): Promise<{ html: string; hydrationData: HydrationState }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { html, hydrationData: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors } };
}

const at = (path: string) => new URL(`http://localhost${path}`) as unknown as Location;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  resetApp();
});

/** Hydrates `element` over the server's markup; returns what React reported while doing it. */
async function hydrate(html: string, element: JSX.Element) {
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const consoleErrors = vi.spyOn(console, "error");
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
  });
  return { recoverable, consoleErrors };
}

describe("a public page hydrated without the client router (decision 021)", () => {
  it.each(["/", "/about", "/terms", "/kenya", "/nigeria"])("hydrates %s over the server's markup without a mismatch", async (path) => {
    stubApi();
    const { html, hydrationData } = await serverRender(path);
    const app = await publicPageApp({ location: at(path), hydrationData, prerendered: false });
    const { recoverable, consoleErrors } = await hydrate(html, app);
    await waitFor(() => expect(useSession.getState().loading).toBe(false));
    expect(recoverable).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("loads the page a link leads to as a document", async () => {
    stubApi();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { html, hydrationData } = await serverRender("/about");
    await hydrate(html, await publicPageApp({ location: at("/about"), hydrationData, prerendered: false }));
    await userEvent.click(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Terms of Service" }));
    expect(assign).toHaveBeenCalledWith("/terms");
  });

  it("shows the signed-in shell after the session check, and logging out loads the landing page", async () => {
    stubApi(loggedIn());
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { html, hydrationData } = await serverRender("/about");
    await hydrate(html, await publicPageApp({ location: at("/about"), hydrationData, prerendered: false }));
    const account = await screen.findByRole("button", { name: "Account" });
    await userEvent.click(account);
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: /log ?out/i }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
  });

  it("gives a prerendered page the browser's clock", async () => {
    stubApi();
    const { hydrationData } = await serverRender("/about");
    const root = hydrationData.loaderData!.root as { now: number };
    root.now = 0;
    await publicPageApp({ location: at("/about"), hydrationData, prerendered: true });
    expect(root.now).toBeGreaterThan(0);
  });

  it("shows the error screen in the site's frame when the page fails in the browser", async () => {
    stubApi();
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): JSX.Element {
      throw new Error("broken page");
    }
    await act(async () => {
      const container = document.createElement("div");
      document.body.append(container);
      const { createRoot } = await import("react-dom/client");
      root = createRoot(container);
      root.render(<PublicApp location={at("/about")} loaderData={{ root: { now: Date.now(), timeZone: "Africa/Lagos", user: null, sessionUnavailable: false } }} pageId="about" Page={Broken} />);
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
  });

  it("shows the error screen in the site's frame when the page's code cannot be fetched", async () => {
    stubApi();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { html, hydrationData } = await serverRender("/about");
    vi.spyOn(PUBLIC_PAGES["/about"], "load").mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    await hydrate(html, await publicPageApp({ location: at("/about"), hydrationData, prerendered: false }));
    expect(await screen.findByRole("heading", { name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
  });

  it("starts the whole app for a page the server rendered with an error, or that is not public", async () => {
    stubApi();
    const { hydrationData } = await serverRender("/about");
    const publicApp = await publicPageApp({ location: at("/about"), hydrationData, prerendered: false });
    const withError = await publicPageApp({ location: at("/about"), hydrationData: { ...hydrationData, errors: { root: new Error("x") } }, prerendered: false });
    const notPublic = await publicPageApp({ location: at("/help"), hydrationData, prerendered: false });
    const inner = (element: JSX.Element) => (element.props as { children: JSX.Element }).children.type as unknown;
    expect(inner(publicApp)).toBe(PublicApp);
    expect(inner(withError)).not.toBe(PublicApp);
    expect(inner(notPublic)).not.toBe(PublicApp);
  });
});
