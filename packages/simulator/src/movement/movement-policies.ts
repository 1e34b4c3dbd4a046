import type { Floor, TrafficPolicyName } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import { GuidedPibtPolicy } from './guided-pibt.ts';
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
) => MovementPolicy;

/** The movement rule behind each traffic policy name of the warehouse's `TRAFFIC_POLICIES`. */
const POLICY_CLASSES: Record<TrafficPolicyName, PolicyClass> = {
  guided: GuidedPibtPolicy,
  lookahead: LookaheadPibtPolicy,
  pibt: PibtPolicy,
};

/** The movement policy of that name for one run. */
export function createMovementPolicy(
  name: TrafficPolicyName,
  floor: Floor,
  state: FloorTraffic,
  random: () => number,
  preferredWalk?: PreferredWalk,
): MovementPolicy {
  return new POLICY_CLASSES[name](floor, state, random, preferredWalk);
}
