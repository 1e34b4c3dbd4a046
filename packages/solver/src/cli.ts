import { readFile } from 'node:fs/promises';
import {
  ALGORITHMS,
  algorithmByIdOrName,
  SOLVE_PARAMETER_DEFAULTS,
  VDA5050_VERSION,
  type AlgorithmName,
  ROBOT_MODEL_NAMES_TEXT,
  type RobotModelPresetName,
  robotModelPresetByName,
} from '@fleetlab/warehouse';
import { InfeasibleDeliveryError, InvalidProblemError } from './problem/errors.ts';
import { checkPlan } from './plan/plan-checker.ts';
import { buildProblem } from './problem/problem.ts';
import { solve } from './solve.ts';
import { writeVda5050Files } from './vda5050-files.ts';
import type { DistanceModel, ProblemInput } from './problem/problem-input.ts';

export const USAGE = `Usage: fleetlab-solve INSTANCE.json --algorithm NAME [--time-limit S] [--seed N] [--distances floor|graph] [--robot-model NAME] [--summary] [--export vda5050 DIR]

Solves an instance file ({ environment, tasks, params }) and prints { results, stats } as JSON,
the shape of a solve record: results maps robot ids to steps, stats holds the figures.
  --algorithm NAME   one of ${ALGORITHMS.map((a) => a.name).join(', ')} (or its id 1-7)
  --time-limit S     seconds for genetic and makespan (default: the instance's time_limit)
  --seed N           seed of the random generator (default 1)
  --distances MODEL  floor (default): legs are walks on the floor robots drive, as the product plans;
                     graph: the spec's straight navigation-graph edges, to compare with tools that use them
  --robot-model NAME how the robots move, one of ${ROBOT_MODEL_NAMES_TEXT} (default: the instance's, else point)
  --summary          print one line of metrics instead of the JSON
  --export vda5050 DIR  also write the plan as VDA 5050 ${VDA5050_VERSION} orders into DIR, one file per robot and trip
                     (ROBOT-k.json); positions in the layout's metres, on the floor's walks
`;

interface Writable {
  write(chunk: string): unknown;
}

interface CliArguments {
  instance: string;
  /** The algorithm named by --algorithm (a name or an id). */
  algorithm: AlgorithmName;
  timeLimitS?: number;
  seed?: number;
  distances: DistanceModel;
  robotModel?: RobotModelPresetName;
  summary: boolean;
  /** Where to write the plan's VDA 5050 orders (`--export vda5050 DIR`). */
  vda5050Directory?: string;
}

function parseArguments(argv: string[]): CliArguments | string {
  let instance: string | undefined;
  let algorithm: string | undefined;
  let timeLimitS: number | undefined;
  let seed: number | undefined;
  let distances: DistanceModel = 'floor';
  let robotModel: RobotModelPresetName | undefined;
  let summary = false;
  let vda5050Directory: string | undefined;
  for (let k = 0; k < argv.length; k++) {
    const argument = argv[k];
    const [flag, inline] =
      argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      k++;
      return argv[k];
    };
    switch (flag) {
      case '--algorithm':
      case '-a': {
        const name = value();
        if (!name) return 'Missing value for --algorithm';
        algorithm = name;
        break;
      }
      case '--time-limit': {
        const raw = value();
        const parsed = Number(raw);
        if (raw === undefined || raw === '' || !Number.isFinite(parsed) || parsed <= 0)
          return `--time-limit needs a positive number of seconds, got ${JSON.stringify(raw ?? '')}`;
        timeLimitS = parsed;
        break;
      }
      case '--seed': {
        const raw = value();
        const parsed = Number(raw);
        if (raw === undefined || raw === '' || !Number.isInteger(parsed))
          return `--seed needs an integer, got ${JSON.stringify(raw ?? '')}`;
        seed = parsed;
        break;
      }
      case '--distances': {
        const raw = value();
        if (raw !== 'floor' && raw !== 'graph')
          return `--distances is floor or graph, got ${JSON.stringify(raw ?? '')}`;
        distances = raw;
        break;
      }
      case '--robot-model': {
        const raw = value();
        const preset = raw ? robotModelPresetByName(raw) : undefined;
        if (!preset) return `--robot-model is one of ${ROBOT_MODEL_NAMES_TEXT}, got ${JSON.stringify(raw ?? '')}`;
        robotModel = preset.name;
        break;
      }
      case '--summary':
        summary = true;
        break;
      case '--export': {
        const format = value();
        if (format !== 'vda5050') return `--export writes vda5050, got ${JSON.stringify(format ?? '')}`;
        k++;
        vda5050Directory = argv[k];
        if (vda5050Directory === undefined || vda5050Directory.startsWith('--'))
          return '--export vda5050 needs a directory';
        break;
      }
      case '--help':
      case '-h':
        return '';
      default:
        if (argument.startsWith('-')) return `Unknown option ${argument}`;
        if (instance !== undefined) return `Only one instance file, got ${instance} and ${argument}`;
        instance = argument;
    }
  }
  if (instance === undefined) return 'Missing INSTANCE.json';
  if (algorithm === undefined) return 'Missing --algorithm';
  const described = algorithmByIdOrName(algorithm);
  if (!described) return `Unknown algorithm ${algorithm}`;
  if (vda5050Directory !== undefined && distances !== 'floor')
    return '--export vda5050 needs a plan made on the floor (--distances floor): orders follow its walks';
  return { instance, algorithm: described.name, timeLimitS, seed, distances, robotModel, summary, vda5050Directory };
}

