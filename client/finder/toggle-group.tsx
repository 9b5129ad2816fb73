import { pressHandlers } from "../dialogs/dialog-opener.tsx";

export interface ToggleGroupProps<T extends string> {
  /** What the group chooses, for screen readers ('View', 'Day'). */
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange(value: T): void;
  /** Each option's own address: without JavaScript the options are links to it (docs/design.md, Pages without JavaScript). */
  hrefOf(value: T): string;
}

/**
 * Buttons of which one is pressed (aria-pressed): a segmented control that a keyboard reaches
 * with Tab and works with Enter or Space, each at least 44 px square (WCAG 2.5.5). Each is written
 * as a link to the page with that option chosen, which a phone without JavaScript follows.
 */
export function ToggleGroup<T extends string>({ label, options, labels, value, onChange, hrefOf }: ToggleGroupProps<T>) {
  return (
    <div className="finder-toggles" role="group" aria-label={label}>
      {options.map((option) => (
        <a
          key={option}
          href={hrefOf(option)}
          role="button"
          className={option === value ? "finder-toggle is-pressed" : "finder-toggle"}
          aria-pressed={option === value}
          {...pressHandlers(() => option !== value && onChange(option))}
        >
          {labels[option]}
        </a>
      ))}
    </div>
  );
}
