import type { JSX } from "react";
import { Link } from "react-router";
import { formatTimeZone, zonedFormatter } from "#shared/format.ts";

const CLOCK: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };

/**
 * When a board page's prices were read, to the second in the bettor's zone, and a link to read them
 * again: these pages follow no live stream, with the app or without it (docs/design.md, Board pages).
 */
export function PricesRead({ at, timeZone, href }: { at: number; timeZone: string; href: string }): JSX.Element {
  const when = new Date(at);
  return (
    <p className="board-read is-size-7 mb-2">
      Prices as of {zonedFormatter(CLOCK, timeZone).format(when)} {formatTimeZone(timeZone, when)}; they do not update by themselves.{" "}
      <Link to={href}>Refresh prices</Link>
    </p>
  );
}
