import type { Page } from "@playwright/test";

/**
 * The figures a bettor reads (docs/design.md, Small screens): every table cell (odds, margins, stakes,
 * returns), the margin tags, the list view's prices and their books, the match page's prices and
 * first-seen prices, the tools' gains and prices, the slip's payouts and the dropping odds' moves. A
 * figure that holds another is measured by the one inside.
 */
export const FIGURES = [
  "table td",
  ".odds-table .tag",
  ".finder-value",
  ".finder-bookie",
  ".match-price",
  ".match-opening",
  ".tool-gain",
  ".tool-price",
  ".slip-book-net strong",
  ".slip-book-figures > span",
  ".drop-book > span",
  ".drop-pct",
].join(", ");

/** Words that must show whole: the bars' links, every button and every table heading (no 'Value be', no 'Bookmake'). */
export const LABELS = [".top-bar a", ".bottom-bar a", ".button", ".finder-toggle", ".slip-toggle", "th"].join(", ");

/** Under this many CSS pixels between two figures on one line, they read as one ('4.0094.945'). */
export const MIN_GAP_PX = 2;

/**
 * What is wrong with the page's layout at its viewport, in words (none: an empty list):
 * - the page scrolls sideways (`document.scrollingElement.scrollWidth > innerWidth`);
 * - an element shows beyond the viewport's left or right edge, unless a box that scrolls sideways by
 *   design holds it: one whose `overflow-x` is auto or scroll and that a keyboard can reach and name
 *   (a `role="region"` with `tabindex="0"`, as the betslip's price grid and the stake split are), or
 *   one that hides its overflow (the visually hidden words). A plain scrolling box (Bulma's
 *   `.table-container`) does not count: odds never hide in one;
 * - two figures (FIGURES) intersect, or sit on one line under MIN_GAP_PX apart;
 * - a figure is clipped: wider than its own box (`scrollWidth > clientWidth`), or cut by a box
 *   whose overflow is hidden or that scrolls without being a region by design;
 * - a label (LABELS) is wider than its own box, or a table's caption reaches past the screen's edge,
 *   even in a box made to scroll: it says what the table is before anyone scrolls.
 * Invisible elements and those a box cuts to a pixel or less (the visually hidden words) are not
 * measured, but for the page's width, which they can widen.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  await page.evaluate(installMeasures);
  return [
    ...(await page.evaluate(beyondTheScreen)),
    ...(await page.evaluate(touchingFigures, { figures: FIGURES, minGap: MIN_GAP_PX })),
    ...(await page.evaluate(clippedFigures, FIGURES)),
    ...(await page.evaluate(cutLabels, LABELS)),
  ];
}

/** What the checks below share, run in the page. */
interface Measures {
  /** An element as a problem names it: tag, classes and the start of its words. */
  name(el: Element): string;
  shown(el: Element): boolean;
  scrollsByDesign(el: Element): boolean;
  /** Held by a box that scrolls by design, or cut by one that hides its overflow. */
  heldInside(el: Element): boolean;
  /** A figure's ink: the boxes of its own words and icons, never the visually hidden ones. */
  inkOf(el: Element): DOMRect[];
  figures(selector: string): Element[];
}

declare global {
  interface Window {
    afrioddsLayout: Measures;
  }
}

function installMeasures(): void {
  const overflowX = (el: Element) => getComputedStyle(el).overflowX;
  const ancestors = function* (el: Element) {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) yield up;
  };
  const scrollsByDesign = (el: Element) =>
    (overflowX(el) === "auto" || overflowX(el) === "scroll") && el.getAttribute("role") === "region" && el.getAttribute("tabindex") === "0";
  // Cut to a pixel by a box that hides its overflow (the visually hidden words, the price chart's table).
  const clippedAway = (el: Element) =>
    [...ancestors(el)].some((up) => {
      const box = up.getBoundingClientRect();
      return overflowX(up) !== "visible" && (box.width <= 1 || box.height <= 1);
    });
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 1 && box.height > 1 && style.visibility !== "hidden" && style.display !== "contents" && !clippedAway(el);
  };
  const inkOf = (el: Element) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !shown(node.parentElement!)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    for (const icon of el.querySelectorAll("svg")) if (shown(icon)) rects.push(icon.getBoundingClientRect());
    return rects;
  };
  window.afrioddsLayout = {
    name: (el) => {
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const classes = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
    },
    shown,
    scrollsByDesign,
    heldInside: (el) => [...ancestors(el)].some((up) => scrollsByDesign(up) || overflowX(up) === "hidden" || overflowX(up) === "clip"),
    inkOf,
    figures: (selector) => {
      const all = [...document.querySelectorAll(selector)].filter(shown);
      return all.filter((el) => !all.some((other) => other !== el && el.contains(other)));
    },
  };
}

