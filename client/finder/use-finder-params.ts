import { useReplaceParams } from "../shell/use-replace-params.ts";
import { parseDay, type Day } from "./day-filter.ts";
import { rememberView, viewInUrl, type DashboardView } from "./view-choice.ts";

/**
 * `?view=` and `?day=` of the dashboard (docs/design.md, Finding a match on the dashboard), replaced
 * rather than pushed as the league and market are; a view chosen is also remembered for the next
 * visit (view-choice.ts). Without `?view=` the view is the one the loader chose from the cookie.
 */
export function useFinderParams(loaderView: DashboardView | undefined) {
  const [params, changeParams] = useReplaceParams();
  const view = viewInUrl(params) ?? loaderView ?? "cards";
  const day = parseDay(params);
  const set = (name: string, value: string | null) =>
    changeParams((query) => {
      if (value === null) query.delete(name);
      else query.set(name, value);
    });
  const chooseView = (next: DashboardView) => {
    rememberView(next);
    set("view", next);
  };
  const chooseDay = (next: Day) => set("day", next === "all" ? null : next);
  return { view, day, chooseView, chooseDay };
}
