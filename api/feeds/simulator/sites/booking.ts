/** The simulated booking endpoints, each at its book's real path under the book's prefix (docs/design.md, Booking endpoints). */
import { bet9jaBookingSite } from "./bet9ja/bet9ja-booking.ts";
import { betkingBookingSite } from "./betking/betking-booking.ts";
import { onexbetBookingSite } from "./onexbet/onexbet-booking.ts";
import type { SimulatedSite } from "./site.ts";
import { sportybetBookingSite } from "./sportybet/sportybet-booking.ts";

export const BOOKING_SITES: readonly SimulatedSite[] = [sportybetBookingSite, bet9jaBookingSite, betkingBookingSite, onexbetBookingSite];
