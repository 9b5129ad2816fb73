import { emailPart } from "./email/index.ts";
import type { PartFactory } from "./index.ts";
import { rulesPart } from "./rules/index.ts";
import { pushPart } from "./push/index.ts";
import { telegramPart } from "./telegram/part.ts";

/**
 * The parts of alerts, in the order their routes mount (docs/design.md, Alerts): each channel and
 * the rules. A part returns undefined when its configuration leaves it out.
 */
export const ALERT_PARTS: readonly PartFactory[] = [rulesPart, telegramPart, pushPart, emailPart];
