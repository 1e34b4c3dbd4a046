import { createSeededRandom, type DisruptionSettings } from '@fleetlab/warehouse';

/** A stop of one robot: it stands still from `startStep` up to (not including) `endStep`. */
export interface ExecutedStop {
  startStep: number;
  endStep: number;
}

/** The stops a run's robots stood for, per robot, as a record lists them. */
export interface RecordedStops {
  /** Whether the run draws delays, and breakdowns (a record then lists them, if only none). */
  readonly hasDelays: boolean;
  readonly hasBreakdowns: boolean;
  readonly delays: readonly (readonly ExecutedStop[])[];
  readonly breakdowns: readonly (readonly ExecutedStop[])[];
}

/** What started at a step: a delay, a breakdown, or nothing. */
export type StopKind = 'delay' | 'breakdown';

/**
 * Random stops of the robots: delays (short stops) and breakdowns (stops for a repair). Each
 * robot has its own seeded draws for each kind, so a robot's disruptions do not depend on what
 * the others do or on the movement's tie-breaks. The clocks run only while a robot is on the
 * move (`tick` is called for it): the time to its next delay and next breakdown is exponential
 * (a Poisson stream per hour on the move); a delay lasts an exponential time about its mean, a
 * breakdown the repair time; both at least a step. A stop that falls due while the robot is on a
 * keep-clear cell waits until it stands on an ordinary cell, so nobody ever stops inside an
 * intersection. While a robot is stopped its clocks stand still.
 */
export class Disruptions implements RecordedStops {
  /** Per robot, the first step it moves again after its stop (0: not stopped). */
  readonly stoppedUntil: Int32Array;
  /** Per robot, 1 while its stop is a breakdown. */
  readonly brokenDown: Uint8Array;
  readonly delays: ExecutedStop[][];
  readonly breakdowns: ExecutedStop[][];
  /** Whether the run draws delays, and breakdowns. */
  readonly hasDelays: boolean;
  readonly hasBreakdowns: boolean;
  /** Steps of every stop drawn so far, over the fleet: a day stretched by stops may run this much longer. */
  stopSteps = 0;
  /** Steps on the move left before each robot's next delay and breakdown (Infinity: none). */
  private readonly untilDelay: Float64Array;
  private readonly untilBreakdown: Float64Array;
  private readonly delayDraws: (() => number)[];
  private readonly breakdownDraws: (() => number)[];
  private readonly delayEverySteps: number;
  private readonly delayMeanSteps: number;
  private readonly breakdownEverySteps: number;
  private readonly repairSteps: number;

  constructor(settings: DisruptionSettings, robots: number, stepS: number, seed: number) {
    this.hasDelays = Number.isFinite(settings.delayEveryS);
    this.hasBreakdowns = Number.isFinite(settings.breakdownEveryS);
    this.delayEverySteps = settings.delayEveryS / stepS;
    this.delayMeanSteps = settings.delayMeanS / stepS;
    this.breakdownEverySteps = settings.breakdownEveryS / stepS;
    this.repairSteps = Math.max(1, Math.round(settings.repairS / stepS));
    this.stoppedUntil = new Int32Array(robots);
    this.brokenDown = new Uint8Array(robots);
    this.delays = Array.from({ length: robots }, () => []);
    this.breakdowns = Array.from({ length: robots }, () => []);
    // Two streams per robot, apart from the movement's draws and from each other.
    this.delayDraws = Array.from({ length: robots }, (_, robot) => createSeededRandom(streamSeed(seed, robot, 1)).next);
    this.breakdownDraws = Array.from(
      { length: robots },
      (_, robot) => createSeededRandom(streamSeed(seed, robot, 2)).next,
    );
    this.untilDelay = Float64Array.from({ length: robots }, (_, robot) =>
      exponential(this.delayDraws[robot], this.delayEverySteps),
    );
    this.untilBreakdown = Float64Array.from({ length: robots }, (_, robot) =>
      exponential(this.breakdownDraws[robot], this.breakdownEverySteps),
    );
  }

  /** Whether the robot stands still at `step` for a stop begun earlier. */
  isStopped(robot: number, step: number): boolean {
    return step < this.stoppedUntil[robot];
  }

  /**
   * The robot is on the move at `step` (not stopped): its clocks run a step, and a stop falls
   * due when one runs out. Returns the kind of stop that starts now, if any; a breakdown and a
   * delay due together are one breakdown. `canStop` false (a keep-clear cell) keeps a due stop
   * for a later step.
   */
  tick(robot: number, step: number, canStop: boolean): StopKind | null {
    this.untilDelay[robot]--;
    this.untilBreakdown[robot]--;
    if (!canStop) return null;
    if (this.untilBreakdown[robot] <= 0) {
      this.stoppedUntil[robot] = step + this.repairSteps;
      this.brokenDown[robot] = 1;
      this.breakdowns[robot].push({ startStep: step, endStep: step + this.repairSteps });
      this.stopSteps += this.repairSteps;
      this.untilBreakdown[robot] = exponential(this.breakdownDraws[robot], this.breakdownEverySteps);
      // A delay due during the breakdown is taken by it.
      if (this.untilDelay[robot] <= 0)
        this.untilDelay[robot] = exponential(this.delayDraws[robot], this.delayEverySteps);
      return 'breakdown';
    }
    if (this.untilDelay[robot] <= 0) {
      const steps = Math.max(1, Math.round(exponential(this.delayDraws[robot], this.delayMeanSteps)));
      this.stoppedUntil[robot] = step + steps;
      this.brokenDown[robot] = 0;
      this.delays[robot].push({ startStep: step, endStep: step + steps });
      this.stopSteps += steps;
      this.untilDelay[robot] = exponential(this.delayDraws[robot], this.delayEverySteps);
      return 'delay';
    }
    return null;
  }

  /** The run ended at `step`: stops still going end there. */
  endAt(step: number): void {
    for (const stops of [...this.delays, ...this.breakdowns]) {
      const last = stops[stops.length - 1];
      if (last && last.endStep > step) last.endStep = step;
    }
  }
}

/** An exponential draw with mean `mean` (Infinity for an infinite mean: never). */
function exponential(draw: () => number, mean: number): number {
  if (!Number.isFinite(mean)) return Number.POSITIVE_INFINITY;
  return -Math.log(1 - draw()) * mean;
}

/** A 32-bit seed for one robot's stream of one kind. */
function streamSeed(seed: number, robot: number, kind: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(robot * 4 + kind, 0x85ebca6b)) >>> 0;
}
