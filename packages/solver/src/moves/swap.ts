import type { MoveSearch } from './move.ts';
import { RoutePairMove } from './route-pair-move.ts';

/** Swap: a delivery of the focus route and one of another route trade places. */
export class Swap extends RoutePairMove {
  /** The first swap between focus route a and route b (positions of a first) that scores below `target`. */
  findAgainst(a: number, b: number, target: number, stop: () => boolean): MoveSearch {
    const lengthA = this.state.evaluators[a].route.length;
    const lengthB = this.state.evaluators[b].route.length;
    for (let i = 0; i < lengthA; i++) {
      if (lengthB > 16 && stop()) return 'stopped';
      for (let k = 0; k < lengthB; k++) if (this.tryPair(a, i, b, k, target)) return 'found';
    }
    return 'none';
  }

  /** Whether swapping route a's i-th delivery with route b's k-th brings the fleet below `target` (then remembered). */
  private tryPair(a: number, i: number, b: number, k: number, target: number): boolean {
    const focus = this.state.evaluators[a];
    const other = this.state.evaluators[b];
    const j = focus.route[i];
    const mate = other.route[k];
    if (!focus.canServe(mate) || !other.canServe(j)) return false;
    // Floors bound both routes from below (and plain distances their distances); when even they
    // cannot reach the target (and the score grows with finish times and distances), the exact
    // schedules are not needed.
    if (this.state.scale.monotone) {
      const floorA = focus.replacementFloor(i, mate);
      const floorB = other.replacementFloor(k, j);
      if (
        !(
          this.state.valueWithTwo(a, floorA, focus.replacementPlain(i, mate), b, floorB, other.replacementPlain(k, j)) <
          target
        )
      )
        return false;
    }
    if (focus.replacementFinish(i, mate, this.totalsA) === Infinity) return false;
    return this.improves(a, i, b, other.replacementFinish(k, j, this.totalsB), k, target);
  }

  protected rewrite(routeA: number[], i: number, routeB: number[], k: number): void {
    const j = routeA[i];
    routeA[i] = routeB[k];
    routeB[k] = j;
  }
}
