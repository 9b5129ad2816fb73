/**
 * The compiled stylesheet applied to real components in happy-dom, whose cascade honours
 * selector specificity: catches rules that Bulma's own outrank.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FLAGS } from "#shared/reference.ts";
import { MemoryRouter } from "react-router";
import { CheckList } from "../components/public/check-list.tsx";
import { InfoCard } from "../components/public/info-card.tsx";
import { TextPage } from "../components/text-page.tsx";
import { EventCard } from "../odds/event-card.tsx";
import { market, oddsEvent, providerOdds, renderPage } from "../../tests/client/harness.tsx";
import { contrast, installCompiledStyles } from "../../tests/client/styles.ts";
import { HelpPage } from "../pages/info/help.tsx";

let css = "";

beforeAll(() => {
  css = installCompiledStyles();
});

afterEach(cleanup);

const paint = (element: Element) => {
  const style = getComputedStyle(element);
  return { color: style.color, background: style.backgroundColor, weight: style.fontWeight };
};

describe("best odds", () => {
  function bestCell() {
    render(
      <EventCard
        event={oddsEvent({
          markets: [
            market(1, [
              providerOdds(1, [
                [1, 2.1, FLAGS.Best],
                [2, 3.4],
                [3, 3.25],
              ]),
            ]),
          ],
        })}
        timeZone="Africa/Lagos"
        now={Date.parse("2026-11-22T09:00:00Z")}
      />,
    );
    const cell = screen.getByText("2.10").closest("td");
    if (!cell) throw new Error("no cell for 2.10");
    return { best: cell, plain: screen.getByText("3.40") };
  }

  it("are bold dark amber on a yellow highlight in the table, not Bulma's table colours", () => {
    const { best, plain } = bestCell();
    const shown = paint(best);
    expect(shown.weight).toBe("700");
    expect(shown.color).not.toBe(paint(plain).color);
    expect(shown.background).toBe("#ffe58f");
    expect(contrast(shown.color, shown.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shown.color, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  // happy-dom ranks minireset's `table td:not([align])` below what Chromium does, so the computed
  // style alone cannot tell whether ours outranks it there: the selector must match it in weight.
  it("sit centred under their column headings, like the margin tags", () => {
    const { best, plain } = bestCell();
    const tagCell = document.querySelector(".tag")?.closest("td") as HTMLElement;
    for (const cell of [best, plain, tagCell]) expect(getComputedStyle(cell).textAlign).toBe("center");
    expect(getComputedStyle(screen.getByRole("columnheader", { name: "Home" })).textAlign).toBe("center");
    expect(css).toMatch(/\.odds-table td:not\(\[align\]\)[^{]*\{[^}]*text-align:\s*center/);
  });

  it("look in the Help page's legend exactly as in the tables", async () => {
    const { best } = bestCell();
    const inTable = paint(best);
    cleanup();
    renderPage({ path: "help", Component: HelpPage });
    const legend = await screen.findByText("2.10");
    expect(legend.className).toBe("odds-best");
    expect(paint(legend)).toEqual(inTable);
  });
});

/** happy-dom evaluates media queries against its window's width. */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({ width });
}

describe("dialogs", () => {
  afterEach(() => setViewportWidth(1024));

  function widthAt(viewport: number) {
    setViewportWidth(viewport);
    const card = document.createElement("div");
    card.className = "dialog-card";
    document.body.append(card);
    const width = getComputedStyle(card).width;
    card.remove();
    return width;
  }

  it("take the full width below the spec's md breakpoint (768 px) and a card's width from it", () => {
    expect(widthAt(767)).toBe("100%");
    expect(widthAt(768)).toBe("480px");
    expect(css).not.toMatch(/769px/);
  });
});

describe("tick lists", () => {
  it("show only their tick inside an info card (Bulma's .content adds disc bullets and an indent)", () => {
    render(
      <InfoCard title="Nigerian Bookmakers">
        <CheckList items={["Bet9ja", "SportyBet"]} />
      </InfoCard>,
    );
    const list = screen.getByRole("list");
    const style = getComputedStyle(list);
    // happy-dom keeps the shorthand as written.
    expect(style.listStyle).toMatch(/^none\b/);
    expect(style.marginInlineStart).toMatch(/^0(px)?$/);
  });
});

