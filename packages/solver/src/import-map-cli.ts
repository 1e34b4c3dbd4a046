import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import {
  buildNavigationGraph,
  GridMapError,
  importLorrProblem,
  layoutFromGridMapText,
  LorrProblemError,
  lorrProblemSchema,
  type EditableLayout,
} from '@fleetlab/warehouse';

export const IMPORT_MAP_USAGE = `Usage: fleetlab-import-map FILE.map | PROBLEM.json

FILE.map       a MovingAI grid map (type octile): prints the environment, the body of
               POST /environments (obstacles as shelves, free cells as floor, with its graph)
PROBLEM.json   a League of Robot Runners problem (mapFile, agentFile, taskFile, teamSize):
               prints an instance { environment, tasks } for fleetlab-solve and fleetlab-simulate
               (agents' start cells as stations, tasks' first and last errands as pickups and
               dropoffs, tasks as orders); tasks it cannot carry are listed on stderr
`;

interface Writable {
  write(chunk: string): unknown;
}

function environmentBody(name: string, description: string, layout: EditableLayout) {
  return {
    name,
    description,
    dimensions: layout.dimensions,
    elements: layout.elements,
    graph: buildNavigationGraph(layout.elements),
  };
}

async function readText(path: string): Promise<string> {
  return readFile(path, 'utf8');
}

/** Entry point of the fleetlab-import-map command; returns the process exit code (2: bad input). */
export async function runImportMapCli(argv: string[], stdout: Writable, stderr: Writable): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    stdout.write(IMPORT_MAP_USAGE);
    return 0;
  }
  const file = argv[0];
  if (argv.length !== 1 || file === undefined || file.startsWith('-')) {
    stderr.write(`Give one FILE.map or PROBLEM.json\n\n${IMPORT_MAP_USAGE}`);
    return 2;
  }
  const name = basename(file, extname(file));
  try {
    if (extname(file).toLowerCase() === '.json') {
      const problem = await readText(file);
      const parsed = lorrProblemSchema.safeParse(JSON.parse(problem));
      // Paths in a problem file are relative to it (the start-kit's rule).
      const near = (path: unknown) => readText(resolve(dirname(file), String(path)));
      const data = parsed.success ? parsed.data : null;
      const imported = importLorrProblem({
        problem,
        map: data ? await near(data.mapFile) : '',
        agents: data ? await near(data.agentFile) : '',
        tasks: data ? await near(data.taskFile) : '',
      });
      for (const skip of imported.skipped) stderr.write(`task ${skip.task} not imported: ${skip.reason}\n`);
      stdout.write(
        `${JSON.stringify({
          id: name,
          environment: environmentBody(
            name,
            `Imported from the League of Robot Runners problem ${basename(file)}`,
            imported.layout,
          ),
          tasks: imported.pairs,
        })}\n`,
      );
      return 0;
    }
    const layout = layoutFromGridMapText(await readText(file));
    stdout.write(`${JSON.stringify(environmentBody(name, `Imported from the grid map ${basename(file)}`, layout))}\n`);
    return 0;
  } catch (error) {
    if (error instanceof GridMapError || error instanceof LorrProblemError) {
      stderr.write(`${file}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code !== undefined) {
      stderr.write(`Cannot read ${file}: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}
