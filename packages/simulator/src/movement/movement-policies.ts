import { type Floor, type RobotKinematics, speedChangeLossS, type TrafficPolicyName } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import { GuidedPibtPolicy } from './guided-pibt.ts';
import { type GuideTurnCosts, UNIT } from './guide-search.ts';
import { LookaheadPibtPolicy } from './lookahead-pibt.ts';
import type { MovementPolicy } from './movement-policy.ts';
import { PibtPolicy } from './pibt.ts';

/**
 * The walk a robot prefers to its goal when nothing is in its way, for robots with acceleration
 * and turns (their least-time walk, `FloorClock.legCells`); absent for points, which prefer the
 * shortest walks.
 */
export type PreferredWalk = (from: number, goal: number) => readonly number[];

type PolicyClass = new (
  floor: Floor,
  state: FloorTraffic,
  random: () => number,
  preferredWalk?: PreferredWalk,
  turns?: GuideTurnCosts,
) => MovementPolicy;

/** The movement rule behind each traffic policy name of the warehouse's `TRAFFIC_POLICIES`. */
const POLICY_CLASSES: Record<TrafficPolicyName, PolicyClass> = {
  guided: GuidedPibtPolicy,
  lookahead: LookaheadPibtPolicy,
  pibt: PibtPolicy,
};

/**
 * What a change of direction costs a guide path of robots of `model` on a clock of `stepS`
 * seconds a step, in the guide search's units: braking and starting again (the seconds beyond
 * top speed, as `MotionHolds` charges the discrete run) and each quarter turn.
 */
export function guideTurnCosts(model: RobotKinematics, stepS: number): GuideTurnCosts {
  const units = (seconds: number) => Math.round((seconds / stepS) * UNIT);
  const loss = speedChangeLossS(model);
  return {
    change: units(loss.brake + loss.start),
    quarter: units(model.quarterTurnS),
  };
}

/** The movement policy of that name for one run; `turns` for robots with acceleration and turns (`guideTurnCosts`). */
export function createMovementPolicy(
  name: TrafficPolicyName,
  floor: Floor,
  state: FloorTraffic,
  random: () => number,
  preferredWalk?: PreferredWalk,
  turns?: GuideTurnCosts,
): MovementPolicy {
  return new POLICY_CLASSES[name](floor, state, random, preferredWalk, turns);
}
