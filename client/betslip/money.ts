/** Naira and accumulator odds as the betslip shows them, the same on the server and in the browser. */

const NAIRA = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₦12,345.60': to the kobo, grouped by thousands. */
export const formatNaira = (amount: number) => `₦${NAIRA.format(amount)}`;

/** A slip's total odds grow fast (twenty legs at 2.00 make 1,048,576.00): grouped, two decimals as every price. */
export const formatTotalOdds = (odds: number) => NAIRA.format(odds);

/** The stake's text in the input: no grouping and no '.00', so it reads as typed ('1000', '250.5'). */
export const stakeText = (stake: number) => String(stake);

/** Naira and kobo; up to 999,999,999.99, which no bookmaker would take on one slip anyway. */
const STAKE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export const STAKE_INVALID_MESSAGE = "Enter a stake in naira above 0, with at most two decimals (for example 1000 or 250.50).";

/** The stake typed, read as naira: spaces, commas and a leading ₦ allowed; undefined unless it is a positive amount to the kobo. */
export function parseStake(text: string): number | undefined {
  const plain = text.replace(/[\s,]/g, "").replace(/^₦/, "");
  if (!STAKE_PATTERN.test(plain)) return undefined;
  const stake = Number(plain);
  return stake > 0 ? stake : undefined;
}
