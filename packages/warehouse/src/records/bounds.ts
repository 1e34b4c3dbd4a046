import { z } from 'zod';

/**
 * What a plan must have for a part of a bound's blind spot to matter: recharges, time queued at
 * a charger, time queued at a pickup or dropoff, or nothing (it may always matter).
 */
type UncountedNeeds = 'always' | 'recharges' | 'charger_queue' | 'dock_queue';

interface UncountedPart {
  readonly words: string;
  readonly needs: UncountedNeeds;
}

const part = (words: string, needs: UncountedNeeds): UncountedPart => ({ words, needs });
const CHARGER_QUEUES = part('charger queues', 'charger_queue');
/**
 * Bounds that cap a robot's driving by its charges, (c + 1) charges less the way home, let it use
 * every charge to the metre; a plan recharges between deliveries, with what the next one would
 * not leave unused (d5k: 11.5 m a robot to spare at the whole-charge bound, where the best plan
 * found makes most robots recharge twice).
 */
const UNUSED_CHARGE = part('the charge left unused when a robot recharges', 'recharges');

interface BoundInfo {
  readonly name: string;
  /** What the bound counts: the resource or the work it says no plan can avoid. */
  readonly counts: string;
  /**
   * What the bound cannot count: when it is the tightest, the gap may be this and not the plan.
   * The results page names the parts the plan has (`uncountedBy`) beside a large gap.
   */
  readonly cannotCount: readonly UncountedPart[];
  /**
   * What finishes no earlier than the bound. `routes`: any robots' routes, even timed as if each
   * station had a charger per robot (the exact method's proofs and the searches' stops use these).
   * `plan`: every plan, whose robots wait their turn at the chargers and at the pickups and
   * dropoffs (a floor cell holds one robot), and so every day on the floor.
   */
  readonly holdsFor: 'routes' | 'plan';
}

/** The makespan lower bounds, in the order the solver computes them: the one list the solver, the bench and the pages read. */
export const BOUNDS = [
  {
    name: 'fleet_work',
    counts:
      "the hardest single delivery and the fleet's driving, shared evenly, with the charges that much driving needs",
    cannotCount: [CHARGER_QUEUES, part('whole charges per robot', 'recharges'), part('uneven work', 'always')],
    holdsFor: 'routes',
  },
  {
    name: 'battery_segments',
    counts: 'the recharges each robot is forced into by the deliveries it does',
    cannotCount: [CHARGER_QUEUES],
    holdsFor: 'routes',
  },
  {
    name: 'charge_segments',
    counts: 'the charges a fleet needs when a charge holds at most two deliveries',
    cannotCount: [CHARGER_QUEUES],
    holdsFor: 'routes',
  },
  {
    name: 'detour_capacity',
    counts: 'the drives through the station that recharges add, and what each robot can drive on its charges',
    cannotCount: [CHARGER_QUEUES, UNUSED_CHARGE],
    holdsFor: 'routes',
  },
  {
    name: 'charger_turns',
    counts:
      "detour_capacity's drives and charges, with each station's recharges one after another on its chargers: the first after a robot's first delivery and drive home, a delivery after the last",
    cannotCount: [part('which robot recharges when', 'recharges'), part("the docks' queues", 'dock_queue')],
    holdsFor: 'plan',
  },
  {
    name: 'charger_capacity',
    counts: 'the charging a fleet cannot avoid, one robot at a time on each charger',
    cannotCount: [
      part('how the charges fall between robots', 'recharges'),
      part('the driving between charges', 'always'),
    ],
    holdsFor: 'plan',
  },
  {
    name: 'whole_charges',
    counts: 'a whole charge, with its time and the way home, for each robot whose work exceeds one charge',
    cannotCount: [CHARGER_QUEUES, UNUSED_CHARGE],
    holdsFor: 'routes',
  },
  {
    name: 'charge_segment_lp',
    counts:
      "the charge segments that cover every delivery, each robot's in turn with its recharges, and each station's recharges one robot at a time on its chargers (linear programmes over segments: the makespan, and the fewest recharges, made whole)",
    cannotCount: [
      part('which robot makes which recharge (a linear programme spreads them)', 'recharges'),
      part('when each recharge falls on a charger', 'recharges'),
    ],
    holdsFor: 'plan',
  },
  {
    name: 'robot_recharges_lp',
    counts:
      "the charge segments that cover every delivery with each robot making a whole number of recharges: every way the fleet's recharges can fall on its robots, each robot's segments in turn (linear programmes over segments, one per way)",
    cannotCount: [
      part('when each recharge falls on a charger', 'recharges'),
      part('which robot takes which delivery (a linear programme splits them)', 'always'),
    ],
    holdsFor: 'plan',
  },
  {
    name: 'drive_time',
    counts:
      "the legs' least times for a robot that accelerates, brakes and turns, with the handling no plan avoids (a point robot: none beyond fleet_work)",
    cannotCount: [CHARGER_QUEUES, part('whole charges per robot', 'recharges'), part('uneven work', 'always')],
    holdsFor: 'routes',
  },
  {
    name: 'drive_items_lp',
    counts:
      "each delivery's metres and least drive time together, the whole charges of the robots that carry them and each recharge's drive through the station (a linear programme over the robots and how often each recharges; robots that accelerate, brake and turn)",
    cannotCount: [
      CHARGER_QUEUES,
      UNUSED_CHARGE,
      part('which robot takes which delivery (a linear programme splits them)', 'always'),
    ],
    holdsFor: 'routes',
  },
  {
    name: 'dock_capacity',
    counts:
      'one robot at a time at each pickup and dropoff: its visits one after another from the earliest any of them can come, each at least its known turn on arrival (a dropoff, from its pickup) or way out (a pickup, to its dropoff), and after a pickup’s last visit the leg to its dropoff',
    cannotCount: [part("the robots' driving between the docks", 'always'), part('charging', 'recharges')],
    holdsFor: 'plan',
  },
] as const satisfies readonly BoundInfo[];

