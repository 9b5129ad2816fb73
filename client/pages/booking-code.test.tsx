import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { partialDataSource } from "../loaders/source.ts";
import { routes } from "../routes.tsx";
import type { ServerContext } from "../server-context.ts";
import { errorReply, renderPage, resetApp, stubApi, USER, type Reply } from "../../tests/client/harness.tsx";
import { leg } from "../../tests/client/betslip-fixtures.ts";
import { bookingLeg, bookingRead, slipServer } from "../../tests/client/booking-fixtures.ts";
import { BookingCodePage, loader, type CodePageData } from "./booking-code.tsx";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const READ = "GET /api/odds/booking?provider=1&code=XY34ZW9";
const CODE = bookingRead([bookingLeg(leg(), 2.05)], [], { provider: 1, code: "XY34ZW9" });

afterEach(resetApp);

function renderCode(url: string, replies: Record<string, Reply | Reply[]> = {}, served?: CodePageData) {
  const api = stubApi(replies);
  renderPage({ path: "code/:bookmaker/:code", url, Component: BookingCodePage, loader, now: NOW, served });
  return { api, user: userEvent.setup() };
}

const bookingCalls = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.path.startsWith("/api/odds/booking"));

describe("the page of one booking code", () => {
  it("reads the code its path names and shows what it holds, with the same buttons as the betslip", async () => {
    const { api } = renderCode("/code/bet9ja/xy34zw9", { [READ]: { data: CODE } });

    expect(await screen.findByRole("heading", { level: 1, name: "Booking code" })).toBeTruthy();
    const section = await screen.findByRole("region", { name: "Bet9ja code XY34ZW9" });
    expect(bookingCalls(api).map((c) => c.path)).toEqual(["/api/odds/booking?provider=1&code=XY34ZW9"]);
    expect(section.textContent).toContain("All 1 selection can come onto your slip.");
    expect(section.textContent).toContain("Bet9ja's price 2.05.");
    expect(within(section).getByRole("button", { name: "Replace my slip" })).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Add to my slip" })).toBeTruthy();
  });

  it("loads the code into the slip and points to the comparison on the betslip", async () => {
    const api = stubApi({ [READ]: { data: CODE } });
    slipServer(api, []);
    renderPage({ path: "code/:bookmaker/:code", url: "/code/bet9ja/XY34ZW9", Component: BookingCodePage, loader, now: NOW });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add to my slip" }));

    await waitFor(() => expect(screen.getByText("Added 1 selection to your slip.")).toBeTruthy());
    expect(screen.getByRole("link", { name: "See what each bookmaker pays on your betslip" }).getAttribute("href")).toBe("/betslip");
    expect(api.callsTo("PUT /api/users/betslip").map((c) => c.body)).toEqual([{ stake: 1000, legs: [leg()] }]);
  });

  it.each([
    ["/code/betway/AB12CD", 'We do not know a bookmaker called "betway". We read codes from SportyBet, Bet9ja, BetKing and 1xBet.'],
    ["/code/nairabet/AB12CD", "NairaBet has no booking codes we can read. We read codes from SportyBet, Bet9ja, BetKing and 1xBet."],
    ["/code/sportybet/AB-12%3Cb%3E", '"AB-12<b>" is not a booking code. A booking code is 4 to 12 letters and digits, for example AB12CD.'],
  ])("says plainly why %s names no code it can read, and asks nothing", async (url, message) => {
    const { api } = renderCode(url);

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.getByRole("link", { name: "Paste another code on your betslip" }).getAttribute("href")).toBe("/betslip");
    expect(bookingCalls(api)).toEqual([]);
  });

  it("says what went wrong, and reads again on Retry", async () => {
    const { api, user } = renderCode("/code/bet9ja/XY34ZW9", {
      [READ]: [errorReply(503, "BOOKMAKER_UNAVAILABLE", "Bet9ja is not answering us right now. Please try again in a few minutes."), { data: CODE }],
    });

    expect((await screen.findByRole("alert")).textContent).toBe("Bet9ja is not answering us right now. Please try again in a few minutes.Retry");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByRole("region", { name: "Bet9ja code XY34ZW9" });
    expect(bookingCalls(api)).toHaveLength(2);
  });

  it("reads in the browser a page the server rendered without reading", async () => {
    const { api } = renderCode("/code/bet9ja/XY34ZW9", { [READ]: { data: CODE } }, { target: { ok: true, provider: 1, code: "XY34ZW9" }, reading: null });

    expect(screen.getByText("Reading the code at Bet9ja...").getAttribute("role")).toBe("status");
    await screen.findByRole("region", { name: "Bet9ja code XY34ZW9" });
    expect(bookingCalls(api)).toHaveLength(1);
  });
});

describe("the page of one booking code rendered on the server", () => {
  const notUsed = () => Promise.reject(new Error("not used"));
  const context = (user: ServerContext["user"]): ServerContext => ({ server: true, user, timeZone: "Africa/Lagos", now: NOW, data: partialDataSource({}, notUsed) });

  async function query(url: string, user: ServerContext["user"]) {
    const handler = createStaticHandler(routes);
    const result = await handler.query(new Request(`http://localhost${url}`), { requestContext: context(user) });
    return { handler, result };
  }

  it("comes at once saying it is reading, without waiting for the bookmaker", async () => {
    const { handler, result } = await query("/code/sportybet/ab12cd", USER);
    if (result instanceof Response) throw new Error("unexpected redirect");

    expect(result.loaderData["booking-code"]).toEqual({ target: { ok: true, provider: 3, code: "AB12CD" }, reading: null });
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />);
    // React marks where text parts meet with empty comments.
    expect(html.replaceAll("<!-- -->", "")).toContain('<p class="py-5" role="status">Reading the code at SportyBet...</p>');
  });

  it("sends a visitor home, as every signed-in page does", async () => {
    const { result } = await query("/code/sportybet/AB12CD", null);

    expect(result instanceof Response && result.headers.get("Location")).toBe("/");
  });
});
