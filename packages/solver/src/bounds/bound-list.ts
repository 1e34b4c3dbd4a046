import { BOUNDS, type BoundName } from '@fleetlab/warehouse';
import { batteryAwareBound, type BatteryBound } from './battery-bound.ts';
import { chargeSegmentBound } from './charge-segment-bound.ts';
import { chargeSegmentLpBound } from './charge-segment-lp-bound.ts';
import { chargerCapacityBound } from './charger-capacity-bound.ts';
import { detourCapacityBound } from './detour-capacity-bound.ts';
import { dockCapacityBound } from './dock-capacity-bound.ts';
import { driveModelBound, driveTimeBound, type ModelBound, modelLowerBound } from './lower-bound.ts';
import { wholeChargesBound, wholeChargesOnDriveTimes } from './whole-charges-bound.ts';
import { totalDeliveryLength } from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';

/**
 * Work several bounds read, done once per problem: the model's bound (its W, the fleet's least
 * driving, feeds the detour, charger and whole-charge bounds) and the battery-aware bound (its
 * per-robot segment capacities feed the charger bound).
 */
export class SharedBoundWork {
  private modelBound: ModelBound | null = null;
  private driveModelBound: ModelBound | null = null;
  private batteryBound: BatteryBound | null = null;

  constructor(
    readonly problem: Problem,
    readonly poll?: () => void,
  ) {}

  model(): ModelBound {
    this.modelBound ??= modelLowerBound(this.problem, this.poll);
    return this.modelBound;
  }

  /** The model's bound on the legs' least times (robots with acceleration and turns). */
  driveModel(): ModelBound {
    this.driveModelBound ??= driveModelBound(this.problem, this.poll);
    return this.driveModelBound;
  }

  battery(): BatteryBound {
    this.batteryBound ??= batteryAwareBound(this.problem, this.poll);
    return this.batteryBound;
  }
}

/** One makespan lower bound: its name and what it counts (records/bounds.ts), and how to compute it. */
export interface MakespanBound {
  name: BoundName;
  counts: string;
  holdsFor: 'routes' | 'plan';
  /** Seconds no plan can finish before; 0 when it says nothing. */
  compute(problem: Problem, shared: SharedBoundWork): number;
}

const COMPUTE: Record<BoundName, MakespanBound['compute']> = {
  fleet_work: (_problem, shared) => shared.model().makespan_s,
  battery_segments: (_problem, shared) => shared.battery().makespan_s,
  charge_segments: (problem) => chargeSegmentBound(problem),
  detour_capacity: (problem, shared) =>
    detourCapacityBound(problem, shared.model().distance_m - totalDeliveryLength(problem), shared.poll).makespan_s,
  charger_capacity: (problem, shared) => chargerCapacityBound(problem, shared),
  whole_charges: (problem, shared) => wholeChargesBound(problem, shared.model().distance_m),
  charge_segment_lp: (problem, shared) => chargeSegmentLpBound(problem, shared).makespan_s,
  drive_time: (problem, shared) =>
    problem.pointRobot
      ? 0
      : Math.max(
          driveTimeBound(problem, shared.model().distance_m, shared.driveModel()),
          wholeChargesOnDriveTimes(problem, shared.model().distance_m, shared.driveModel().distance_m),
        ),
  dock_capacity: (problem) => dockCapacityBound(problem),
};

/** Every makespan bound the solver knows, in the order of BOUNDS: the solve, the lower-bound module and the bench read this list. */
export const MAKESPAN_BOUNDS: readonly MakespanBound[] = BOUNDS.map((info) => ({
  name: info.name,
  counts: info.counts,
  holdsFor: info.holdsFor,
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

/** Computes every bound of the list on `problem`; `poll` is called now and then (solve passes its cancellation check). */
export function computeBounds(problem: Problem, poll?: () => void): BoundFigures {
  const shared = new SharedBoundWork(problem, poll);
  const values = MAKESPAN_BOUNDS.map((bound) => ({ name: bound.name, makespan_s: bound.compute(problem, shared) }));
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
