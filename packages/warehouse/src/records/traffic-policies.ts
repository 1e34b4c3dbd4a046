import { z } from 'zod';

interface TrafficPolicyInfo {
  readonly name: string;
  /** What every screen calls it. */
  readonly label: string;
  /** The solve form's one-line hint. */
  readonly hint: string;
}

/**
 * How robots move on the shared floor when a plan is executed, default first: the one list the
 * simulator, the server and the web read.
 */
export const TRAFFIC_POLICIES = [
  {
    name: 'guided',
    label: 'Congestion-aware',
    hint: 'Each robot follows a guide path that steers around the traffic of the others: opposite streams take different lanes and aisles.',
  },
  {
    name: 'lookahead',
    label: 'Plans a few steps ahead',
    hint: 'Each robot plans its next three steps on its guide path; a robot in the way steps aside where it sees the other coming (in a side pocket), not only back.',
  },
  {
    name: 'pibt',
    label: 'Shortest walks (plain PIBT)',
    hint: 'Each robot takes its shortest walk and gives way by priority. The baseline to compare with.',
  },
] as const satisfies readonly TrafficPolicyInfo[];

export type TrafficPolicyName = (typeof TRAFFIC_POLICIES)[number]['name'];

/** What an execution uses when the solve names no traffic policy. */
export const DEFAULT_TRAFFIC_POLICY: TrafficPolicyName = 'guided';

export const trafficPolicyNameValues = TRAFFIC_POLICIES.map((policy) => policy.name) as [
  TrafficPolicyName,
  ...TrafficPolicyName[],
];

/** The names, for messages: "guided, lookahead, pibt". */
export const TRAFFIC_POLICY_NAMES_TEXT = trafficPolicyNameValues.join(', ');

export const trafficPolicyNameSchema = z.enum(trafficPolicyNameValues, {
  error: `traffic_policy must be one of ${TRAFFIC_POLICY_NAMES_TEXT}`,
});

/** The policy of that name, or undefined when there is none. */
export function trafficPolicyByName(name: string): (typeof TRAFFIC_POLICIES)[number] | undefined {
  return TRAFFIC_POLICIES.find((policy) => policy.name === name);
}
