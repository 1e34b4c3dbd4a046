// A shift's figures as its results page writes them (`stats.shift`, see `shiftStatsSchema`):
// the KPI cards, the orders hour by hour and the cycle-time distribution. Each figure is written
// beside the ones it must agree with (delivered + open at the end = released; the throughput
// from the hours after the warm-up), so a reader can check them on the page. Pure.
import {
  algorithmLabelOf,
  fellBehindDispatcher,
  shiftStatsSchema,
  type ShiftParametersRecord,
  type ShiftStatsRecord,
} from '@fleetlab/warehouse';
import { formatCompletionTime, formatGrouped } from '../../lib/display-format.ts';
import { dispatchLabel } from '../../lib/shift-settings.ts';
import type { FloorLine } from './execution-figures.ts';

/** The solve's shift figures, or null for a batch solve (or figures the page cannot read). */
export function shiftStatsOf(stats: Readonly<Record<string, unknown>> | null | undefined): ShiftStatsRecord | null {
  const parsed = shiftStatsSchema.safeParse(stats?.shift);
  return parsed.success ? parsed.data : null;
}

/** When the shift ends, in seconds: its figures count what was done by then. */
export function shiftEndSOf(shift: Pick<ShiftStatsRecord, 'hours'>): number {
  return shift.hours * 3600;
}

/** One KPI card: its label, its value, and what the value is beside its neighbours. */
export interface ShiftFigure {
  readonly label: string;
  readonly value: string;
  readonly note: string;
}

const orders = (count: number) => `${formatGrouped(count)} ${count === 1 ? 'order' : 'orders'}`;
const perHour = (rate: number) => `${formatGrouped(rate, 1)} / h`;
const cycleText = (seconds: number | null) => (seconds === null ? '—' : formatCompletionTime(seconds));

/** Hours of a shift in words: '2 h', '2.5 h'. */
export function hoursText(hours: number): string {
  return `${hours.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
}

/**
 * Deliveries after the first (warm-up) hour, read from the hours themselves: the throughput card
 * says how it was worked out from the table under it. Over the whole shift when it lasts an hour
 * or less.
 */
export function throughputNote(shift: Pick<ShiftStatsRecord, 'hours' | 'by_hour' | 'delivered'>): string {
  if (shift.hours <= 1)
    return `Deliveries an hour over the whole shift: ${formatGrouped(shift.delivered)} in ${hoursText(shift.hours)}.`;
  const afterWarmUp = shift.by_hour.slice(1).reduce((sum, hour) => sum + hour.delivered, 0);
  return `Deliveries an hour after the first (warm-up) hour: ${formatGrouped(afterWarmUp)} in ${hoursText(shift.hours - 1)}.`;
}

export const BACKLOG_TREND_TEXT: Readonly<Record<ShiftStatsRecord['backlog_trend'], string>> = {
  stable: 'Stable: the backlog does not rise through the second half of the shift.',
  growing: 'Growing: the backlog rises through the second half of the shift; the fleet falls behind.',
};

/**
 * A shift of robots with a model, as its dispatcher saw it (`dispatcher_view`), beside the
 * robots' own figures in the cards: none for point robots, whose motion is the dispatcher's clock.
 */
export function dispatcherLines(shift: Pick<ShiftStatsRecord, 'dispatcher_view' | 'backlog_trend'>): FloorLine[] {
  const view = shift.dispatcher_view;
  if (!view) return [];
  const saw = `It saw ${orders(view.delivered)} delivered, cycle P50 ${cycleText(view.cycle_p50_s)}, ${orders(view.backlog_end)} open at the end, backlog ${view.backlog_trend}. It hands out orders on the clock of its own plan (robots at top speed, through every cell in the order it planned), where no robot is late;`;
  const meaning =
    shift.backlog_trend === 'stable'
      ? `${saw} the robots' real motion is slower than that clock (the cards above are theirs), and their backlog stayed stable.`
      : fellBehindDispatcher(shift)
        ? `${saw} the robots' real motion fell behind it, and it does not learn by how much, so it gave work to robots that were late. The cards above are the robots' own figures: for this fleet, a pessimistic estimate.`
        : `${saw} the backlog grows on its clock too: the fleet falls behind the rate whatever its dispatcher knew.`;
  return [{ label: "The dispatcher's view", value: `P95 ${cycleText(view.cycle_p95_s)}`, meaning }];
}

