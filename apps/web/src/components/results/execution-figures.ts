// The plan against the shared floor (a solve's `stats.execution`, and `execution.robots` when the
// record carries them): what each figure is, in one line each. Pure, so each figure's rule is
// tested once.
import {
  executionTotalsSchema,
  reserveFromFloorSchema,
  trafficChoiceSchema,
  type ExecutionTotalsRecord,
  type RobotExecutionRecord,
} from '@fleetlab/warehouse';
import {
  completionTimeAsShown,
  formatCompletionTime,
  formatCompletionTimeToTenths,
  formatDistance,
  formatGrouped,
  tenthsAsShown,
} from '../../lib/display-format.ts';

/** Why a day on the shared floor can end before its plan, wherever an executed makespan sits below the planned one. */
export const SOONER_THAN_PLAN =
  "Sooner than the plan: the floor let robots into a pickup or dropoff in another order than the plan's first come, first served.";

/** The solve's execution totals when it has them (solves from before executions have none). */
export function executionTotalsOf(
  stats: Readonly<Record<string, unknown>> | null | undefined,
): ExecutionTotalsRecord | null {
  const parsed = executionTotalsSchema.safeParse(stats?.execution);
  return parsed.success ? parsed.data : null;
}

/**
 * What the plan itself queues (each robot alone on the floor, first come, first served), beside
 * what the floor queued: more or less than it, never called a part of it (robots held up in
 * traffic reach a dock later and may queue less there).
 */
function plannedQueue(seconds: number, where: string): string {
  return seconds > 0 ? `; the plan, each robot alone, queues ${formatCompletionTime(seconds)} ${where}` : '';
}

/** Stations and docks named by their queue on the queue lines. */
const QUEUES_NAMED = 3;

/** The longest queues first, `QUEUES_NAMED` of them named with their time, the rest counted: `D2 3:10, D4 2:05, 4 more stations`. */
function longestQueues(queues: Readonly<Record<string, number>>, noun: { one: string; many: string }): string[] {
  const longest = Object.entries(queues)
    .filter(([, seconds]) => seconds > 0)
    .sort(([, a], [, b]) => b - a);
  const named = longest.slice(0, QUEUES_NAMED).map(([id, seconds]) => `${id} ${formatCompletionTime(seconds)}`);
  if (longest.length > QUEUES_NAMED) {
    const more = longest.length - QUEUES_NAMED;
    named.push(`${more} more ${more === 1 ? noun.one : noun.many}`);
  }
  return named;
}

/** One line of the plan-against-floor list: a label, its value and what the value is. */
export interface FloorLine {
  readonly label: string;
  readonly value: string;
  readonly meaning: string;
}

