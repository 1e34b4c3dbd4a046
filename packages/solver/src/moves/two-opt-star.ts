import { legTo } from '../problem/delivery-legs.ts';
import { RouteProposal } from '../routes/route-proposal.ts';
import type { MoveSearch } from './move.ts';
import { RoutePairMove } from './route-pair-move.ts';

/**
 * 2-opt*: two routes exchange their tails. The focus robot keeps routeA[0..i) and takes
 * routeB[k..]; the other keeps routeB[0..k) and takes routeA[i..].
 */
export class TwoOptStar extends RoutePairMove {
  private readonly proposalA = new RouteProposal();
  private readonly proposalB = new RouteProposal();

  /** The first tail exchange between focus route a and route b (cuts of a first) that scores below `target`. */
  findAgainst(a: number, b: number, target: number, stop: () => boolean): MoveSearch {
    const lengthA = this.state.evaluators[a].route.length;
    const lengthB = this.state.evaluators[b].route.length;
    for (let i = 0; i <= lengthA; i++) {
      if (lengthB > 16 && stop()) return 'stopped';
      for (let k = 0; k <= lengthB; k++) if (this.tryCut(a, i, b, k, target)) return 'found';
    }
    return 'none';
  }

  /** Whether robot a keeping routeA[0..i) and taking routeB[k..] (b the rest) brings the fleet below `target` (then remembered). */
  private tryCut(a: number, i: number, b: number, k: number, target: number): boolean {
    const focus = this.state.evaluators[a];
    const other = this.state.evaluators[b];
    const routeA = focus.route;
    const routeB = other.route;
    const lengthA = routeA.length;
    const lengthB = routeB.length;
    // Exchanging two empty tails or two whole routes changes nothing.
    if ((i === lengthA && k === lengthB) || (i === 0 && k === 0)) return false;
    if (!focus.canServeFrom(routeB, k) || !other.canServeFrom(routeA, i)) return false;
    // Plain distances and the recharges they need bound both routes from below; when even they
    // cannot reach the target (and the score grows with finish times and distances), the exact
    // schedules are not needed.
    if (this.state.scale.monotone) {
      const p = this.state.problem;
      const plainA =
        focus.plainBefore(i) +
        (k < lengthB ? legTo(p, a, i === 0 ? -1 : routeA[i - 1], routeB[k]) + other.plainFrom(k) : 0);
      const plainB =
        other.plainBefore(k) +
        (i < lengthA ? legTo(p, b, k === 0 ? -1 : routeB[k - 1], routeA[i]) + focus.plainFrom(i) : 0);
      const floorA = focus.finishFloor(plainA, k < lengthB ? routeB[lengthB - 1] : i > 0 ? routeA[i - 1] : -1);
      const floorB = other.finishFloor(plainB, i < lengthA ? routeA[lengthA - 1] : k > 0 ? routeB[k - 1] : -1);
      if (!(this.state.valueWithTwo(a, floorA, plainA, b, floorB, plainB) < target)) return false;
    }
    this.proposalA.clear().appendSlice(focus, 0, i).appendSlice(other, k, lengthB);
    if (focus.evaluate(this.proposalA, this.totalsA) === Infinity) return false;
    this.proposalB.clear().appendSlice(other, 0, k).appendSlice(focus, i, lengthA);
    return this.improves(a, i, b, other.evaluate(this.proposalB, this.totalsB), k, target);
  }

  protected rewrite(routeA: number[], i: number, routeB: number[], k: number): void {
    const tailA = routeA.splice(i);
    const tailB = routeB.splice(k);
    routeA.push(...tailB);
    routeB.push(...tailA);
  }
}
