/**
 * Price-flag icons (spec section 2, event card; help page legend). Inline SVG in currentColor,
 * coloured by _odds.scss; each carries its own accessible name because a colour or a shape
 * alone says nothing to a screen reader.
 */
export function IncreasedIcon() {
  return (
    <svg className="odds-flag odds-up" viewBox="0 0 8 8" role="img" aria-label="odds increased">
      <path d="M4 1 8 7H0z" />
    </svg>
  );
}

export function DecreasedIcon() {
  return (
    <svg className="odds-flag odds-down" viewBox="0 0 8 8" role="img" aria-label="odds decreased">
      <path d="M4 7 0 1h8z" />
    </svg>
  );
}

export function BoostedIcon() {
  return (
    <svg className="odds-flag odds-boost" viewBox="0 0 8 10" role="img" aria-label="boosted odds">
      <path d="M5 0 0 6h3l-1 4 6-6H5z" />
    </svg>
  );
}