function signedDuration(seconds: number): string {
  return `${seconds < 0 ? '−' : '+'}${formatCompletionTime(Math.abs(seconds))}`;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * Robot time lost waiting, split: standing blocked by another robot (traffic), queueing for a
 * free charger, and queueing beside a pickup or dropoff another robot visits. The execution's
 * `waiting_s` counts all three, so they add up to it.
 */
export interface DelaySplit {
  readonly waitingForRobotsS: number;
  readonly chargerQueueS: number;
  readonly dockQueueS: number;
  /** The robot that stood blocked longest, when the record has every robot's figures. */
  readonly longestBlocked: { readonly robotId: string; readonly seconds: number } | null;
}

export function delaySplitOf(
  totals: ExecutionTotalsRecord,
  robots?: Readonly<Record<string, RobotExecutionRecord>> | null,
): DelaySplit {
  const chargerQueueS = sum(Object.values(totals.charger_queue_s));
  const dockQueueS = sum(Object.values(totals.dock_queue_s ?? {}));
  if (!robots || Object.keys(robots).length === 0) {
    return {
      waitingForRobotsS: Math.max(0, totals.waiting_s - chargerQueueS - dockQueueS),
      chargerQueueS,
      dockQueueS,
      longestBlocked: null,
    };
  }
  let longestBlocked: DelaySplit['longestBlocked'] = null;
  let waitingForRobotsS = 0;
  for (const [robotId, robot] of Object.entries(robots)) {
    const blocked = blockedS(robot);
    waitingForRobotsS += blocked;
    if (blocked > 0 && (longestBlocked === null || blocked > longestBlocked.seconds))
      longestBlocked = { robotId, seconds: blocked };
  }
  return { waitingForRobotsS, chargerQueueS, dockQueueS, longestBlocked };
}

/** A robot's traffic delay: its waiting less its charger and dock queues. */
export function blockedS(robot: Pick<RobotExecutionRecord, 'waiting_s' | 'queued_s' | 'dock_queue_s'>): number {
  return Math.max(0, robot.waiting_s - robot.queued_s - (robot.dock_queue_s ?? 0));
}

/**
 * Free flow (each robot alone on the floor) that differs from the plan by more than a step and
 * 0.5%: a solve planned before plans used the floor's walks. Plans made on the floor match it.
 */
export function freeFlowDiffers(totals: ExecutionTotalsRecord, stepS: number): boolean {
  return Math.abs(totals.free_flow_makespan_s - totals.planned_makespan_s) > stepS + 0.005 * totals.planned_makespan_s;
}

/**
 * Metres the robots drove beyond the plan up to their last deliveries: stepping aside and going
 * round other robots costs driving, not standing, so the traffic delay leaves it out. Null for a
 * run without the two distances (a shift, or a record stored before them).
 */
function detourOf(totals: ExecutionTotalsRecord, twoWayLanes: number): FloorLine | null {
  const planned = totals.free_flow_distance_m;
  const driven = totals.executed_distance_m;
  if (planned === undefined || driven === undefined) return null;
  const extra = driven - planned;
  const percent = planned > 0 ? (100 * extra) / planned : 0;
  const sign = extra < 0 ? '−' : '+';
  const lanes =
    twoWayLanes > 0 && percent >= LANE_HINT_DETOUR_PERCENT
      ? ` ${twoWayLanes === 1 ? '1 one-lane aisle' : `${formatGrouped(twoWayLanes)} one-lane aisles`} of this floor run${twoWayLanes === 1 ? 's' : ''} both ways, where two robots meeting head-on cannot pass: One-Way Lanes in the editor can make them one-way, alternating lane by lane.`
      : '';
  return {
    label: 'Detours',
    value: `${sign}${formatDistance(Math.abs(extra))}`,
    meaning: `Metres the robots drove up to their last deliveries beyond the plan’s walks: ${formatDistance(driven)} against ${formatDistance(planned)} (${sign}${Math.abs(percent).toFixed(1)}%), stepping aside for others and going round them: driving, so not in the traffic delay.${lanes}`,
  };
}

/**
 * Detours from which the Detours line names the floor's two-way one-lane aisles: on the hot-spot
 * bench floor robots drove 37% beyond the plan with them two-way and 7% with them one-way.
 */
const LANE_HINT_DETOUR_PERCENT = 5;

/**
 * The plan against the floor, one line each: Planned (each robot alone, sharing the stations'
 * chargers and the pickups and dropoffs when the plan queues at them; = the plan), the old plans'
 * own free flow where it differs, With traffic (every robot at once), and the robot time lost split
 * into the traffic delay (blocked by another robot), the dock queue (beside a pickup or dropoff
 * another robot is at; records from before it lump it into traffic) and the charger queue, which
 * add up to the total, and the detours (metres driven beyond the plan's walks). A queue is never called traffic. `plan` gives the solve's own figures: the charger and
 * dock queues the plan holds (`stats.charger_queue_s`, `stats.dock_queue_s`) and the dock bound
 * (`stats.dock_bound_s`), named when the docks alone keep the floor's day past a plan made before
 * plans held the docks' queues (no `dock_queue_s`).
 */
export function floorLines(
  totals: ExecutionTotalsRecord,
  robots?: Readonly<Record<string, RobotExecutionRecord>> | null,
  stepS = 1,
  plan: { readonly charger_queue_s?: number; readonly dock_queue_s?: number; readonly dock_bound_s?: number } = {},
  /** One-lane aisles of the solve's floor that run both ways (`findOneLaneAisles`): the Detours line names them. */
  twoWayLanes = 0,
): FloorLine[] {
  const plannedChargerQueueS = plan.charger_queue_s ?? 0;
  const plannedDockQueueS = plan.dock_queue_s ?? 0;
  const planned = totals.planned_makespan_s;
  const delay = totals.executed_makespan_s - planned;
  const delayPercent = planned > 0 ? (100 * delay) / planned : 0;
  const { showRun, shownOf } = runPrecision(totals);
  const shownDelay = shownOf(totals.executed_makespan_s) - shownOf(planned);
  const split = delaySplitOf(totals, robots);
  // The longest queues first; a floor of 40 stations names its three worst.
  const stations = longestQueues(totals.charger_queue_s, { one: 'station', many: 'stations' });
  const docks =
    totals.dock_queue_s === undefined
      ? null
      : longestQueues(totals.dock_queue_s, { one: 'pickup or dropoff', many: 'pickups and dropoffs' });
  const shared = [
    ...(plannedChargerQueueS > 0
      ? [`the stations' chargers (${formatCompletionTime(plannedChargerQueueS)} of robot time queueing for them)`]
      : []),
    ...(plannedDockQueueS > 0
      ? [
          `the pickups and dropoffs, one robot at a time (${formatCompletionTime(plannedDockQueueS)} of robot time waiting for them)`,
        ]
      : []),
  ];
  const lines: FloorLine[] = [
    {
      label: 'Planned',
      value: showRun(planned),
      meaning:
        shared.length > 0
          ? `Each robot alone on the floor, sharing ${shared.join(' and ')}: the plan itself.`
          : 'Each robot alone on the floor: the plan itself.',
    },
  ];
  if (freeFlowDiffers(totals, stepS)) {
    lines.push({
      label: 'Alone on the floor',
      value: formatCompletionTime(totals.free_flow_makespan_s),
      meaning:
        "Planned on the navigation graph's straight lines, before plans used the floor's own walks: alone, the robots take this long. Solve again to plan on the floor.",
    });
  }
  lines.push(
    {
      label: 'With traffic',
      value: showRun(totals.executed_makespan_s),
      meaning: `Every robot on the floor at once: ${signedDuration(shownDelay)} (${delayPercent >= 0 ? '+' : '−'}${Math.abs(delayPercent).toFixed(1)}%) against the plan, ${formatGrouped(totals.throughput_per_h, 1)} deliveries per hour.${delay < 0 ? ` ${SOONER_THAN_PLAN}` : ''}`,
    },
    {
      label: 'Traffic delay',
      value: formatCompletionTime(split.waitingForRobotsS),
      meaning: `Robot time standing still, blocked by another robot ${docks === null ? '(in an aisle or at a pickup or dropoff)' : 'in an aisle or a crossing'}${split.longestBlocked ? `; longest: ${split.longestBlocked.robotId}, ${formatCompletionTime(split.longestBlocked.seconds)}` : ''}${docks === null && plannedDockQueueS > 0 ? `; the plan itself waits ${formatCompletionTime(plannedDockQueueS)} at pickups and dropoffs` : ''}.`,
    },
  );
  if (docks !== null) {
    lines.push({
      label: 'Dock queue',
      value: formatCompletionTime(split.dockQueueS),
      meaning: `Robot time waiting for a pickup or dropoff another robot was at (beside it, or loaded on the pickup while the dropoff had robots enough coming): ${docks.length === 0 ? 'no robot queued' : docks.join(', ')}${plannedQueue(plannedDockQueueS, 'at them')}.`,
    });
  }
  lines.push(
    {
      label: 'Charger queue',
      value: formatCompletionTime(split.chargerQueueS),
      meaning: `Robot time waiting for a free charger: ${stations.length === 0 ? 'no robot queued' : stations.join(', ')}${plannedQueue(plannedChargerQueueS, 'for them')}.`,
    },
    {
      label: 'Robot time lost',
      // The sum of the parts as shown, so the three read off the page add up to it.
      value: formatCompletionTime(
        completionTimeAsShown(split.waitingForRobotsS) +
          completionTimeAsShown(split.dockQueueS) +
          completionTimeAsShown(split.chargerQueueS),
      ),
      meaning: `${docks === null ? 'Traffic delay and charger queue' : 'Traffic delay, dock queue and charger queue'} added, summed over the robots (not the makespan, which With traffic gives).`,
    },
  );
  const detour = detourOf(totals, twoWayLanes);
  if (detour) lines.push(detour);
  lines.push(...disruptionLines(totals, 'day'));
  // Plans hold the docks' queues and never end before the dock bound; one made before they did may.
  if (plan.dock_queue_s === undefined && plan.dock_bound_s !== undefined && plan.dock_bound_s > planned) {
    lines.push({
      label: 'Dock capacity',
      value: formatCompletionTime(plan.dock_bound_s),
      meaning:
        'A pickup or dropoff serves one robot at a time: on the floor the day cannot end sooner than this, later than the plan, made before plans held the queues at docks. Solve again to plan them.',
    });
  }
  if (totals.extra_charges > 0) {
    lines.push({
      label: 'Extra charges',
      value: formatGrouped(totals.extra_charges),
      meaning: 'Charges the plan did not have: the robots drove farther on the floor than the plan counted.',
    });
  }
  return lines;
}

/**
 * Planned and With traffic are shown to the tenth when they differ by under a minute (and the
 * same run without delays and breakdowns beside them), and each difference is the one between
 * the figures as shown: read off the page, they add up.
 */
function runPrecision(totals: Pick<ExecutionTotalsRecord, 'executed_makespan_s' | 'planned_makespan_s'>): {
  showRun: (seconds: number) => string;
  shownOf: (seconds: number) => number;
} {
  const closeRun = Math.abs(totals.executed_makespan_s - totals.planned_makespan_s) < 60;
  return closeRun
    ? { showRun: formatCompletionTimeToTenths, shownOf: tenthsAsShown }
    : { showRun: formatCompletionTime, shownOf: completionTimeAsShown };
}

/** With traffic's makespan as the floor's lines show it (`runPrecision`), for text that names it beside them. */
export function withTrafficAsShown(
  totals: Pick<ExecutionTotalsRecord, 'executed_makespan_s' | 'planned_makespan_s'>,
): string {
  return runPrecision(totals).showRun(totals.executed_makespan_s);
}

/**
 * What delays and breakdowns took (`parameters.delays`, `parameters.breakdowns`), and the same run
 * without them, same seed: a day's makespan, a shift's throughput and P95 cycle time. None when
 * the run had neither. A broken robot's work waits for it in a day; a shift hands it on.
 */
export function disruptionLines(totals: ExecutionTotalsRecord, run: 'day' | 'shift'): FloorLine[] {
  const lines: FloorLine[] = [];
  const stops = (count: number, noun: string) => `${formatGrouped(count)} ${noun}${count === 1 ? '' : 's'}`;
  if (totals.delays) {
    lines.push({
      label: 'Delays',
      value: formatCompletionTime(totals.delays.lost_s),
      meaning: `Robot time stopped by ${stops(totals.delays.count, 'random delay')}.`,
    });
  }
  if (totals.breakdowns) {
    lines.push({
      label: 'Breakdowns',
      value: formatCompletionTime(totals.breakdowns.lost_s),
      meaning: `Robot time broken down, ${stops(totals.breakdowns.count, 'breakdown')}: a broken robot blocks its cell until it is repaired, ${run === 'shift' ? 'and its orders not yet picked up are handed to other robots' : 'then goes on with its plan'}.`,
    });
  }
  const without = totals.without_disruptions;
  if (!without) return lines;
  if (without.shift) {
    const p95 = without.shift.cycle_p95_s;
    lines.push({
      label: 'Without them',
      value: `${formatGrouped(without.shift.throughput_per_h, 1)} per hour`,
      meaning: `The same shift, same seed, without delays and breakdowns: ${formatGrouped(without.deliveries)} deliveries${p95 === null ? '' : `, P95 cycle time ${formatCompletionTime(p95)}`} (with them: ${formatGrouped(totals.deliveries)} deliveries).`,
    });
  } else {
    const { showRun, shownOf } = runPrecision(totals);
    lines.push({
      label: 'Without them',
      value: showRun(without.executed_makespan_s),
      meaning: `The same plan, same seed, without delays and breakdowns: they cost ${signedDuration(shownOf(totals.executed_makespan_s) - shownOf(without.executed_makespan_s))} of makespan.`,
    });
  }
  return lines;
}

/**
 * How much longer the kept plan was planned: to the hundredth under a tenth of a second (a robot
 * model's clock ticks 0.05 s, which tenths would show as "0.0 s longer").
 */
function plannedLonger(seconds: number): string {
  return seconds < 0.095 ? `${seconds.toFixed(2)} s` : formatCompletionTime(seconds);
}

/**
 * Which of the optimiser's best plans was kept after running each on the floor, and what that
 * gained against the best on paper (makespan solves, issue 23's `stats.traffic_choice`). Null
 * when no choice was made: one candidate, or a solve without the record.
 */
export function trafficChoiceLine(stats: Readonly<Record<string, unknown>> | null | undefined): FloorLine | null {
  const parsed = trafficChoiceSchema.safeParse(stats?.traffic_choice);
  if (!parsed.success || parsed.data.candidates <= 1) return null;
  const choice = parsed.data;
  const chosen = `Chosen from ${formatGrouped(choice.candidates)} plans run on the floor`;
  const value = `Plan ${formatGrouped(choice.kept + 1)} of ${formatGrouped(choice.candidates)}`;
  if (choice.kept === 0) {
    return {
      label: 'Plan kept',
      value,
      meaning: `${chosen}: the best-on-paper plan also ran best${choice.executed_s === null ? '' : ` (${formatCompletionTime(choice.executed_s)} with traffic)`}.`,
    };
  }
  if (choice.gain_s === null || choice.best_planned_executed_s === null) {
    return {
      label: 'Plan kept',
      value,
      meaning: `${chosen}: the best-on-paper plan could not run on the floor; the kept plan could.`,
    };
  }
  const planned = choice.planned_s - choice.best_planned_s;
  // Under a minute apart, whole seconds would not add up to the gain (17 min 17 s against
  // 17 min 30 s for 12.5 s): the two runs are then shown to the tenth.
  const time = choice.gain_s < 60 ? formatCompletionTimeToTenths : formatCompletionTime;
  return {
    label: 'Plan kept',
    value,
    meaning:
      `${chosen}: the kept plan runs ${formatCompletionTime(choice.gain_s)} sooner than the best-on-paper plan ` +
      `(${time(choice.executed_s ?? choice.best_planned_executed_s - choice.gain_s)} against ${time(choice.best_planned_executed_s)} with traffic)` +
      `${planned > 0 ? `, though planned ${plannedLonger(planned)} longer` : ''}.`,
  };
}

/**
 * How the automatic battery reserve followed the floor (`stats.reserve_from_floor`): the first
 * plan's run added charges (or could not run), so the day was planned again with the reserve
 * the robots' detours asked for. Null when the first plan's run kept to its charges.
 */
export function reserveFromFloorLine(stats: Readonly<Record<string, unknown>> | null | undefined): FloorLine | null {
  const parsed = reserveFromFloorSchema.safeParse(stats?.reserve_from_floor);
  if (!parsed.success || parsed.data.tries.length <= 1) return null;
  const { tries, kept } = parsed.data;
  const first = tries[0];
  const chosen = tries[kept];
  const how = (run: (typeof tries)[number]) =>
    run.executed_s === null
      ? 'could not run on the floor'
      : `ran ${formatCompletionTime(run.executed_s)} with ${formatGrouped(run.extra_charges ?? 0)} charge${run.extra_charges === 1 ? '' : 's'} the plan never had`;
  const reserves = tries.map((run) => `${run.reserve_pct}%`).join(', ');
  return {
    label: 'Battery reserve',
    value: `${chosen.reserve_pct}%`,
    meaning:
      kept === 0
        ? `The automatic ${first.reserve_pct}% plan ${how(first)}; plans with more reserve (${reserves}) ran no better, so it was kept.`
        : `The automatic ${first.reserve_pct}% plan ${how(first)}, so the day was planned again with the reserve the robots' detours asked for (${reserves}); the ${chosen.reserve_pct}% plan ${how(chosen)}.`,
  };
}
