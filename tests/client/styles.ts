/**
 * The compiled stylesheet in happy-dom, and what the style tests measure with it: WCAG contrast and
 * axe's findings that need no layout engine (names, roles, labels). Shared by the style tests of the
 * odds, the betslip and the booking UI.
 */
import axe from "axe-core";
import * as sass from "sass";

/** client/styles/main.scss as scripts/build/styles.ts compiles it (the purge only drops rules no markup uses), added to the document; its text. */
export function installCompiledStyles(): string {
  const { css } = sass.compile("client/styles/main.scss", { loadPaths: ["node_modules"], quietDeps: true, silenceDeprecations: ["import"] });
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  return css;
}

/** sRGB channels (0-255) of "#rgb", "#rrggbb", "rgb(r, g, b)" or "hsl(h, s%, l%)", as happy-dom reports them. */
export function channels(colour: string): number[] {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (short) return short.slice(1).map((h) => parseInt(h + h, 16));
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return hex.slice(1).map((h) => parseInt(h, 16));
  if (!/^(rgba?|hsla?)\(/.test(colour)) throw new Error(`unparsed colour: "${colour}"`);
  const numbers = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  if (!colour.startsWith("hsl")) return numbers;
  const [h, s, l] = [numbers[0]!, numbers[1]! / 100, numbers[2]! / 100];
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  return [0, 8, 4].map((n) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
}

/** WCAG 2 contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = channels(colour).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** axe on the document, without the rules happy-dom cannot judge (colour contrast, landmarks of a partial page). */
export async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
}
