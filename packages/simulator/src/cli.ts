import { readFile } from 'node:fs/promises';
import { buildProblem, InfeasibleDeliveryError, InvalidProblemError, solve } from '@fleetlab/solver';
import { ALGORITHMS, algorithmByIdOrName, DEFAULT_TRAFFIC_POLICY, TRAFFIC_POLICY_NAMES_TEXT, trafficPolicyByName, type FloorEnvironment } from '@fleetlab/warehouse';
import { toDense } from './dense.ts';
import { SimulationError } from './errors.ts';
import { simulate, type SimulationParams } from './simulate.ts';

export const USAGE = `Usage: fleetlab-simulate INSTANCE.json [--algorithm NAME] [--time-limit S] [--chargers K] [--traffic-policy NAME] [--plan RESULTS.json] [--summary | --dense]

Runs a plan with every robot on the floor at once and prints the execution as JSON.
  --algorithm NAME   solve the instance first with this algorithm (default makespan; ids 1-7 work too)
  --time-limit S     seconds for genetic and makespan (default 10)
  --plan FILE        execute this plan instead: a results map, or { "results": ... } as fleetlab-solve prints
  --chargers K       charging points per station (default: one per robot)
  --traffic-policy NAME  how robots move: ${TRAFFIC_POLICY_NAMES_TEXT} (default ${DEFAULT_TRAFFIC_POLICY}, or the instance's traffic_policy)
  --summary          one line: the traffic policy, planned, free-flow and executed makespan, waiting, throughput
  --dense            every robot's cell at every step, deliveries and charges, for other tools
`;

interface Writable {
  write(chunk: string): unknown;
}

interface CliArguments {
  instance: string;
  algorithm: string;
  timeLimitS: number;
  plan?: string;
  chargers?: number;
  trafficPolicy?: string;
  output: 'json' | 'summary' | 'dense';
}

function parseArguments(argv: string[]): CliArguments | string {
  const parsed: Partial<CliArguments> = { algorithm: 'makespan', timeLimitS: 10, output: 'json' };
  for (let k = 0; k < argv.length; k++) {
    const argument = argv[k];
    const [flag, inline] = argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = () => {
      const given = inline ?? argv[++k];
      if (given === undefined) throw new Error(`${flag} needs a value`);
      return given;
    };
    try {
      if (flag === '--algorithm') parsed.algorithm = value();
      else if (flag === '--time-limit') parsed.timeLimitS = Number(value());
      else if (flag === '--plan') parsed.plan = value();
      else if (flag === '--chargers') parsed.chargers = Number(value());
      else if (flag === '--traffic-policy') parsed.trafficPolicy = value();
      else if (flag === '--summary') parsed.output = 'summary';
      else if (flag === '--dense') parsed.output = 'dense';
      else if (flag.startsWith('--')) return `Unknown flag ${flag}`;
      else if (parsed.instance === undefined) parsed.instance = argument;
      else return `Unexpected argument ${argument}`;
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (!parsed.instance) return 'Missing INSTANCE.json';
  if (!algorithmByIdOrName(parsed.algorithm!)) return `Unknown algorithm ${parsed.algorithm}; use one of ${ALGORITHMS.map((a) => a.name).join(', ')}`;
  if (!(parsed.timeLimitS! > 0)) return '--time-limit needs a positive number of seconds';
  if (parsed.chargers !== undefined && !(Number.isInteger(parsed.chargers) && parsed.chargers >= 1)) return '--chargers needs a whole number >= 1';
  if (parsed.trafficPolicy !== undefined && !trafficPolicyByName(parsed.trafficPolicy)) return `Unknown traffic policy ${parsed.trafficPolicy}; use one of ${TRAFFIC_POLICY_NAMES_TEXT}`;
  return parsed as CliArguments;
}

interface InstanceFile {
  id?: string;
  environment: FloorEnvironment & { graph: unknown };
  tasks: [string, string][];
  params?: SimulationParams & Record<string, unknown>;
}

/** Exit codes: 0 done, 1 the plan cannot run (message on stderr), 2 bad arguments or files. */
export async function runCli(argv: string[], stdout: Writable, stderr: Writable): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === 'string') {
    stderr.write(`${parsed}\n\n${USAGE}`);
    return 2;
  }
  let instance: InstanceFile;
  let givenPlan: unknown;
  try {
    instance = JSON.parse(await readFile(parsed.instance, 'utf8'));
    if (parsed.plan) {
      const file = JSON.parse(await readFile(parsed.plan, 'utf8'));
      givenPlan = file && typeof file === 'object' && 'results' in file ? file.results : file;
    }
  } catch (error) {
    stderr.write(`Cannot read ${parsed.plan && instance! ? parsed.plan : parsed.instance}: ${(error as Error).message}\n`);
    return 2;
  }
  const params = {
    ...(instance.params ?? {}),
    ...(parsed.chargers === undefined ? {} : { chargers: parsed.chargers }),
    ...(parsed.trafficPolicy === undefined ? {} : { traffic_policy: parsed.trafficPolicy }),
  };
  try {
    const plan =
      givenPlan ??
      solve(buildProblem({ environment: instance.environment as never, tasks: instance.tasks, params: instance.params as never }), {
        algorithm: algorithmByIdOrName(parsed.algorithm)!.name,
        timeLimitS: parsed.timeLimitS,
      }).results;
    const started = performance.now();
    const execution = simulate(instance.environment, plan, params, { tasks: instance.tasks });
    const runtimeMs = Math.round(performance.now() - started);
    if (parsed.output === 'summary') {
      const totals = execution.totals;
      stdout.write(
        [
          `instance=${instance.id ?? parsed.instance}`,
          `traffic_policy=${params.traffic_policy ?? DEFAULT_TRAFFIC_POLICY}`,
          `planned=${totals.planned_makespan_s.toFixed(2)}s`,
          `free_flow=${totals.free_flow_makespan_s.toFixed(2)}s`,
          `executed=${totals.executed_makespan_s.toFixed(2)}s`,
          `waiting=${totals.waiting_s.toFixed(2)}s`,
          `throughput=${totals.throughput_per_h.toFixed(1)}/h`,
          `extra_charges=${totals.extra_charges}`,
          `runtime=${runtimeMs}ms`,
        ].join(' ') + '\n',
      );
    } else if (parsed.output === 'dense') {
      const robotsPerStation: Record<string, number> = {};
      for (const robot of instance.environment.elements.robots ?? []) robotsPerStation[robot.station_id] = (robotsPerStation[robot.station_id] ?? 0) + 1;
      const chargers = Object.fromEntries(Object.entries(robotsPerStation).map(([station, count]) => [station, params.chargers ?? count]));
      stdout.write(JSON.stringify({ ...toDense(execution, chargers), plan }) + '\n');
    } else {
      stdout.write(JSON.stringify(execution) + '\n');
    }
    return 0;
  } catch (error) {
    if (error instanceof SimulationError || error instanceof InfeasibleDeliveryError || error instanceof InvalidProblemError) {
      stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
