import { MAX_STAKE_NAIRA } from "#shared/contract.ts";
/** Naira amounts on the bettor tools' pages: stakes in whole naira, returns to the kobo. */

const WHOLE = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
const KOBO = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₦3,412'; with kobo '₦10,234.50'; a loss as '−₦1.20'. */
export function formatNaira(amount: number, { kobo = false } = {}): string {
  const text = (kobo ? KOBO : WHOLE).format(Math.abs(amount));
  return `${amount < 0 && text !== "0" && text !== "0.00" ? "\u2212" : ""}₦${text}`;
}


export type StakeTotal = { ok: true; naira: number } | { ok: false; message: string };

export const STAKE_MESSAGES = {
  empty: "Enter your total stake in naira.",
  notAmount: "Enter an amount in naira above ₦0, in figures (for example 10000).",
  tooLarge: `Enter at most ${formatNaira(MAX_STAKE_NAIRA)}.`,
  tooSmall: "Enter at least ₦1.",
} as const;

/**
 * The total a bettor typed ('10000', '10,000', '₦10,000.50'), as whole naira to split (kobo are
 * dropped: the stakes are whole naira). Whether it covers every outcome within the bookmakers'
 * minimum stakes is the split's to say, with the smallest total that does (shared/math/sure-bet-split.ts).
 */
export function parseStakeTotal(text: string): StakeTotal {
  const plain = text.replace(/[\s,₦]/g, "");
  if (plain === "") return { ok: false, message: STAKE_MESSAGES.empty };
  if (!/^\d+(\.\d{0,2})?$/.test(plain) || Number(plain) <= 0)
    return { ok: false, message: STAKE_MESSAGES.notAmount };
  const naira = Math.floor(Number(plain));
  if (naira > MAX_STAKE_NAIRA) return { ok: false, message: STAKE_MESSAGES.tooLarge };
  if (naira < 1) return { ok: false, message: STAKE_MESSAGES.tooSmall };
  return { ok: true, naira };
}
