/**
 * How far back a waiting robot still counts as in a dock's queue: the cell beside the pickup or
 * dropoff it is heading for, or the one behind that (the robot beside it queueing too). Farther
 * back, what keeps it is the aisle: traffic.
 */
export const DOCK_QUEUE_REACH_CELLS = 2;
