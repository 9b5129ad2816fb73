import { formatOdds } from "#shared/format.ts";
import { FLAGS, hasFlag } from "#shared/reference.ts";
import type { OddsSelection } from "#shared/contract.ts";
import { BoostedIcon, DecreasedIcon, IncreasedIcon } from "../flag-icons.tsx";
import { flashWhen } from "./flash.tsx";
import { useChanged } from "./use-changed.ts";

/**
 * One price: 2 decimals or '-', plus its flags. Repeated ~150 times a page, so no wrappers for
 * plain prices; a price that changed live is wrapped once, in the span that flashes.
 */
export function OddsCell({ selection }: { selection: OddsSelection | undefined }) {
  const signature = selection ? `${selection.value}:${selection.flags}` : "-";
  const changed = useChanged(signature);
  if (!selection) return <td>-</td>;
  const { value, flags } = selection;
  const best = hasFlag(flags, FLAGS.Best);
  const increased = hasFlag(flags, FLAGS.Increased);
  const decreased = hasFlag(flags, FLAGS.Decreased);
  const boosted = hasFlag(flags, FLAGS.Boosted);
  const content = (
    <>
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
    </>
  );
  return (
    <td className={best ? "odds-best" : undefined}>{flashWhen(changed, signature, content)}</td>
  );
}