export type BoundName = (typeof BOUNDS)[number]['name'];
export const boundNameValues = BOUNDS.map((bound) => bound.name) as [BoundName, ...BoundName[]];
/** What `lower_bound_name` says when the plan itself is proven optimal: the bound is its makespan. */
export const PROVEN_OPTIMUM = 'proven_optimum';
/**
 * What `lower_bound_name` says when the exact method proved the routes optimal as if no robot
 * waited for a charger or a dock, and the plan does wait: the bound is that queue-free optimum,
 * and the queues are what it cannot count.
 */
export const QUEUE_FREE_OPTIMUM = 'queue_free_optimum';
export const lowerBoundNameSchema = z.enum([...boundNameValues, PROVEN_OPTIMUM, QUEUE_FREE_OPTIMUM]);

/** What the names beyond the list cannot count: a proven optimum nothing, a queue-free one the queues. */
const UNCOUNTED_BY_OPTIMA: Readonly<Record<string, readonly UncountedPart[]>> = {
  [PROVEN_OPTIMUM]: [],
  [QUEUE_FREE_OPTIMUM]: [CHARGER_QUEUES, part("the docks' queues", 'dock_queue')],
};
export type LowerBoundName = z.infer<typeof lowerBoundNameSchema>;

/** The bound of that name (undefined for `proven_optimum` and unknown names). */
export function boundByName(name: string): BoundInfo | undefined {
  return BOUNDS.find((bound) => bound.name === name);
}

/** A plan's stats as far as its bounds go (solves stored before a figure lack it). */
export interface PlanBoundFigures {
  readonly lower_bound_s?: number | null;
  readonly gap?: number | null;
  readonly lower_bound_battery_s?: number | null;
  readonly gap_battery?: number | null;
  readonly lower_bound_name?: string | null;
}

/** The tightest bound a plan reports, with its gap and name. */
export interface TightestBound {
  readonly boundS: number;
  readonly gap: number;
  /** `fleet_work` for the model's bound; null where a solve stored before bounds were named does not say. */
  readonly name: string | null;
}

/**
 * The tightest lower bound a plan's stats report: the larger of the model's bound (`lower_bound_s`,
 * `fleet_work`) and the tightest of the list (`lower_bound_battery_s`, named by
 * `lower_bound_name`). Both are valid, so the larger tells more truthfully how far the plan can
 * still be from the best possible; every page and table reads this one. Null without either.
 */
export function tightestBoundOf(stats: PlanBoundFigures | null | undefined): TightestBound | null {
  const finite = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value);
  let best: TightestBound | null = null;
  if (finite(stats?.lower_bound_s) && finite(stats?.gap))
    best = { boundS: stats.lower_bound_s, gap: stats.gap, name: 'fleet_work' };
  if (
    finite(stats?.lower_bound_battery_s) &&
    finite(stats?.gap_battery) &&
    (!best || stats.lower_bound_battery_s > best.boundS)
  )
    best = { boundS: stats.lower_bound_battery_s, gap: stats.gap_battery, name: stats.lower_bound_name ?? null };
  return best;
}

/** What a plan holds of what bounds may not count (a plan's stats; a figure left out is not known, so it may matter). */
export interface PlanResourcesUsed {
  readonly recharges?: number;
  readonly charger_queue_s?: number;
  readonly dock_queue_s?: number;
}

/**
 * What the bound `name` cannot count, of what `plan` has, in words ("a, b and c"): a plan with
 * no recharge has no charger queue or whole charge for the bound to miss. Undefined when
 * nothing applies, or for a name that is no bound.
 */
export function uncountedBy(name: string, plan: PlanResourcesUsed = {}): string | undefined {
  const some = (figure: number | undefined) => figure === undefined || figure > 0;
  const applies = (needs: UncountedNeeds) => {
    switch (needs) {
      case 'always':
        return true;
      case 'recharges':
        return some(plan.recharges);
      case 'charger_queue':
        return some(plan.recharges) && some(plan.charger_queue_s);
      case 'dock_queue':
        return some(plan.dock_queue_s);
    }
  };
  const parts = boundByName(name)?.cannotCount ?? UNCOUNTED_BY_OPTIMA[name] ?? [];
  const words = parts.filter(({ needs }) => applies(needs)).map(({ words }) => words);
  if (words.length === 0) return undefined;
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