/** The KPI cards of a shift, in reading order. */
export function shiftFigures(shift: ShiftStatsRecord): ShiftFigure[] {
  const noCycle = 'No order was delivered.';
  return [
    {
      label: 'Orders Released',
      value: formatGrouped(shift.released),
      note: `${formatGrouped(shift.orders_per_hour, 1)} an hour over ${hoursText(shift.hours)}.`,
    },
    {
      label: 'Orders Delivered',
      value: formatGrouped(shift.delivered),
      note: `${formatGrouped(shift.delivered)} + ${formatGrouped(shift.backlog_end)} open at the end = ${formatGrouped(shift.released)} released.`,
    },
    { label: 'Throughput', value: perHour(shift.throughput_per_h), note: throughputNote(shift) },
    {
      label: 'Cycle Time P50',
      value: cycleText(shift.cycle_p50_s),
      note: shift.cycle_p50_s === null ? noCycle : 'Release to dropoff: half the orders took at most this.',
    },
    {
      label: 'Cycle Time P95',
      value: cycleText(shift.cycle_p95_s),
      note: shift.cycle_p95_s === null ? noCycle : '95% of the orders took at most this.',
    },
    {
      label: 'Cycle Time Max',
      value: cycleText(shift.cycle_max_s),
      note: shift.cycle_max_s === null ? noCycle : 'The longest an order took.',
    },
    {
      label: 'Backlog Max',
      value: orders(shift.backlog_max),
      note: 'Released and not yet delivered, at the worst moment.',
    },
    { label: 'Backlog at End', value: orders(shift.backlog_end), note: BACKLOG_TREND_TEXT[shift.backlog_trend] },
    {
      label: 'Utilisation',
      value: `${formatGrouped(shift.utilisation_pct, 1)}%`,
      note: 'Of all robot time, the share not idle.',
    },
    {
      label: 'Charger Queue P95',
      value: formatCompletionTime(shift.charger_queue_p95_s),
      note: 'Wait for a free charger: 95% of the charges waited at most this.',
    },
    {
      label: 'Energy per Order',
      value:
        shift.energy_per_order_pct === null
          ? '—'
          : `${formatGrouped(shift.energy_per_order_pct, shift.energy_per_order_pct < 10 ? 2 : 1)}%`,
      note:
        shift.energy_per_order_pct === null || shift.distance_per_order_m === null
          ? noCycle
          : `Of a full charge per order delivered: ${formatGrouped(shift.distance_per_order_m, 1)} m driven.`,
    },
  ];
}

/**
 * What ran, in one line: '2 h shift, 40 orders/h asked, 37.5 released an hour; Re-optimise every
 * 60 s by Makespan search: 9 re-plans.'
 */
export function shiftHeadline(
  shift: ShiftStatsRecord,
  asked: Partial<ShiftParametersRecord> | undefined,
  algorithm: string | undefined,
): string {
  const rate = asked?.profile
    ? `an hourly profile of ${asked.profile.map((value) => formatGrouped(value)).join(', ')} orders/h`
    : asked?.orders_per_hour !== undefined
      ? `${formatGrouped(asked.orders_per_hour)} orders/h asked`
      : null;
  const released = `${formatGrouped(shift.orders_per_hour, 1)} released an hour`;
  const dispatch =
    shift.dispatch === 'reoptimise'
      ? `${dispatchLabel(shift.dispatch)}${asked?.reoptimise_every_s !== undefined ? ` every ${formatGrouped(asked.reoptimise_every_s)} s` : ''}${algorithm ? ` by ${algorithmLabelOf(algorithm)}` : ''}: ${formatGrouped(shift.replans)} ${shift.replans === 1 ? 're-plan' : 're-plans'}`
      : dispatchLabel(shift.dispatch);
  return `${hoursText(shift.hours)} shift, ${rate ? `${rate}, ` : ''}${released}; ${dispatch}.`;
}

/** One hour of the shift, as the chart and its table show it. */
export interface HourRow {
  /** '0–1 h'; the last started hour of a 2.5 h shift is '2–2.5 h'. */
  readonly label: string;
  readonly released: number;
  readonly delivered: number;
  readonly backlogEnd: number;
}

export function hourRows(shift: Pick<ShiftStatsRecord, 'hours' | 'by_hour'>): HourRow[] {
  return shift.by_hour.map((hour) => ({
    label: `${hour.hour}–${hoursText(Math.min(shift.hours, hour.hour + 1))}`,
    released: hour.released,
    delivered: hour.delivered,
    backlogEnd: hour.backlog_end,
  }));
}

/** One bar of the cycle-time distribution: orders whose cycle time lies in [fromS, toS). */
export interface CycleBin {
  readonly label: string;
  readonly fromS: number;
  readonly toS: number;
  readonly count: number;
}

/**
 * The bins from the first to the last holding an order (empty ones between kept, so the axis
 * stays even), labelled in one unit: '28–30 s', '1,000–1,500 s', '70–80 min'.
 */
export function cycleBins(histogram: ShiftStatsRecord['cycle_histogram']): CycleBin[] {
  const first = histogram.counts.findIndex((count) => count > 0);
  if (first === -1) return [];
  const last = histogram.counts.findLastIndex((count) => count > 0);
  // One unit for the whole axis, chosen by its longest edge: seconds up to an hour.
  const longestS = (last + 1) * histogram.bin_s;
  const [divisor, unit] = longestS <= 3600 ? [1, 's'] : longestS <= 36_000 ? [60, 'min'] : [3600, 'h'];
  const edge = (seconds: number) => (seconds / divisor).toLocaleString('en-US', { maximumFractionDigits: 1 });
  const bins: CycleBin[] = [];
  for (let index = first; index <= last; index += 1) {
    const fromS = index * histogram.bin_s;
    const toS = fromS + histogram.bin_s;
    bins.push({ label: `${edge(fromS)}–${edge(toS)} ${unit}`, fromS, toS, count: histogram.counts[index] });
  }
  return bins;
}

/** About how wide a character of the charts' 11 px axis labels is, and the gap kept between labels. */
const AXIS_CHARACTER_PX = 6.2;
const AXIS_LABEL_GAP_PX = 10;

/**
 * How many bins the cycle-time axis skips between labels, so that no two labels touch and every
 * labelled bin is the same number of bins from the next: 0 labels every bin, 1 every second one.
 * `slotPx` is the width of one bin on the chart.
 */
export function cycleLabelInterval(bins: readonly Pick<CycleBin, 'label'>[], slotPx: number): number {
  const longest = bins.reduce((most, bin) => Math.max(most, bin.label.length), 0);
  const labelPx = longest * AXIS_CHARACTER_PX + AXIS_LABEL_GAP_PX;
  return Math.max(0, Math.ceil(labelPx / Math.max(slotPx, 1)) - 1);
}
