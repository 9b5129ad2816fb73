/**
 * The route tree as the web tier renders it on the server (server/render/render.tsx): React
 * Router's static handler with a request context. Only the context's calls to the odds API are
 * stand-ins; the loaders, pages and rendering are the real ones.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { OddsResponse, OddsSummary } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { partialDataSource } from "./loaders/source.ts";
import { routes } from "./routes.tsx";
import type { DashboardData } from "./pages/dashboard.tsx";
import type { ServerContext } from "./server-context.ts";
import { USER, market, oddsEvent, providerOdds, summary } from "../tests/client/harness.tsx";

const NOW = Date.parse("2026-11-22T09:00:00Z");

const notUsed = () => Promise.reject(new Error("not used"));

function context(data: { summary(): Promise<OddsSummary>; odds(): Promise<OddsResponse> }): ServerContext {
  return {
    server: true,
    user: USER,
    timeZone: "Africa/Lagos",
    now: NOW,
    data: partialDataSource(data, notUsed),
  };
}

const down = () => Promise.reject(new Error("upstream unavailable"));

async function renderDashboard(requestContext: ServerContext, url = "http://localhost/dashboard") {
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(url), { requestContext });
  if (result instanceof Response) throw new Error(`unexpected redirect to ${result.headers.get("Location")}`);
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(<StaticRouterProvider router={router} context={result} />);
  return { status: result.statusCode, data: result.loaderData.dashboard as DashboardData, html };
}

describe("the dashboard rendered on the server", () => {
  it("says 'Failed to load summary data' when the summary call fails, not the error screen", async () => {
    const { status, data, html } = await renderDashboard(context({ summary: down, odds: down }));
    expect(status).toBe(200);
    expect(data).toEqual({ summary: { ok: false }, choice: { league: null, market: null, odds: null } });
    expect(html).toContain("Failed to load summary data");
    expect(html).not.toContain("Something went wrong!");
  });

  it("says 'Failed to load odds data' when only the odds call fails", async () => {
    const { status, data, html } = await renderDashboard(
      context({ summary: async () => summary({ competitionIds: [2, 3], marketIds: [1] }), odds: down }),
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({ choice: { league: 2, market: 1, odds: { ok: false } } });
    expect(html).toContain("Failed to load odds data");
    expect(html).not.toContain("No odds data available for the selected combination.");
    expect(html).toContain("Select League");
  });

  it("renders the odds tables of the URL's league and market into the first HTML", async () => {
    const asked: unknown[] = [];
    const event = oddsEvent({
      name: "Served match",
      markets: [market(4, [providerOdds(1, [[8, 1.8], [9, 2.05]])])],
    });
    const { data, html } = await renderDashboard(
      context({
        summary: async () => summary({ competitionIds: [1, 3], marketIds: [1, 4] }),
        odds: async (...args: unknown[]) => {
          asked.push(...args);
          return { events: [event], updatedAt: "2026-11-22T09:00:00.000Z" };
        },
      }),
      "http://localhost/dashboard?league=3&market=4",
    );
    expect(asked).toEqual([{ country: 1, competition: 3, market: 4 }]);
    expect(data).toMatchObject({ summary: { ok: true }, choice: { league: 3, market: 4, odds: { ok: true } } });
    expect(html).toContain("Served match");
    expect(html).toContain("2.05");
  });
});

describe("the profile rendered on the server", () => {
  it("says why the profile could not be loaded, in the first HTML, with the API's description", async () => {
    const handler = createStaticHandler(routes);
    const requestContext: ServerContext = {
      ...context({ summary: down, odds: down }),
      data: partialDataSource({ me: () => Promise.reject(new ApiError("Profile store unavailable", { status: 500, code: "INTERNAL_ERROR" })) }, down),
    };
    const result = await handler.query(new Request("http://localhost/profile"), { requestContext });
    if (result instanceof Response) throw new Error("unexpected redirect");
    expect(result.loaderData.profile).toEqual({ telegram: { ok: false }, profile: { status: "error", message: "Profile store unavailable" } });
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
    expect(html).toContain("Error Loading Profile");
    expect(html).not.toContain("Loading profile...");
  });

  it("sends a visitor without a session to / with a redirect", async () => {
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request("http://localhost/profile"), { requestContext: { ...context({ summary: down, odds: down }), user: null } });
    expect(result instanceof Response && result.status).toBe(302);
    expect(result instanceof Response && result.headers.get("Location")).toBe("/");
  });
});
