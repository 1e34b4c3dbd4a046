import type { MoveSearch } from './move.ts';
import { RoutePairMove } from './route-pair-move.ts';

/** Swap: a delivery of the focus route and one of another route trade places. */
export class Swap extends RoutePairMove {
  /** The first swap between focus route a and route b (positions of a first) that scores below `target`. */
  findAgainst(a: number, b: number, target: number, stop: () => boolean): MoveSearch {
    const focus = this.state.evaluators[a];
    const other = this.state.evaluators[b];
    const routeA = focus.route;
    const routeB = other.route;
    const lengthA = routeA.length;
    const lengthB = routeB.length;
    for (let i = 0; i < lengthA; i++) {
      if (lengthB > 16 && stop()) return 'stopped';
      for (let k = 0; k < lengthB; k++) {
        if (!focus.canServe(routeB[k]) || !other.canServe(routeA[i])) continue;
        if (focus.replacementFinish(i, routeB[k], this.totalsA) === Infinity) continue;
        const finishB = other.replacementFinish(k, routeA[i], this.totalsB);
        if (this.improves(a, i, b, finishB, k, target)) return 'found';
      }
    }
    return 'none';
  }

  protected rewrite(routeA: number[], i: number, routeB: number[], k: number): void {
    const j = routeA[i];
    routeA[i] = routeB[k];
    routeB[k] = j;
  }
}
