export interface ToggleGroupProps<T extends string> {
  /** What the group chooses, for screen readers ('View', 'Day'). */
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange(value: T): void;
}

/**
 * Buttons of which one is pressed (aria-pressed): a segmented control that a keyboard reaches
 * with Tab and works with Enter or Space, each at least 44 px square (WCAG 2.5.5).
 */
export function ToggleGroup<T extends string>({ label, options, labels, value, onChange }: ToggleGroupProps<T>) {
  return (
    <div className="finder-toggles" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={option === value ? "finder-toggle is-pressed" : "finder-toggle"}
          aria-pressed={option === value}
          onClick={() => option !== value && onChange(option)}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}