describe("odds tables on a phone", () => {
  afterEach(() => setViewportWidth(1024));

  /** 0.375em 0.25em, as happy-dom resolves it (against 16 px). */
  const TIGHT = /^(0\.375em 0\.25em|6px 4px)$/;

  function flaggedCard() {
    render(
      <EventCard
        event={oddsEvent({
          markets: [
            market(1, [
              providerOdds(1, [
                [1, 2.1, FLAGS.Increased | FLAGS.Boosted],
                [2, 3.4],
                [3, 3.25],
              ]),
            ]),
          ],
        })}
        timeZone="Africa/Lagos"
        now={Date.parse("2026-11-22T09:00:00Z")}
      />,
    );
    const cell = screen.getByText("3.40");
    const flags = screen.getByRole("img", { name: "boosted odds" }).parentElement as HTMLElement;
    return { cell, flags, tag: document.querySelector(".tag") as HTMLElement };
  }

  it("tighten cells and type, and stack a cell's flags, below the spec's sm breakpoint (576 px)", () => {
    setViewportWidth(360);
    const { cell, flags, tag } = flaggedCard();
    expect(getComputedStyle(cell).padding).toMatch(TIGHT);
    expect(getComputedStyle(tag).fontSize).toMatch(/^0\.6875rem$|^11px$/);
    expect(flags.className).toBe("odds-flags");
    expect(getComputedStyle(flags).flexDirection).toBe("column");
  });

  it("keep Bulma's narrow cells side by side from 576 px", () => {
    setViewportWidth(576);
    const { cell, flags } = flaggedCard();
    expect(getComputedStyle(cell).padding).not.toMatch(TIGHT);
    expect(getComputedStyle(flags).flexDirection).not.toBe("column");
  });

  it("leave the Nigeria preview's box without its frame below 576 px, so its cards are as wide as the dashboard's", () => {
    const frameAt = (width: number) => {
      setViewportWidth(width);
      const box = document.createElement("section");
      box.className = "box preview-box";
      document.body.append(box);
      const { padding, boxShadow } = getComputedStyle(box);
      box.remove();
      return { padding, boxShadow };
    };
    expect(frameAt(360)).toEqual({ padding: expect.stringMatching(/^0(px)?$/), boxShadow: "none" });
    expect(frameAt(576).padding).not.toMatch(/^0(px)?$/);
  });
});

describe("focus", () => {
  it("shows a 3 px ring on a focused button or select, which Bulma would give only a faint shadow", () => {
    render(
      <>
        <header className="top-bar">
          <button type="button" className="button is-light">
            Login
          </button>
        </header>
        <button type="button" className="button is-primary">
          Get Started
        </button>
        <div className="select">
          <select aria-label="League">
            <option>Premier League</option>
          </select>
        </div>
      </>,
    );
    // getByText, not getByRole: the role query reads computed styles, which happy-dom then keeps
    // from before the focus.
    const page = screen.getByText("Get Started");
    page.focus();
    expect(getComputedStyle(page).outlineStyle).toBe("solid");
    expect(getComputedStyle(page).outlineWidth).toBe("3px");

    const field = screen.getByText("Premier League").parentElement as HTMLSelectElement;
    field.focus();
    expect(getComputedStyle(field).outlineStyle).toBe("solid");

    const bar = screen.getByText("Login");
    bar.focus();
    expect(getComputedStyle(bar).outlineStyle).toBe("solid");
    expect(getComputedStyle(bar).outlineColor).toBe("#fff");
  });
});

describe("long-form pages", () => {
  it("space each section from the text before it", () => {
    render(
      <MemoryRouter>
        <TextPage
          title="Terms of Service"
          intro={<p>Intro</p>}
          sections={[
            { title: "Acceptance of Terms", body: <p>First section text.</p> },
            { title: "Description of Service", body: <p>Second section text.</p> },
          ]}
          numbered
        />
      </MemoryRouter>,
    );
    const second = screen.getByText("2. Description of Service").closest("section") as HTMLElement;
    expect(getComputedStyle(second).marginTop).toMatch(/^(1\.5rem|24px)$/);
  });
});

describe("live odds", () => {
  const liveCard = (now: number) =>
    render(
      // The card's title links to the match page: it renders inside a router.
      <MemoryRouter>
        <EventCard
          event={oddsEvent({ markets: [market(1, [{ ...providerOdds(1, [[1, 2.1], [2, 3.4], [3, 3.25]]), updatedAt: new Date(now - 60_000).toISOString(), stale: true }])] })}
          timeZone="Africa/Lagos"
          now={now}
          clock={{ now }}
        />
      </MemoryRouter>,
    );

  it("size a table's columns by the table, not by the prices in them, so a change moves nothing", () => {
    liveCard(Date.parse("2026-11-22T09:00:00Z"));
    expect(getComputedStyle(screen.getByRole("table")).tableLayout).toBe("fixed");
  });

  it("flash a changed price with a fading background, and not at all for those who ask for less motion", () => {
    expect(css).toMatch(/\.odds-flash\s*\{[^}]*animation:\s*odds-flash 1\.2s/);
    expect(css).toMatch(/@keyframes odds-flash\s*\{[^}]*from\s*\{\s*background-color/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.odds-flash,\s*\.tag\.odds-flash\s*\{\s*animation:\s*none/);
  });

  it("grey a stale bookmaker's name within AA contrast", () => {
    liveCard(Date.parse("2026-11-22T09:00:00Z"));
    const name = screen.getByRole("rowheader", { name: "Bet9ja stale" });
    expect(contrast(getComputedStyle(name).color, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(getComputedStyle(name).fontStyle).toBe("italic");
  });
});
