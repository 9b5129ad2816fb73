import type { BookmakerLink } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";

/**
 * The bookmaker's own page for the event, in a new tab, as the match page links it: no affiliate
 * parameters, no referrer, no ranking credit (docs/design.md, Bookmaker links). The accessible name starts
 * with the visible name (WCAG 2.5.3) and says where it goes.
 */
export function BookmakerLinkOut({ link }: { link: BookmakerLink }) {
  const name = bookmakerName(link.provider);
  const where = link.exact ? `open this match on ${name}'s site` : `open football on ${name}'s site`;
  return (
    <a
      className="tool-bookmaker"
      href={link.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={`${name}: ${where}`}
    >
      {name}
    </a>
  );
}
