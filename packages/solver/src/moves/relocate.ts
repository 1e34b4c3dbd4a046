import { emptyRouteTotals } from '../routes/battery-schedule.ts';
import type { FleetRoutes } from '../routes/fleet-routes.ts';
import { Insertion } from '../routes/route-evaluator.ts';
import type { InterRouteMove, MoveSearch } from './move.ts';

/**
 * Relocate: one delivery leaves the focus route for its best position in another route.
 * Positions of the focus route come first and the other routes second, so the focus route
 * without the delivery is scored once for all of them.
 */
export class Relocate implements InterRouteMove {
  private readonly shortenedTotals = emptyRouteTotals();
  private readonly insertion = new Insertion();
  private focus = -1;
  private index = -1;
  private other = -1;
  private position = -1;

  constructor(private readonly state: FleetRoutes) {}

  find(a: number, others: readonly number[], target: number, stop: () => boolean): MoveSearch {
    const focus = this.state.evaluators[a];
    const length = focus.route.length;
    for (let i = 0; i < length; i++) {
      // Long routes make one scan expensive: poll between rows so a stop is honoured quickly.
      if ((i & 7) === 7 && stop()) return 'stopped';
      const finishA = focus.removalFinish(i, this.shortenedTotals);
      if (finishA === Infinity) continue;
      const j = focus.route[i];
      for (let step = 0; step < others.length; step++) {
        const b = others[step];
        const cutoff = this.state.finishCutoff(b, target, a, finishA);
        const finishB = this.state.evaluators[b].bestInsertion(j, this.insertion, cutoff);
        if (finishB === Infinity) continue;
        const value = this.state.valueWithTwo(
          a,
          finishA,
          this.shortenedTotals.distance,
          b,
          finishB,
          this.insertion.distance,
        );
        if (value < target) {
          this.focus = a;
          this.index = i;
          this.other = b;
          this.position = this.insertion.position;
          return 'found';
        }
      }
    }
    return 'none';
  }

  apply(): void {
    if (this.focus < 0) throw new Error('Relocate.apply needs a move found by find');
    const [j] = this.state.evaluators[this.focus].route.splice(this.index, 1);
    this.state.evaluators[this.other].route.splice(this.position, 0, j);
    this.state.refreshRoutes(this.focus, this.other);
    this.focus = -1;
  }
}
