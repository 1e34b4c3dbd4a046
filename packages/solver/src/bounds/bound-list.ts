import { BOUNDS, type BoundName } from '@fleetlab/warehouse';
import { batteryAwareBound, type BatteryBound } from './battery-bound.ts';
import { chargeSegmentBound } from './charge-segment-bound.ts';
import { type ChargeSegmentLp, chargeSegmentLpBound } from './charge-segment-lp-bound.ts';
import { chargerCapacityBound } from './charger-capacity-bound.ts';
import { type DetourCapacityBound, detourCapacityBound } from './detour-capacity-bound.ts';
import { dockCapacityBound } from './dock-capacity-bound.ts';
import { driveItemsLpBound } from './drive-items-lp-bound.ts';
import {
  driveModelBound,
  driveTimeBound,
  type ModelBound,
  type ModelBoundWork,
  modelBoundWork,
} from './lower-bound.ts';
import { robotRechargesLpBound } from './robot-recharges-lp-bound.ts';
import { wholeChargesBound, wholeChargesOnDriveTimes } from './whole-charges-bound.ts';
import { totalDeliveryLength } from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';

/**
 * Work several bounds read, done once per problem: the model's bound (its W, the fleet's least
 * driving, feeds the detour, charger and whole-charge bounds) and the battery-aware bound (its
 * per-robot segment capacities feed the charger bound).
 */
export class SharedBoundWork {
  private modelWork: ModelBoundWork | null = null;
  private driveModelWork: ModelBoundWork | null = null;
  private batteryBound: BatteryBound | null = null;
  private driveTimeBound: number | null = null;
  private segmentLp: ChargeSegmentLp | null = null;
  private detourBound: DetourCapacityBound | null = null;
  /** performance.now() past which the costly bounds stop with what they have proven (`withCostlyBounds`). */
  costlyDeadlineMs = Infinity;

  constructor(
    readonly problem: Problem,
    readonly poll?: () => void,
  ) {}

  model(): ModelBound {
    return this.modelAssignment().bound;
  }

  /** The model's bound on the legs' least times (robots with acceleration and turns). */
  driveModel(): ModelBound {
    return this.driveModelAssignment().bound;
  }

  /** The model's bound with its assignment's places and prices (the item LP reads them). */
  modelAssignment(): ModelBoundWork {
    this.modelWork ??= modelBoundWork(this.problem, this.poll);
    return this.modelWork;
  }

  /** The same on the legs' least times. */
  driveModelAssignment(): ModelBoundWork {
    this.driveModelWork ??= driveModelBound(this.problem, this.poll);
    return this.driveModelWork;
  }

  /** The drive-time bound (0 for a point robot); the item LP starts from it. */
  driveTime(): number {
    if (this.driveTimeBound === null) {
      const { problem } = this;
      const metres = this.model().distance_m;
      this.driveTimeBound = problem.pointRobot
        ? 0
        : Math.max(
            driveTimeBound(problem, metres, this.driveModel()),
            wholeChargesOnDriveTimes(problem, metres, this.driveModel().distance_m),
          );
    }
    return this.driveTimeBound;
  }

  /** The detour-capacity bound, for routes and with the stations' chargers in turn (one computation). */
  detour(): DetourCapacityBound {
    this.detourBound ??= detourCapacityBound(
      this.problem,
      this.model().distance_m - totalDeliveryLength(this.problem),
      this.poll,
    );
    return this.detourBound;
  }

  /** The charge-segment LP (its makespan and the fewest recharges); the split LP starts from it. */
  chargeSegmentLp(): ChargeSegmentLp {
    this.segmentLp ??= chargeSegmentLpBound(this.problem, this);
    return this.segmentLp;
  }

  battery(): BatteryBound {
    this.batteryBound ??= batteryAwareBound(this.problem, this.poll);
    return this.batteryBound;
  }

  /** When a costly bound that starts now must stop: its own safety stop or the solve's deadline for it, the earlier. */
  costlyStop(safetyS: number): number {
    return Math.min(performance.now() + safetyS * 1000, this.costlyDeadlineMs);
  }
}

/** One makespan lower bound: its name and what it counts (records/bounds.ts), and how to compute it. */
export interface MakespanBound {
  name: BoundName;
  counts: string;
  holdsFor: 'routes' | 'plan';
  /** Whether it may take tenths of a second or more (a linear programme): a search then starts without it, and the results have it. */
  costly: boolean;
  /** Seconds no plan can finish before; 0 when it says nothing. */
  compute(problem: Problem, shared: SharedBoundWork): number;
}

