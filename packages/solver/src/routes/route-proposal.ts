import type { RouteEvaluator } from './route-evaluator.ts';

/**
 * A candidate route for one robot, put together from pieces of existing routes: slices (in
 * order or reversed) and single deliveries, the way PyVRP's moves propose routes. A move says
 * what it builds in these terms and hands the proposal to the robot's route evaluator, so how
 * a proposal is scored stays the evaluator's business. One proposal is reused across
 * evaluations: `clear()` starts the next.
 */
export class RouteProposal {
  /** The deliveries in visiting order; only the first `length` entries belong to the proposal. */
  readonly deliveries: number[] = [];
  length = 0;

  clear(): this {
    this.length = 0;
    return this;
  }

  /** `source.route[from..to)` in order. */
  appendSlice(source: RouteEvaluator, from: number, to: number): this {
    const route = source.route;
    for (let k = from; k < to; k++) this.deliveries[this.length++] = route[k];
    return this;
  }

  /** `source.route[from..to)` backwards. */
  appendReversed(source: RouteEvaluator, from: number, to: number): this {
    const route = source.route;
    for (let k = to - 1; k >= from; k--) this.deliveries[this.length++] = route[k];
    return this;
  }

  appendDelivery(j: number): this {
    this.deliveries[this.length++] = j;
    return this;
  }

  /** A copy of the proposed route. */
  toRoute(): number[] {
    return this.deliveries.slice(0, this.length);
  }
}
