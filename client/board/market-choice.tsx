import { useId, type JSX } from "react";
import { Form } from "react-router";
import { MARKET_IDS, marketChoiceLabel } from "#shared/reference.ts";

/** The spec's eight markets (docs/product.md, Reference tables): `?market=`, else the first. */
export function boardMarketOf(params: URLSearchParams): number {
  const market = Number(params.get("market"));
  return (MARKET_IDS as readonly number[]).includes(market) ? market : (MARKET_IDS[0] ?? 1);
}

/**
 * The market of a board page as a GET form of the page (docs/design.md, Pages without JavaScript):
 * "Show" sends it, with or without the app; `keep` the other query fields to send along (the day).
 * A new market starts at the first page, so no cursor goes with it.
 */
export function MarketChoice({ action, market, keep = {} }: { action: string; market: number; keep?: Record<string, string> }): JSX.Element {
  const id = useId();
  return (
    <Form method="get" action={action} className="board-market mb-3">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="label" htmlFor={id}>
        Market
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <div className="select is-fullwidth">
            <select id={id} name="market" defaultValue={String(market)} key={market}>
              {MARKET_IDS.map((option) => (
                <option key={option} value={option}>
                  {marketChoiceLabel(option)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="control">
          <button type="submit" className="button is-primary">
            Show
          </button>
        </div>
      </div>
    </Form>
  );
}
