import { formatOdds } from "#shared/format.ts";
import { FLAGS, hasFlag } from "#shared/reference.ts";
import type { OddsSelection } from "#shared/contract.ts";
import { BoostedIcon, DecreasedIcon, IncreasedIcon } from "./flag-icons.tsx";

/** One price: 2 decimals or '-', plus its flags. Repeated ~150 times a page, so no wrappers for plain prices. */
export function OddsCell({ selection }: { selection: OddsSelection | undefined }) {
  if (!selection) return <td>-</td>;
  const { value, flags } = selection;
  const best = hasFlag(flags, FLAGS.Best);
  const increased = hasFlag(flags, FLAGS.Increased);
  const decreased = hasFlag(flags, FLAGS.Decreased);
  const boosted = hasFlag(flags, FLAGS.Boosted);
  return (
    <td className={best ? "odds-best" : undefined}>
      {formatOdds(value)}
      {best && <span className="visually-hidden"> best odds</span>}
      {/* One wrapper, so a phone can stack a movement arrow and a boost in one icon's width. */}
      {(increased || decreased || boosted) && (
        <span className="odds-flags">
          {increased && <IncreasedIcon />}
          {decreased && <DecreasedIcon />}
          {boosted && <BoostedIcon />}
        </span>
      )}
    </td>
  );
}
