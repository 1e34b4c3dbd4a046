import type { DeliveryWork, Floor, RobotWork } from '@fleetlab/warehouse';
import type { ExecutionParameters } from '../execution/execution-parameters.ts';
import type { Commitment, WorkCycle } from '../execution/work-cycle.ts';

/** Where a robot will be, from which step, with how many metres used on its charge: a `Commitment` carried forward. */
export type Outlook = Commitment;

type Delivery = Pick<DeliveryWork, 'pickupCell' | 'dropoffCell'>;

/**
 * A dispatcher's arithmetic for a robot's work ahead, the planner's way: shortest walks, handling
 * at every pickup and dropoff, a charge where the next delivery would not leave the way home
 * within the charge a plan may use (`plannedDistance`, the battery reserve kept). Traffic is not
 * foreseen; the run on the floor says what really happens.
 */
export class WorkEstimate {
  constructor(
    private readonly floor: Floor,
    private readonly robots: readonly RobotWork[],
    private readonly params: ExecutionParameters,
  ) {}

  /** Where the robot will be once its committed work and every open item of its work are done. */
  queueEnd(work: WorkCycle, robot: number, step: number): Outlook {
    const outlook = { ...work.commitment(robot, step) };
    for (const item of work.openWork(robot)) {
      if (item.kind === 'charge') this.charge(outlook, robot);
      else this.deliver(outlook, robot, item, true);
    }
    return outlook;
  }

  /** Whether a robot of this station can do the delivery at all: out from its station and back within a charge a plan may use. */
  canServe(robot: number, delivery: Delivery): boolean {
    const home = this.robots[robot].homeCell;
    const { floor } = this;
    return (
      floor.distance(home, delivery.pickupCell) +
        floor.distance(delivery.pickupCell, delivery.dropoffCell) +
        floor.distance(delivery.dropoffCell, home) <=
      this.params.plannedDistance
    );
  }

  /** Whether the robot must charge before the delivery: from the outlook, the pickup, the dropoff and home would not fit the charge. */
  needsChargeFirst(outlook: Outlook, robot: number, delivery: Delivery): boolean {
    const { floor } = this;
    const need =
      floor.distance(outlook.cell, delivery.pickupCell) +
      floor.distance(delivery.pickupCell, delivery.dropoffCell) +
      floor.distance(delivery.dropoffCell, this.robots[robot].homeCell);
    return outlook.used > 0 && outlook.used + need > this.params.plannedDistance;
  }

  /** The step the robot would reach the dropoff if it did the delivery next (charging first when it must). */
  doneStep(outlook: Outlook, robot: number, delivery: Delivery): number {
    return this.deliver({ ...outlook }, robot, delivery, true);
  }

  /** Carries the outlook through a charge at the robot's station. */
  charge(outlook: Outlook, robot: number): void {
    const home = this.robots[robot].homeCell;
    outlook.readyStep += this.floor.distance(outlook.cell, home) + this.params.chargeSteps;
    outlook.cell = home;
    outlook.used = 0;
  }

  /** Carries the outlook through a delivery (and the charge before it, with `chargeWhenNeeded`); returns the step its dropoff is reached. */
  deliver(outlook: Outlook, robot: number, delivery: Delivery, chargeWhenNeeded: boolean): number {
    if (chargeWhenNeeded && this.needsChargeFirst(outlook, robot, delivery)) this.charge(outlook, robot);
    const { floor, params } = this;
    const legs =
      floor.distance(outlook.cell, delivery.pickupCell) + floor.distance(delivery.pickupCell, delivery.dropoffCell);
    const done = outlook.readyStep + legs + params.handlingSteps;
    outlook.readyStep = done + params.handlingSteps;
    outlook.used += legs;
    outlook.cell = delivery.dropoffCell;
    return done;
  }
}
