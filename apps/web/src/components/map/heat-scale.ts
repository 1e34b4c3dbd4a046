// The congestion heat map's colour scale: waiting seconds per cell to a colour, and the legend's
// ticks. Pure, so the scale is tested once and the map and legend agree.

/**
 * Deep purple through magenta to light pink, low to high waiting (Tailwind purple-900,
 * purple-600, pink-600, rose-500, rose-300): brighter is longer on the dark map, and no stop
 * is near the layout's orange shelves, yellow pickups, green dropoffs or blue stations.
 */
const HEAT_STOPS: readonly (readonly [number, number, number])[] = [
  [88, 28, 135],
  [147, 51, 234],
  [219, 39, 119],
  [244, 63, 94],
  [253, 164, 175],
];

/** Opacity of the heat over the layout (and of the legend's bar): shelves and markers stay readable underneath. */
export const HEAT_ALPHA = 0.72;

/** The map draws cells in this many shades, one fill per shade. */
export const HEAT_SHADES = 16;

/**
 * A cell's place on the scale (0..1): the square root of its share of the worst cell, so that
 * a charger queue of an hour does not wash out aisles where robots waited a minute.
 */
export function heatLevel(seconds: number, maxSeconds: number): number {
  if (!(seconds > 0) || !(maxSeconds > 0)) return 0;
  return Math.min(1, Math.sqrt(seconds / maxSeconds));
}

/** Colour at `level` (0..1), interpolated between the stops. */
export function heatColour(level: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(level) ? level : 0));
  const position = clamped * (HEAT_STOPS.length - 1);
  const lower = Math.min(HEAT_STOPS.length - 2, Math.floor(position));
  const fraction = position - lower;
  const from = HEAT_STOPS[lower];
  const to = HEAT_STOPS[lower + 1];
  const channel = (k: number) => Math.round(from[k] + (to[k] - from[k]) * fraction);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/** Shade index (0..HEAT_SHADES - 1) a cell is drawn in, or -1 for a cell without waiting. */
export function heatShade(seconds: number, maxSeconds: number): number {
  if (!(seconds > 0) || !(maxSeconds > 0)) return -1;
  return Math.min(HEAT_SHADES - 1, Math.floor(heatLevel(seconds, maxSeconds) * HEAT_SHADES));
}

/** Colour of a shade: the scale at the middle of the shade's band. */
export function shadeColour(shade: number): string {
  return heatColour((shade + 0.5) / HEAT_SHADES);
}

/** The legend's ticks: five evenly spaced places on the scale and the seconds they stand for. */
export function heatLegendTicks(maxSeconds: number): { level: number; seconds: number }[] {
  return [0, 0.25, 0.5, 0.75, 1].map((level) => ({ level, seconds: level * level * maxSeconds }));
}

/** CSS gradient of the whole scale, for the legend's bar. */
export function heatGradientCss(): string {
  const stops = HEAT_STOPS.map(
    (_, index) => `${heatColour(index / (HEAT_STOPS.length - 1))} ${(index / (HEAT_STOPS.length - 1)) * 100}%`,
  );
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
