import { ActivityWriter, TimelineWriter, type ActivityKind, type Floor, type RobotWork } from '@fleetlab/warehouse';

/** What one robot did on the shared floor, in steps. */
export interface ExecutedRobot {
  timeline: number[];
  activities: number[];
  deliveries: { pickup: string; dropoff: string; doneStep: number }[];
  charges: { arriveStep: number; startStep: number; endStep: number }[];
  /** Steps standing still with work left, blocked by others or queued (queued included). */
  waitingSteps: number;
  queuedSteps: number;
  distance: number;
  /** The step its last delivery was done (0 without deliveries): its part of the makespan. */
  finishStep: number;
  extraCharges: number;
}

/**
 * Writes down the run as it happens: each robot's cells (waypoint timelines), activities,
 * deliveries and charges, its waiting and queueing, and where on the floor robots waited.
 * Nothing here decides anything; the executor and the work cycle report to it.
 */
export class Recorder {
  readonly robots: ExecutedRobot[];
  /** Waiting steps per cell. */
  readonly waitSteps: Float64Array;
  readonly queueStepsByStation: Float64Array;
  private readonly timelines: TimelineWriter[];
  private readonly activities: ActivityWriter[];

  constructor(
    private readonly floor: Floor,
    robots: readonly RobotWork[],
  ) {
    this.robots = robots.map(() => ({
      timeline: [],
      activities: [],
      deliveries: [],
      charges: [],
      waitingSteps: 0,
      queuedSteps: 0,
      distance: 0,
      finishStep: 0,
      extraCharges: 0,
    }));
    this.timelines = robots.map((robot) => new TimelineWriter(0, floor.x(robot.startCell), floor.y(robot.startCell)));
    this.activities = robots.map(() => new ActivityWriter());
    this.waitSteps = new Float64Array(floor.cellCount);
    this.queueStepsByStation = new Float64Array(floor.stationIds.length);
  }

  /** The robot does `kind` from `step` on. */
  activity(robot: number, step: number, kind: ActivityKind): void {
    this.activities[robot].set(step, kind);
  }

  moved(robot: number): void {
    this.robots[robot].distance += 1;
  }

  /** The robot stood a step on `cell` with work left, kept by another robot. */
  blocked(robot: number, cell: number): void {
    this.robots[robot].waitingSteps++;
    this.waitSteps[cell]++;
  }

  /** The robot waited a step at its station (`cell`) for a charger. */
  queued(robot: number, station: number, cell: number): void {
    const record = this.robots[robot];
    record.queuedSteps++;
    record.waitingSteps++;
    this.waitSteps[cell]++;
    this.queueStepsByStation[station]++;
  }

  delivered(robot: number, pickup: string, dropoff: string, step: number): void {
    this.robots[robot].deliveries.push({ pickup, dropoff, doneStep: step });
  }

  chargeArrived(robot: number, step: number, extra: boolean): void {
    this.robots[robot].charges.push({ arriveStep: step, startStep: -1, endStep: -1 });
    if (extra) this.robots[robot].extraCharges++;
  }

  chargeStarted(robot: number, step: number, endStep: number): void {
    const charges = this.robots[robot].charges;
    const charge = charges[charges.length - 1];
    charge.startStep = step;
    charge.endStep = endStep;
  }

  finished(robot: number, step: number): void {
    this.robots[robot].finishStep = step;
  }

  /** Every robot's cell after a step. */
  cells(step: number, positions: Int32Array): void {
    for (let robot = 0; robot < positions.length; robot++) this.timelines[robot].record(step, this.floor.x(positions[robot]), this.floor.y(positions[robot]));
  }

  /** The finished records. */
  finish(): ExecutedRobot[] {
    return this.robots.map((robot, index) => ({ ...robot, timeline: this.timelines[index].finish(), activities: this.activities[index].entries }));
  }
}
