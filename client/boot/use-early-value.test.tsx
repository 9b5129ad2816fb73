import { act, screen, waitFor } from "@testing-library/react";
import { useState, type JSX } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventHeading, SureBetLeg } from "#shared/contract.ts";
import { jsonResponse } from "../../tests/client/harness.tsx";
import { StakeForm } from "../betslip/stake-form.tsx";
import { TeamSearch } from "../finder/team-search.tsx";
import { MarketFilters } from "../odds/market-filters.tsx";
import { StakeCalculator } from "../tools/sure-bets/stake-calculator.tsx";
import { useEarlyValue } from "./use-early-value.ts";

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

/**
 * The server's markup of `render(0)`, a user's input into it before the app arrives (`before`),
 * then the app hydrated over it; `tick()` re-renders it as the dashboard's clock does every second.
 */
async function typedBeforeHydration(render: (tick: number) => JSX.Element, before: (container: HTMLElement) => void) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(render(0));
  document.body.append(container);
  before(container);
  let tick = 0;
  await act(async () => {
    root = hydrateRoot(container, render(tick));
  });
  return {
    container,
    tick: () => act(() => root!.render(render(++tick))),
  };
}

function Field({ as, clock, onTake }: { as: "input" | "textarea" | "disabled"; clock: number; onTake(value: string): void }) {
  const [text, setText] = useState("");
  const input = useEarlyValue<HTMLInputElement>(text, (value) => (onTake(value), setText(value)));
  const area = useEarlyValue<HTMLTextAreaElement>(text, (value) => (onTake(value), setText(value)));
  return (
    <div data-clock={clock}>
      {as === "textarea" ? (
        <textarea ref={area} aria-label="Field" value={text} onChange={(e) => setText(e.target.value)} />
      ) : (
        <input ref={input} aria-label="Field" value={text} disabled={as === "disabled"} onChange={(e) => setText(e.target.value)} />
      )}
      <output>{text}</output>
    </div>
  );
}

const type = (text: string) => (container: HTMLElement) => {
  (container.querySelector("input, textarea") as HTMLInputElement).value = text;
};

describe("useEarlyValue: what a user typed before the app hydrated", () => {
  it.each(["input", "textarea"] as const)("%s: keeps its early text through later renders, and the app's state takes it", async (as) => {
    const taken = vi.fn();
    const page = await typedBeforeHydration((clock) => <Field as={as} clock={clock} onTake={taken} />, type("arsenal"));
    page.tick();
    expect(screen.getByRole("textbox", { name: "Field" })).toHaveProperty("value", "arsenal");
    expect(page.container.querySelector("output")?.textContent).toBe("arsenal");
    expect(taken).toHaveBeenCalledExactlyOnceWith("arsenal");
  });

  it("leaves an untouched field, and a disabled one, to the app", async () => {
    const taken = vi.fn();
    await typedBeforeHydration((clock) => <Field as="input" clock={clock} onTake={taken} />, () => {});
    act(() => root!.unmount());
    root = undefined;
    document.body.innerHTML = "";
    await typedBeforeHydration((clock) => <Field as="disabled" clock={clock} onTake={taken} />, type("chelsea"));
    expect(taken).not.toHaveBeenCalled();
  });
});

describe("fields of server-rendered pages keep what was typed or chosen while the page loaded", () => {
  it("the team search searches a team typed before the app arrived, and the clock's ticks keep it", async () => {
    const spurs: EventHeading = { id: "c1:tot-ars", name: "Tottenham Hotspur vs Arsenal", home: "Tottenham Hotspur", away: "Arsenal", date: "2026-11-28T15:00:00.000Z", competitionId: 1 };
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        asked.push(new URL(input, "http://localhost").searchParams.get("q") ?? "");
        return jsonResponse({ data: { events: [spurs] } });
      }),
    );
    const now = Date.parse("2026-11-25T12:00:00Z");
    const page = await typedBeforeHydration(
      (tick) => (
        <MemoryRouter initialEntries={["/dashboard"]}>
          <TeamSearch timeZone="Africa/Lagos" now={now + tick * 1000} />
        </MemoryRouter>
      ),
      type("spurs"),
    );
    page.tick();
    expect(screen.getByRole("combobox", { name: "Search a team" })).toHaveProperty("value", "spurs");
    await waitFor(() => expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([expect.stringContaining("Tottenham Hotspur v Arsenal")]));
    expect(asked).toEqual(["spurs"]);
  });

  it("a league chosen before the app arrived is applied once it is up", async () => {
    const onLeague = vi.fn();
    await typedBeforeHydration(
      () => <MarketFilters competitionIds={[1, 2, 3]} marketIds={[1, 2]} league={1} market={1} onLeague={onLeague} onMarket={() => {}} />,
      (container) => {
        container.querySelector("select")!.value = "3";
      },
    );
    expect(onLeague).toHaveBeenCalledExactlyOnceWith(3);
  });

  it("the sure-bet calculator's total and the betslip's stake keep what was typed", async () => {
    const leg = (selectionTypeId: number, provider: number, value: number): SureBetLeg => ({ selectionTypeId, provider, value, updatedAt: "2026-11-25T12:00:00.000Z", link: { provider, url: "https://example.com", exact: false } });
    const legs = [leg(1, 1, 2.2), leg(2, 2, 3.9), leg(3, 3, 4.4)];
    const page = await typedBeforeHydration(
      (tick) => (
        <>
          <MemoryRouter>
            <StakeCalculator legs={legs} what={`Sure bet ${tick}`} split={{ bet: "e1:1", anchor: "sure-e1-1" }} />
          </MemoryRouter>
          <StakeForm stake={500} />
        </>
      ),
      (container) => {
        const [total, stake] = container.querySelectorAll<HTMLInputElement>("input:not([type=hidden])");
        total!.value = "5000";
        stake!.value = "750";
      },
    );
    page.tick();
    expect(screen.getByRole("textbox", { name: /Total stake/ })).toHaveProperty("value", "5000");
    expect(screen.getByRole("textbox", { name: "Stake (₦)" })).toHaveProperty("value", "750");
  });
});
