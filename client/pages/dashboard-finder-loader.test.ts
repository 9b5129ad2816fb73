import { describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "react-router";
import type { OddsEvent, OddsResponse } from "#shared/contract.ts";
import { partialDataSource } from "#client/loaders/source.ts";
import type { DataSource } from "#client/server-context.ts";
import type { ServerContext } from "#client/server-context.ts";
import { VIEW_COOKIE } from "#client/finder/view-choice.ts";
import { market, oddsEvent, providerOdds, summary, USER } from "../../tests/client/harness.tsx";
import { loader, type DashboardData, type DashboardOdds } from "./dashboard.tsx";

// Node, as on the web tier: a browser's Request would drop the Cookie header (a forbidden header name).
const NOW = Date.parse("2026-11-20T12:00:00Z");
const LEAGUES = [1, 2, 3, 4];
const SUMMARY = summary({ competitionIds: LEAGUES, marketIds: [1, 4] });

const match = (id: string, competitionId: number, date: string): OddsEvent =>
  oddsEvent({ id, competitionId, date, markets: [market(1, [providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.2]])])] });
const byLeague: Record<number, OddsEvent[]> = {
  1: [match("c1:a", 1, "2026-11-20T15:00:00.000Z"), match("c1:d", 1, "2026-11-22T15:00:00.000Z")],
  2: [match("c2:b", 2, "2026-11-21T12:00:00.000Z")],
  3: [match("c3:c", 3, "2026-11-21T14:00:00.000Z")],
  4: [],
};

const unused = async (): Promise<never> => Promise.reject(new Error("not the dashboard's"));

/** The dashboard's loader as the web tier runs it: a server context with the BFF's data source, the page's Request. */
function serverLoader() {
  const asked: number[] = [];
  const data: DataSource = partialDataSource(
    {
      summary: async () => SUMMARY,
      odds: async ({ competition }): Promise<OddsResponse> => {
        asked.push(competition);
        return { events: byLeague[competition] ?? [], updatedAt: `2026-11-20T11:5${competition}:00.000Z`, intervalS: 60 };
      },
    },
    unused,
  );
  const context: ServerContext = { server: true, user: USER, timeZone: "Africa/Lagos", now: NOW, data };
  const load = (url: string, cookie?: string) =>
    loader({ request: new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} }), context, params: {} } as unknown as LoaderFunctionArgs) as Promise<DashboardData>;
  return { asked, load };
}

describe("the dashboard's loader on the server", () => {
  it("reads the remembered view from the request's Cookie header and loads every league's odds for the list, merged by kick-off", async () => {
    const { asked, load } = serverLoader();
    const data = await load("/dashboard?market=1", `afriodds_at=token; ${VIEW_COOKIE}=list`);
    expect(data.view).toBe("list");
    const choice = data.choice as DashboardOdds;
    expect(choice.view).toBe("list");
    expect(choice.odds).toEqual({ ok: true, data: { events: [byLeague[1]![0], byLeague[2]![0], byLeague[3]![0], byLeague[1]![1]], updatedAt: "2026-11-20T11:54:00.000Z", intervalS: 60 } });
    expect(asked.sort()).toEqual(LEAGUES);
  });

  it("loads the league's cards when the URL names the cards over a remembered list, or nothing is remembered", async () => {
    const { asked, load } = serverLoader();
    const overridden = await load("/dashboard?view=cards", `${VIEW_COOKIE}=list`);
    // Cards, the default, leave the data as it was before the list existed.
    expect([overridden.view, (overridden.choice as DashboardOdds).view, asked]).toEqual([undefined, undefined, [1]]);
    const fresh = await load("/dashboard?league=2");
    expect([fresh.view, (fresh.choice as DashboardOdds).league]).toEqual([undefined, 2]);
  });
});
