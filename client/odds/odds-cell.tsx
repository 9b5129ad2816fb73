import { formatOdds } from "#shared/format.ts";
import { FLAGS, hasFlag } from "#shared/reference.ts";
import type { OddsSelection } from "#shared/contract.ts";
import { BoostedIcon, DecreasedIcon, IncreasedIcon } from "./flag-icons.tsx";

/** One price: 2 decimals or '-', plus its flags. Repeated ~150 times a page, so no wrappers for plain prices. */
export function OddsCell({ selection }: { selection: OddsSelection | undefined }) {
  if (!selection) return <td>-</td>;
  const { value, flags } = selection;
  const best = hasFlag(flags, FLAGS.Best);
  return (
    <td className={best ? "odds-best" : undefined}>
      {formatOdds(value)}
      {best && <span className="visually-hidden"> best odds</span>}
      {hasFlag(flags, FLAGS.Increased) && <IncreasedIcon />}
      {hasFlag(flags, FLAGS.Decreased) && <DecreasedIcon />}
      {hasFlag(flags, FLAGS.Boosted) && <BoostedIcon />}
    </td>
  );
}
