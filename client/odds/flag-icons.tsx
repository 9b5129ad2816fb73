/**
 * Price-flag icons (docs/product.md, Event card; the Help page legend). Inline SVG in currentColor,
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

/** A bookmaker whose prices are older than two feed intervals (docs/design.md, In the browser): a clock, named 'stale'. */
export function StaleIcon() {
  return (
    <svg className="odds-flag odds-stale-icon" viewBox="0 0 10 10" role="img" aria-label="stale">
      <title>Prices not updated for over two feed intervals</title>
      <path d="M5 0a5 5 0 1 0 0 10A5 5 0 0 0 5 0zm0 1.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM4.4 2.5v3l2.4 1.4.6-1-1.8-1V2.5z" />
    </svg>
  );
}
