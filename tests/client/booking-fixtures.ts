/** Booking codes' shapes (shared/contract.ts) for client tests, and a stubbed betslip that keeps its version as the API does. */
import { vi } from "vitest";
import type { Betslip, BetslipLeg, BetslipRequest, BookingLeg, BookingRead, UnmappedLeg, UnmappedReason } from "#shared/contract.ts";
import type { stubApi } from "./harness.tsx";
import { betslipFixture, bookmakerSlipFixture, leg, legView } from "./betslip-fixtures.ts";

/** A leg of a read code: as the betslip's leg view has its event, with the book's price now. */
export function bookingLeg(base: BetslipLeg = leg(), bookPrice: number | null = 2.05): BookingLeg {
  const view = legView(base);
  return { ...base, event: view.event!, bookPrice };
}

export function unmappedLeg(reason: UnmappedReason, description: string): UnmappedLeg {
  return { reason, description, home: null, away: null, kickoff: null };
}

export function bookingRead(legs: BookingLeg[], unmapped: UnmappedLeg[] = [], overrides: Partial<BookingRead> = {}): BookingRead {
  return { provider: 3, code: "AB12CD", legs, unmapped, expiresAt: "2026-11-22T15:00:00.000Z", ...overrides };
}

/** The slip priced at Bet9ja and BetKing, BetKing paying more, as the API would answer it for these legs. */
export function pricedSlip(legs: readonly BetslipLeg[], stake = 1000): Betslip {
  const views = legs.map((l) => legView(l));
  const bookmakers = views.length === 0 ? [] : [bookmakerSlipFixture(2, 2.1 ** views.length, { stake }), bookmakerSlipFixture(1, 2 ** views.length, { stake })];
  return betslipFixture(views, { stake, bookmakers });
}

type Api = ReturnType<typeof stubApi>;

export interface SlipServer {
  slip(): Betslip;
  /** Another device saves `legs` now: the version moves on. */
  changeElsewhere(legs: BetslipLeg[]): void;
  /** The If-Match of every PUT, in order. */
  ifMatches: (string | null)[];
}

/**
 * GET and PUT /api/users/betslip as the API answers them (decision 024): every answer with the slip's
 * version as its ETag, a PUT whose If-Match is not the current version 412 BETSLIP_CHANGED, saving
 * nothing. `beforePut` runs as a PUT arrives (another device saving first). Other calls go to the stub.
 */
export function slipServer(api: Api, initial: readonly BetslipLeg[], options: { beforePut?: (server: SlipServer) => void } = {}): SlipServer {
  let slip = pricedSlip(initial);
  let version = 1;
  const stub = globalThis.fetch;
  const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ETag: `"${version}"` } });
  const server: SlipServer = {
    slip: () => slip,
    changeElsewhere(legs) {
      slip = pricedSlip(legs, slip.stake);
      version += 1;
    },
    ifMatches: [],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = String(input);
      if (path !== "/api/users/betslip" || (method !== "GET" && method !== "PUT")) return stub(input, init);
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as BetslipRequest) : undefined;
      api.calls.push({ method, path, body });
      if (method === "GET") return reply(200, { data: slip });
      const ifMatch = new Headers(init?.headers).get("if-match");
      server.ifMatches.push(ifMatch);
      options.beforePut?.(server);
      if (ifMatch !== `"${version}"`) return reply(412, { error: { code: "BETSLIP_CHANGED", description: "Your betslip changed on another device.", type: "conflict" } });
      slip = pricedSlip(body!.legs, body!.stake);
      version += 1;
      return reply(200, { data: slip });
    }),
  );
  return server;
}
