/** The motion states of `motionStateValues`, by index. */
export const MotionState = { stopped: 0, accelerating: 1, cruising: 2, decelerating: 3, turning: 4 } as const;

/** One piece of a straight run at constant acceleration: from time `t`, at `x` metres along the run, speed `v`, for `d` s. */
export interface RunPiece {
  t: number;
  x: number;
  v: number;
  a: number;
  d: number;
  state: number;
}

/** A robot's limits on a straight run. */
export interface RunLimits {
  topSpeed: number;
  acceleration: number;
  braking: number;
}

/**
 * The quickest way from (`x`, `v`) at time `t` to a standstill at `target` metres along the run:
 * accelerate while it can still brake in time, cruise at top speed, brake. The robot must be able
 * to stop there (v² / 2b <= target - x, which movement authority keeps). From standstill over L
 * metres this lasts `runTime(L)`: the plan's own figure.
 */
export function runPieces(t: number, x: number, v: number, target: number, limits: RunLimits): RunPiece[] {
  const { topSpeed: top, acceleration: a, braking: b } = limits;
  const pieces: RunPiece[] = [];
  if (v < top) {
    // The peak speed p of accelerating then braking: (p² - v²) / 2a + p² / 2b = target - x.
    const peakSquared = ((target - x + (v * v) / (2 * a)) * 2 * a * b) / (a + b);
    const peak = Math.min(top, Math.sqrt(Math.max(0, peakSquared)));
    if (peak > v) {
      const d = (peak - v) / a;
      pieces.push({ t, x, v, a, d, state: 1 });
      x += (peak * peak - v * v) / (2 * a);
      t += d;
      v = peak;
    }
  }
  const cruise = target - x - (v * v) / (2 * b);
  if (cruise > 1e-12 && v > 0) {
    const d = cruise / v;
    pieces.push({ t, x, v, a: 0, d, state: 2 });
    t += d;
    x += cruise;
  }
  if (v > 0) pieces.push({ t, x, v, a: -b, d: v / b, state: 3 });
  return pieces;
}

/** When the run's pieces end (the robot stands at its target). */
export function runEnd(pieces: readonly RunPiece[], start: number): number {
  const last = pieces.at(-1);
  return last ? last.t + last.d : start;
}

/** Position and speed at time `t` of a run (standing at `target` once it ends). */
export function runStateAt(pieces: readonly RunPiece[], t: number, target: number): { x: number; v: number } {
  for (const piece of pieces) {
    if (t < piece.t + piece.d) {
      const tau = Math.max(0, t - piece.t);
      return { x: piece.x + piece.v * tau + (piece.a * tau * tau) / 2, v: Math.max(0, piece.v + piece.a * tau) };
    }
  }
  return { x: target, v: 0 };
}

/** The time the run reaches `x` metres (its end for its target). */
export function runTimeAt(pieces: readonly RunPiece[], x: number, target: number, start: number): number {
  if (x >= target - 1e-12) return runEnd(pieces, start);
  for (const piece of pieces) {
    const end = piece.x + piece.v * piece.d + (piece.a * piece.d * piece.d) / 2;
    if (x <= end + 1e-12) {
      const gap = x - piece.x;
      if (gap <= 0) return piece.t;
      // Stable root of a/2 τ² + v τ = gap.
      const root = Math.sqrt(Math.max(0, piece.v * piece.v + 2 * piece.a * gap));
      const tau = (2 * gap) / (piece.v + root);
      return piece.t + Math.min(piece.d, tau);
    }
  }
  return runEnd(pieces, start);
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