/** Entry point of the fleetlab-solve command; returns the process exit code. */
export async function runCli(argv: string[], stdout: Writable, stderr: Writable): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === 'string') {
    if (parsed) stderr.write(`${parsed}\n\n`);
    stderr.write(USAGE);
    return 2;
  }
  let input: ProblemInput;
  try {
    input = JSON.parse(await readFile(parsed.instance, 'utf8')) as ProblemInput;
  } catch (error) {
    stderr.write(`Cannot read instance ${parsed.instance}: ${(error as Error).message}\n`);
    return 2;
  }
  try {
    const params = parsed.robotModel ? { ...input.params, robot_model: parsed.robotModel } : input.params;
    const problem = buildProblem({ ...input, params, distances: parsed.distances });
    const { results, stats } = solve(problem, {
      algorithm: parsed.algorithm,
      seed: parsed.seed,
      timeLimitS: parsed.timeLimitS,
    });
    if (parsed.vda5050Directory !== undefined) {
      const files = await writeVda5050Files(parsed.vda5050Directory, input.environment, results, {
        maxSpeed: input.params?.robot_speed ?? SOLVE_PARAMETER_DEFAULTS.robot_speed,
        // Orders are handed over now: each is stamped with now plus when its trip sets out.
        start: new Date(),
      });
      stderr.write(`VDA 5050 orders: ${files.length} files in ${parsed.vda5050Directory}\n`);
    }
    if (parsed.summary) {
      const check = checkPlan(problem, results);
      stdout.write(
        `${[
          `instance=${(input as { id?: string }).id ?? parsed.instance}`,
          `algorithm=${stats.algorithm}`,
          `distances=${problem.distanceModel}`,
          `robot_model=${stats.robot_model}`,
          `valid=${check.valid}`,
          `makespan=${stats.makespan_s.toFixed(2)}s`,
          `distance=${stats.total_distance_m.toFixed(2)}m`,
          `recharges=${stats.recharges}`,
          `bound=${stats.lower_bound_s.toFixed(2)}s`,
          `gap=${(stats.gap * 100).toFixed(2)}%`,
          `battery_bound=${stats.lower_bound_battery_s.toFixed(2)}s`,
          `gap_battery=${(stats.gap_battery * 100).toFixed(2)}%`,
          `tightest=${stats.lower_bound_name ?? '-'}`,
          `runtime=${stats.runtime_ms}ms`,
        ].join(' ')}\n`,
      );
    } else {
      stdout.write(`${JSON.stringify({ results, stats }, null, 2)}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof InfeasibleDeliveryError || error instanceof InvalidProblemError) {
      stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
