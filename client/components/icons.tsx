/**
 * Inline SVG icons (docs/design.md, Assets and styles: no icon fonts, no extra requests). Every icon is
 * decorative (`aria-hidden`): where it carries meaning, visible or visually hidden text sits beside it.
 * Paths are drawn on a 24 x 24 grid with round strokes in `currentColor`.
 */
import type { JSX } from "react";

export interface IconProps {
  className?: string;
}

/** Size, stroke and colour come from the `.i` rule in _shell.scss, so each icon is a few bytes of markup. */
function makeIcon(d: string) {
  return function Icon({ className }: IconProps): JSX.Element {
    return (
      <svg className={className ? `i ${className}` : "i"} aria-hidden="true" viewBox="0 0 24 24">
        <path d={d} />
      </svg>
    );
  };
}

export const StarIcon = makeIcon("m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z");
export const HomeIcon = makeIcon("M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10");
export const UserIcon = makeIcon("M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z");
export const UserPlusIcon = makeIcon(
  "M16 21a7 7 0 0 0-14 0M9 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M16 11h6",
);
export const ChartIcon = makeIcon("M3 3v18h18M7 15l4-4 3 3 6-7");
export const PercentIcon = makeIcon(
  "M19 5 5 19M6.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM17.5 20a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
);
export const TagIcon = makeIcon(
  "M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8zM7 7h.01",
);
export const ClockIcon = makeIcon("M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2");
export const CoinsIcon = makeIcon(
  "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .9-3 2s1.3 1.7 3 2 3 .9 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v2M12 16v2",
);
export const BulbIcon = makeIcon("M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z");
export const BellIcon = makeIcon("M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0");
export const LogoutIcon = makeIcon("M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9");
export const HelpIcon = makeIcon(
  "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01",
);
export const MessageIcon = makeIcon("M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z");
