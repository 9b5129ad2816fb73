import { MAX_STAKE_NAIRA } from "#shared/contract.ts";
import { formatNaira } from "../../tools/money.ts";

/** The slip's stake and total odds as the betslip shows and reads them, the same on the server and in the browser. */

const GROUPED = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A stake or payout to the kobo: '₦12,345.60' (the bettor tools' one naira format). */
export const formatKobo = (amount: number) => formatNaira(amount, { kobo: true });

/** A slip's total odds grow fast (twenty legs at 2.00 make 1,048,576.00): grouped, two decimals as every price. */
export const formatTotalOdds = (odds: number) => GROUPED.format(odds);

/** The stake's text in the input: no grouping and no '.00', so it reads as typed ('1000', '250.5'). */
export const stakeText = (stake: number) => String(stake);


export const STAKE_INVALID_MESSAGE = `Enter a stake in naira above ₦0 and at most ${formatNaira(MAX_STAKE_NAIRA)}, with at most two decimals (for example 1000 or 250.50).`;

/** The stake typed, read as naira: spaces, commas and a leading ₦ allowed; undefined unless it is a positive amount to the kobo within the limit. */
export function parseStake(text: string): number | undefined {
  const plain = text.replace(/[\s,]/g, "").replace(/^₦/, "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(plain)) return undefined;
  const stake = Number(plain);
  return stake > 0 && stake <= MAX_STAKE_NAIRA ? stake : undefined;
}
