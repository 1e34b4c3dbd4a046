import { z } from 'zod';

interface BoundInfo {
  readonly name: string;
  /** What the bound counts: the resource or the work it says no plan can avoid. */
  readonly counts: string;
  /**
   * What the bound cannot count: when it is the tightest, the gap may be this and not the plan.
   * The results page names it beside a large gap.
   */
  readonly cannotCount: string;
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
    cannotCount: 'charger queues, whole charges per robot and uneven work',
    holdsFor: 'routes',
  },
  {
    name: 'battery_segments',
    counts: 'the recharges each robot is forced into by the deliveries it does',
    cannotCount: 'charger queues',
    holdsFor: 'routes',
  },
  {
    name: 'charge_segments',
    counts: 'the charges a fleet needs when a charge holds at most two deliveries',
    cannotCount: 'charger queues',
    holdsFor: 'routes',
  },
  {
    name: 'detour_capacity',
    counts: 'the drives through the station that recharges add, and what each robot can drive on its charges',
    cannotCount: 'charger queues',
    holdsFor: 'routes',
  },
  {
    name: 'charger_turns',
    counts:
      "detour_capacity's drives and charges, with each station's recharges one after another on its chargers: the first after a robot's first delivery and drive home, a delivery after the last",
    cannotCount: "which robot recharges when, and the docks' queues",
    holdsFor: 'plan',
  },
  {
    name: 'charger_capacity',
    counts: 'the charging a fleet cannot avoid, one robot at a time on each charger',
    cannotCount: 'how the charges fall between robots and the driving between them',
    holdsFor: 'plan',
  },
  {
    name: 'whole_charges',
    counts: 'a whole charge, with its time and the way home, for each robot whose work exceeds one charge',
    cannotCount: 'charger queues',
    holdsFor: 'routes',
  },
  {
    name: 'charge_segment_lp',
    counts:
      "the charge segments that cover every delivery, each robot's in turn with its recharges, and each station's recharges one robot at a time on its chargers (linear programmes over segments: the makespan, and the fewest recharges, made whole)",
    cannotCount: 'which robot makes which recharge (a linear programme spreads them) and when each falls on a charger',
    holdsFor: 'plan',
  },
  {
    name: 'robot_recharges_lp',
    counts:
      "the charge segments that cover every delivery with each robot making a whole number of recharges: every way the fleet's recharges can fall on its robots, each robot's segments in turn (linear programmes over segments, one per way)",
    cannotCount:
      'when each recharge falls on a charger, and which robot takes which delivery (a linear programme splits them)',
    holdsFor: 'plan',
  },
  {
    name: 'drive_time',
    counts:
      "the legs' least times for a robot that accelerates, brakes and turns, with the handling no plan avoids (a point robot: none beyond fleet_work)",
    cannotCount: 'charger queues, whole charges per robot and uneven work',
    holdsFor: 'routes',
  },
  {
    name: 'drive_items_lp',
    counts:
      "each delivery's metres and least drive time together, and the whole charges of the robots that carry them (a linear programme over the robots and how often each recharges; robots that accelerate, brake and turn)",
    cannotCount: 'charger queues, and which robot takes which delivery (a linear programme splits them)',
    holdsFor: 'routes',
  },
  {
    name: 'dock_capacity',
    counts:
      'one robot at a time at each pickup and dropoff: its visits one after another, each at least its known turn on arrival (a dropoff, from its pickup) or way out (a pickup, to its dropoff)',
    cannotCount: 'driving and charging',
    holdsFor: 'plan',
  },
] as const satisfies readonly BoundInfo[];

export type BoundName = (typeof BOUNDS)[number]['name'];
export const boundNameValues = BOUNDS.map((bound) => bound.name) as [BoundName, ...BoundName[]];
/** What `lower_bound_name` says when the plan itself is proven optimal: the bound is its makespan. */
export const PROVEN_OPTIMUM = 'proven_optimum';
export const lowerBoundNameSchema = z.enum([...boundNameValues, PROVEN_OPTIMUM]);
export type LowerBoundName = z.infer<typeof lowerBoundNameSchema>;

/** The bound of that name (undefined for `proven_optimum` and unknown names). */
export function boundByName(name: string): BoundInfo | undefined {
  return BOUNDS.find((bound) => bound.name === name);
}
