/** Scales, ticks and paths of the match page's price chart: plain numbers, so the SVG renders the same on server and browser. */

export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** One panel's viewBox: room on the left for price labels, below for time labels. */
export const PANEL: ChartFrame = { width: 320, height: 140, left: 34, right: 10, top: 8, bottom: 20 };

export interface Domain {
  /** Epoch seconds. */
  t0: number;
  t1: number;
  /** Prices at the bottom and top of the plot, on tick boundaries. */
  low: number;
  high: number;
  ticks: number[];
}

const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100];
const MAX_TICKS = 4;
const round = (value: number) => Math.round(value * 100) / 100;

/** A few round price ticks covering [min, max]: at most four intervals, the ends on ticks. */
export function priceTicks(min: number, max: number): number[] {
  const [lo, hi] = min === max ? [min - 0.05, max + 0.05] : [min, max];
  const step = STEPS.find((s) => (Math.ceil(hi / s - 1e-9) - Math.floor(lo / s + 1e-9)) <= MAX_TICKS) ?? STEPS.at(-1)!;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i += 1) ticks.push(round(i * step));
  return ticks;
}

/** Time and price ranges of a set of series ([epoch s, price] points), the time range ending at `end`. */
export function domainOf(series: readonly (readonly [number, number])[][], end: number): Domain | null {
  const points = series.flat();
  if (points.length === 0) return null;
  const times = points.map(([t]) => t);
  const prices = points.map(([, p]) => p);
  const t0 = Math.min(...times);
  const t1 = Math.max(end, ...times);
  const ticks = priceTicks(Math.min(...prices), Math.max(...prices));
  // An hour's width when every point is at one instant, so the line still has a length.
  return { t0, t1: t1 > t0 ? t1 : t0 + 3600, low: ticks[0]!, high: ticks.at(-1)!, ticks };
}

export interface Scale {
  x(t: number): number;
  y(price: number): number;
}

export function scaleFor(domain: Domain, frame: ChartFrame = PANEL): Scale {
  const plotW = frame.width - frame.left - frame.right;
  const plotH = frame.height - frame.top - frame.bottom;
  const span = domain.high - domain.low || 1;
  return {
    x: (t) => round(frame.left + ((t - domain.t0) / (domain.t1 - domain.t0)) * plotW),
    y: (price) => round(frame.top + ((domain.high - price) / span) * plotH),
  };
}

/** A price holds until it changes: a step line through the points, carried on to `end`. */
export function stepPath(points: readonly (readonly [number, number])[], scale: Scale, end: number): string {
  if (points.length === 0) return "";
  const [[t, p], ...rest] = points as [readonly [number, number], ...(readonly [number, number])[]];
  let d = `M${scale.x(t)} ${scale.y(p)}`;
  for (const [time, price] of rest) d += `H${scale.x(time)}V${scale.y(price)}`;
  const last = points.at(-1)![0];
  return end > last ? `${d}H${scale.x(end)}` : d;
}
