/** How the bot words amounts and trims what it sends (docs/design.md, Alerts, Channels, Telegram). */

const WHOLE = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
const KOBO = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₦1,000', or to the kobo '₦5,432.10'. */
export function naira(amount: number, kobo = false): string {
  return `₦${(kobo ? KOBO : WHOLE).format(amount)}`;
}

/** Telegram's limit on a message (4,096 characters); ours stays under it with room for the cut's mark. */
export const MAX_MESSAGE = 4000;

/** A message cut to what Telegram takes, on a line where it can. */
export function fitMessage(text: string): string {
  if (text.length <= MAX_MESSAGE) return text;
  const cut = text.slice(0, MAX_MESSAGE);
  const line = cut.lastIndexOf("\n");
  return `${line > MAX_MESSAGE / 2 ? cut.slice(0, line) : cut}\n...`;
}

/** Text a user sent, quoted back short and on one line. */
export function quoted(text: string, max = 30): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max)}...` : one;
}
