/** What a Boosted mark means, said once where the tag is (phones cannot show a hover title). */
export const BOOSTED_MEANING = "a bookmaker's promotional price, usually for small stakes only";

/**
 * The bookmaker marks this price as boosted: real, but usually capped at a small stake, which a
 * bettor should know before building a sure bet or chasing value on it.
 */
export function BoostedTag() {
  return (
    <span className="tool-boosted">
      Boosted<span className="visually-hidden">: {BOOSTED_MEANING}</span>
    </span>
  );
}
