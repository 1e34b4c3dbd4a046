import { RouteProposal } from '../route-proposal.ts';
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
    const focus = this.state.evaluators[a];
    const other = this.state.evaluators[b];
    const routeA = focus.route;
    const routeB = other.route;
    const lengthA = routeA.length;
    const lengthB = routeB.length;
    for (let i = 0; i <= lengthA; i++) {
      if (lengthB > 16 && stop()) return 'stopped';
      for (let k = 0; k <= lengthB; k++) {
        // Exchanging two empty tails or two whole routes changes nothing.
        if ((i === lengthA && k === lengthB) || (i === 0 && k === 0)) continue;
        if (!focus.canServeFrom(routeB, k) || !other.canServeFrom(routeA, i)) continue;
        this.proposalA.clear().appendSlice(focus, 0, i).appendSlice(other, k, lengthB);
        if (focus.evaluate(this.proposalA, this.totalsA) === Infinity) continue;
        this.proposalB.clear().appendSlice(other, 0, k).appendSlice(focus, i, lengthA);
        if (this.improves(a, i, b, other.evaluate(this.proposalB, this.totalsB), k, target)) return 'found';
      }
    }
    return 'none';
  }

  protected rewrite(routeA: number[], i: number, routeB: number[], k: number): void {
    const tailA = routeA.splice(i);
    const tailB = routeB.splice(k);
    routeA.push(...tailB);
    routeB.push(...tailA);
  }
}
