import type { PartFactory } from "./index.ts";
import { telegramPart } from "./telegram/part.ts";

/**
 * The parts of alerts, in the order their routes mount (docs/design.md, Alerts): each channel and
 * the rules. A part returns undefined when its configuration leaves it out.
 */
export const ALERT_PARTS: readonly PartFactory[] = [telegramPart];
