export { Floor, FloorError, pickupCell, UNREACHABLE, type FloorEnvironment } from './floor.ts';
export {
  AUTOMATIC_BATTERY_RESERVE,
  AUTOMATIC_BATTERY_RESERVE_RULE_TEXT,
  automaticBatteryReserve,
  chargersAt,
  resolveFloorParameters,
  stepsFor,
  type FloorParameterInput,
  type FloorParameters,
} from './floor-parameters.ts';
export { ChargerPool } from './charger-pool.ts';
export {
  DockPool,
  dockArrivalTurnSteps,
  dockLeaveSteps,
  dockLeaveStepsTo,
  isDeadEnd,
} from './dock-pool.ts';
export { robotWorkFromPlan, robotsPerStation, type DeliveryWork, type RobotWork, type WorkItem } from './robot-work.ts';
export { freeFlow, type FreeFlowLeg, type FreeFlowRobot } from './free-flow.ts';
export {
  ACTIVITY_CODE,
  ActivityWriter,
  activityAt,
  activitySteps,
  decodeActivities,
  type ActivityInterval,
} from './activities.ts';
export { decodeTimeline, TimelineWriter, timelineVisits } from './timeline-codec.ts';
export { executedTimeSplit, planTimeSplit, solveTimeSplit, type PlanTimeSplit } from './plan-time-split.ts';
