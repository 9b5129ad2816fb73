/** Business constants and limits (docs/product.md, Constants and limits). */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_S = 60;
/** Every call keeps its loading indicator visible at least this long. */
export const MIN_LOADING_MS = 300;
export const MODAL_ANIMATION_MS = 300;
/** Refresh an access token that expires within this window. */
export const REFRESH_WINDOW_S = 5 * 60;
export const FEEDBACK_MAX_LENGTH = 2000;
export const PREVIEW_MAX_EVENTS = 2;
export const MINIMUM_AGE = 18;
/** Only Nigeria is live. */
export const LIVE_COUNTRY_ID = 1;
/** Increased and Decreased flags show a price change made within this window (docs/design.md, Flags). */
export const MOVEMENT_WINDOW_MS = 60 * 60 * 1000;
/** Margin badge thresholds in percent: primary at or below the first, warning at or below the second. */
export const MARGIN_GOOD_MAX = 5;
export const MARGIN_AVERAGE_MAX = 10;
/** Layout breakpoints in pixels (docs/product.md, Shell). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
