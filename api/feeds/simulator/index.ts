export { SIM_CLUBS, simClubsOf, type SimClub } from "./clubs.ts";
export {
  FeedSimulator,
  type FeedSimulatorOptions,
  type PricedFixture,
  type SimFault,
} from "./feed-simulator.ts";
export { SIM_LEAGUES, leagueById, type SimLeague } from "./leagues.ts";
export { MARGIN_PROFILES, ENHANCED_MARGIN, marginPercent } from "./scenario/margins.ts";
export { PRICE_STEP_MS, type QuotedMarket } from "./scenario/pricing.ts";
export { LISTING_WINDOW_MS, type SimFixture } from "./scenario/schedule.ts";
export { createSimulatorApp } from "./simulator-app.ts";
export { startSimulator, type RunningSimulator, type StartSimulatorOptions } from "./start-simulator.ts";