const COMPUTE: Record<BoundName, MakespanBound['compute']> = {
  fleet_work: (_problem, shared) => shared.model().makespan_s,
  battery_segments: (_problem, shared) => shared.battery().makespan_s,
  charge_segments: (problem) => chargeSegmentBound(problem),
  detour_capacity: (_problem, shared) => shared.detour().makespan_s,
  charger_turns: (_problem, shared) => shared.detour().inTurn_s,
  charger_capacity: (problem, shared) => chargerCapacityBound(problem, shared),
  whole_charges: (problem, shared) => wholeChargesBound(problem, shared.model().distance_m),
  charge_segment_lp: (_problem, shared) => shared.chargeSegmentLp().makespan_s,
  robot_recharges_lp: (problem, shared) => robotRechargesLpBound(problem, shared),
  drive_time: (_problem, shared) => shared.driveTime(),
  drive_items_lp: (problem, shared) =>
    driveItemsLpBound(problem, shared.model().distance_m, shared.driveModel().distance_m, shared.driveTime(), shared),
  dock_capacity: (problem) => dockCapacityBound(problem),
};

/** The bounds a search may start without (`computeBounds`' `costly: false`): the linear programmes. */
const COSTLY = new Set<BoundName>(['charge_segment_lp', 'drive_items_lp', 'robot_recharges_lp']);

/** Every makespan bound the solver knows, in the order of BOUNDS: the solve, the lower-bound module and the bench read this list. */
export const MAKESPAN_BOUNDS: readonly MakespanBound[] = BOUNDS.map((info) => ({
  name: info.name,
  counts: info.counts,
  holdsFor: info.holdsFor,
  costly: COSTLY.has(info.name),
  compute: COMPUTE[info.name],
}));

export interface BoundValue {
  name: BoundName;
  makespan_s: number;
}

export interface BoundFigures {
  /** Every bound's value, in list order. */
  values: BoundValue[];
  /** The largest bound every plan keeps to; the first in list order on a tie. */
  tightest: BoundValue;
  /** The largest bound that holds for routes timed without charger queues: where a search may stop. */
  tightestForRoutes: number;
  /** The dock capacity bound alone (the stats' `dock_bound_s`; 0 on the graph). */
  floor: number;
  shared: SharedBoundWork;
}

/**
 * Computes every bound of the list on `problem`; `poll` is called now and then (solve passes its
 * cancellation check). With `costly: false` the costly ones read 0 until `withCostlyBounds`.
 */
export function computeBounds(problem: Problem, poll?: () => void, options: { costly?: boolean } = {}): BoundFigures {
  const shared = new SharedBoundWork(problem, poll);
  const costly = options.costly ?? true;
  const values = MAKESPAN_BOUNDS.map((bound) => ({
    name: bound.name,
    makespan_s: costly || !bound.costly ? bound.compute(problem, shared) : 0,
  }));
  return summarise(values, shared);
}

/**
 * `figures` with the costly bounds computed too (a search asks for the others while it runs; the
 * results read every one). Past `deadlineMs` (performance.now()) each stops with what it has
 * proven, still a bound.
 */
export function withCostlyBounds(figures: BoundFigures, options: { deadlineMs?: number } = {}): BoundFigures {
  const { shared } = figures;
  shared.costlyDeadlineMs = options.deadlineMs ?? Infinity;
  const values = MAKESPAN_BOUNDS.map((bound, k) =>
    bound.costly ? { name: bound.name, makespan_s: bound.compute(shared.problem, shared) } : figures.values[k],
  );
  return summarise(values, shared);
}

function summarise(values: BoundValue[], shared: SharedBoundWork): BoundFigures {
  let tightest = values[0];
  let tightestForRoutes = 0;
  let floor = 0;
  MAKESPAN_BOUNDS.forEach((bound, k) => {
    const value = values[k];
    if (bound.name === 'dock_capacity') floor = value.makespan_s;
    if (value.makespan_s > tightest.makespan_s) tightest = value;
    if (bound.holdsFor === 'routes') tightestForRoutes = Math.max(tightestForRoutes, value.makespan_s);
  });
  return { values, tightest, tightestForRoutes, floor, shared };
}
