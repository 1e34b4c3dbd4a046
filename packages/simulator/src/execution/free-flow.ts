import type { Floor, RobotWork } from '@fleetlab/warehouse';
import { decideCharge } from './battery-rule.ts';
import type { ExecutionParameters } from './execution-parameters.ts';

/**
 * The step at which a robot would finish its work alone on the floor: shortest walks, the same
 * handling and battery rules as the shared run, a charger always free. The shared run's delay
 * is measured against it, so it follows the executor's timing exactly: a delivery is done on
 * reaching the dropoff, handling follows each pickup and dropoff, a charge starts on arrival.
 */
export function freeFlowFinishStep(floor: Floor, robot: RobotWork, params: ExecutionParameters): number {
  const handling = params.handlingSteps;
  const charge = params.chargeSteps;
  let step = 0;
  let position = robot.startCell;
  let used = 0;
  const driveTo = (cell: number) => {
    const metres = floor.distance(position, cell);
    step += metres;
    used += metres;
    position = cell;
  };
  const charged = () => {
    driveTo(robot.homeCell);
    step += charge;
    used = 0;
  };
  for (const item of robot.work) {
    if (item.kind === 'charge') {
      charged();
      continue;
    }
    if (decideCharge(floor, robot.id, position, robot.homeCell, used, params.maxDistance, item, params.reserveScale) === 'charge-first') charged();
    driveTo(item.pickupCell);
    step += handling;
    driveTo(item.dropoffCell);
    step += handling;
  }
  return step;
}
