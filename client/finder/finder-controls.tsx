import { DAY_LABELS, DAYS, type Day } from "./day-filter.ts";
import { ToggleGroup } from "./toggle-group.tsx";
import { VIEWS, type DashboardView } from "./view-choice.ts";

const VIEW_LABELS: Record<DashboardView, string> = { cards: "Cards", list: "List" };

export interface FinderControlsProps {
  view: DashboardView;
  day: Day;
  onView(view: DashboardView): void;
  onDay(day: Day): void;
  /** The dashboard's address with one of its query parameters set (null: left out). */
  linkWith(name: "view" | "day", value: string | null): string;
}

/** One row above the matches: the view (Cards | List) and the day (Today | Tomorrow | Weekend | All); it fits 360 px. */
export function FinderControls({ view, day, onView, onDay, linkWith }: FinderControlsProps) {
  return (
    <div className="finder-controls">
      <ToggleGroup label="View" options={VIEWS} labels={VIEW_LABELS} value={view} onChange={onView} hrefOf={(next) => linkWith("view", next)} />
      <ToggleGroup label="Day" options={DAYS} labels={DAY_LABELS} value={day} onChange={onDay} hrefOf={(next) => linkWith("day", next === "all" ? null : next)} />
    </div>
  );
}