/** The page's width, and every outermost element showing past the screen's edges outside a box made to hold it. */
function beyondTheScreen(): string[] {
  const { name, heldInside } = window.afrioddsLayout;
  const problems: string[] = [];
  const width = window.innerWidth;
  const scrolling = document.scrollingElement ?? document.documentElement;
  if (scrolling.scrollWidth > width) problems.push(`the page scrolls sideways: ${scrolling.scrollWidth} px wide in a ${width} px viewport`);
  const beyond = new Set<Element>();
  for (const el of document.body.querySelectorAll("*")) {
    // Visually hidden words count here: clipped to a pixel, they still widen the page.
    const box = el.getBoundingClientRect();
    if ((box.width > 0 || box.height > 0) && (box.right > width + 0.5 || box.left < -0.5) && !heldInside(el)) beyond.add(el);
  }
  // The outermost offender names the cause; its children follow it out.
  for (const el of beyond) {
    if (beyond.has(el.parentElement!)) continue;
    const box = el.getBoundingClientRect();
    problems.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} px of a ${width} px viewport`);
  }
  return problems;
}

/** Pairs of figures whose ink meets, or comes under `minGap` apart on one line. */
function touchingFigures({ figures, minGap }: { figures: string; minGap: number }): string[] {
  const { name, inkOf } = window.afrioddsLayout;
  const inks = window.afrioddsLayout.figures(figures).map((el) => ({ el, rects: inkOf(el) }));
  const problems: string[] = [];
  for (let i = 0; i < inks.length; i++) {
    for (let j = i + 1; j < inks.length; j++) {
      const [a, b] = [inks[i]!, inks[j]!];
      const touch = a.rects.some((ra) =>
        b.rects.some((rb) => {
          const sameLine = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 1;
          return sameLine && Math.max(ra.left, rb.left) - Math.min(ra.right, rb.right) < minGap;
        }),
      );
      if (touch) problems.push(`${name(a.el)} and ${name(b.el)} touch: under ${minGap} px apart on one line`);
    }
  }
  return problems;
}

/** Figures wider than their own box, or cut by a box that hides or scrolls what is past its edge. */
function clippedFigures(figures: string): string[] {
  const { name, inkOf, scrollsByDesign } = window.afrioddsLayout;
  const problems: string[] = [];
  for (const el of window.afrioddsLayout.figures(figures)) {
    if (getComputedStyle(el).display !== "inline" && el.scrollWidth > el.clientWidth + 0.5) {
      problems.push(`${name(el)} is clipped: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
      continue;
    }
    const rects = inkOf(el);
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === "visible" || scrollsByDesign(up)) continue;
      const left = up.getBoundingClientRect().left + up.clientLeft;
      const right = left + up.clientWidth;
      if (rects.some((r) => r.left < left - 0.5 || r.right > right + 0.5)) {
        problems.push(`${name(el)} is cut by ${name(up).split(" ")[0]}: ${Math.round(left)}..${Math.round(right)} px shown`);
        break;
      }
    }
  }
  return problems;
}

/** Labels whose words are wider than their box, and captions whose words run past the screen. */
function cutLabels(labels: string): string[] {
  const { name, shown, inkOf } = window.afrioddsLayout;
  const cut = [...document.querySelectorAll(labels)]
    .filter((el) => shown(el) && el.scrollWidth > el.clientWidth + 0.5)
    .map((el) => `${name(el)} is cut: ${el.scrollWidth} px of words in ${el.clientWidth} px`);
  const past = [...document.querySelectorAll("caption")]
    .filter((el) => shown(el) && inkOf(el).some((r) => r.right > window.innerWidth + 0.5))
    .map((el) => `${name(el)} runs past the screen's edge`);
  return [...cut, ...past];
}
