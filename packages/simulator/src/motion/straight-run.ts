/** The motion states of `motionStateValues`, by index. */
export const MotionState = { stopped: 0, accelerating: 1, cruising: 2, decelerating: 3, turning: 4 } as const;

/** Numbers a piece of a straight run takes in `StraightRun`: from time t, at x metres along the run, speed v, acceleration a, for d s, its motion state. */
const PIECE = 6;

/** A robot's limits on a straight run. */
export interface RunLimits {
  topSpeed: number;
  acceleration: number;
  braking: number;
}

/**
 * A straight run as at most three pieces at constant acceleration (accelerate, cruise, brake),
 * kept in a typed array the run is planned into again and again: the timed floor plans a run at
 * every move of a robot's limit, hundreds of thousands a day, and allocates nothing for them.
 */
export class StraightRun {
  private readonly pieces = new Float64Array(3 * PIECE);
  /** How many pieces the run has (0: the robot stands at its target). */
  count = 0;
  /** Position and speed found by the last `stateAt`. */
  atX = 0;
  atV = 0;

  /** Piece k's start time, start position (metres along the run), speed, acceleration, length (s) and motion state. */
  t(k: number): number {
    return this.pieces[k * PIECE];
  }
  x(k: number): number {
    return this.pieces[k * PIECE + 1];
  }
  v(k: number): number {
    return this.pieces[k * PIECE + 2];
  }
  a(k: number): number {
    return this.pieces[k * PIECE + 3];
  }
  d(k: number): number {
    return this.pieces[k * PIECE + 4];
  }
  state(k: number): number {
    return this.pieces[k * PIECE + 5];
  }

  /** The first piece's start time, or `otherwise` for a run of no pieces. */
  startOr(otherwise: number): number {
    return this.count > 0 ? this.pieces[0] : otherwise;
  }

  private push(t: number, x: number, v: number, a: number, d: number, state: number): void {
    const at = this.count++ * PIECE;
    const { pieces } = this;
    pieces[at] = t;
    pieces[at + 1] = x;
    pieces[at + 2] = v;
    pieces[at + 3] = a;
    pieces[at + 4] = d;
    pieces[at + 5] = state;
  }

  /**
   * Plans the quickest way from (`x`, `v`) at time `t` to a standstill at `target` metres along
   * the run: accelerate while it can still brake in time, cruise at top speed, brake. The robot
   * must be able to stop there (v² / 2b <= target - x, which movement authority keeps). From
   * standstill over L metres this lasts `runTime(L)`: the plan's own figure. Returns the run.
   */
  plan(t: number, x: number, v: number, target: number, limits: RunLimits): this {
    const { topSpeed: top, acceleration: a, braking: b } = limits;
    this.count = 0;
    if (v < top) {
      // The peak speed p of accelerating then braking: (p² - v²) / 2a + p² / 2b = target - x.
      const peakSquared = ((target - x + (v * v) / (2 * a)) * 2 * a * b) / (a + b);
      const peak = Math.min(top, Math.sqrt(Math.max(0, peakSquared)));
      if (peak > v) {
        const d = (peak - v) / a;
        this.push(t, x, v, a, d, 1);
        x += (peak * peak - v * v) / (2 * a);
        t += d;
        v = peak;
      }
    }
    const cruise = target - x - (v * v) / (2 * b);
    if (cruise > 1e-12 && v > 0) {
      const d = cruise / v;
      this.push(t, x, v, 0, d, 2);
      t += d;
      x += cruise;
    }
    if (v > 0) this.push(t, x, v, -b, v / b, 3);
    return this;
  }

  /** When the run ends (the robot stands at its target); `start` for a run of no pieces. */
  end(start: number): number {
    const last = this.count - 1;
    return last >= 0 ? this.t(last) + this.d(last) : start;
  }

  /** Sets `atX` and `atV` to the position and speed at time `t` (standing at `target` once the run ends). */
  stateAt(t: number, target: number): void {
    for (let k = 0; k < this.count; k++) {
      const start = this.t(k);
      if (t < start + this.d(k)) {
        const tau = Math.max(0, t - start);
        const a = this.a(k);
        this.atX = this.x(k) + this.v(k) * tau + (a * tau * tau) / 2;
        this.atV = Math.max(0, this.v(k) + a * tau);
        return;
      }
    }
    this.atX = target;
    this.atV = 0;
  }

  /** The time the run reaches `x` metres (its end for its target). */
  timeAt(x: number, target: number, start: number): number {
    if (x >= target - 1e-12) return this.end(start);
    for (let k = 0; k < this.count; k++) {
      const v = this.v(k);
      const a = this.a(k);
      const d = this.d(k);
      const end = this.x(k) + v * d + (a * d * d) / 2;
      if (x <= end + 1e-12) {
        const gap = x - this.x(k);
        if (gap <= 0) return this.t(k);
        // Stable root of a/2 τ² + v τ = gap.
        const root = Math.sqrt(Math.max(0, v * v + 2 * a * gap));
        const tau = (2 * gap) / (v + root);
        return this.t(k) + Math.min(d, tau);
      }
    }
    return this.end(start);
  }
}

/**
 * The least time to drive `distance` metres from speed `v` at full effort (accelerate to top speed,
 * cruise, no need to stop): no motion within the limits gets there sooner.
 */
export function leastTimeOver(distance: number, v: number, limits: RunLimits): number {
  if (distance <= 0) return 0;
  const { topSpeed: top, acceleration: a } = limits;
  const accelerating = (top * top - v * v) / (2 * a);
  if (distance <= accelerating) return (2 * distance) / (v + Math.sqrt(v * v + 2 * a * distance));
  return (top - v) / a + (distance - accelerating) / top;
}
