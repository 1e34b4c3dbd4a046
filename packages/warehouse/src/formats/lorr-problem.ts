import { z } from 'zod';
import { layoutFromElements } from '../layout/regenerate.ts';
import type { Dropoff, EditableLayout, Pickup, RobotStation } from '../layout/types.ts';
import { MAX_PAIRS_PER_TASK } from '../records/task.ts';
import { GridMapError, parseGridMap } from './grid-map.ts';
import { layoutFromGridMap, pickupCandidatesByCell } from './grid-map-layout.ts';

/**
 * A League of Robot Runners (LoRR) problem: the JSON input file of its start-kit names a map,
 * an agents file (the robots' start cells) and a tasks file (each task a sequence of errand
 * cells), and the team size. Cells are linear indices `row * width + column` of the map.
 */
export const lorrProblemSchema = z
  .object({
    mapFile: z.string().min(1),
    agentFile: z.string().min(1),
    taskFile: z.string().min(1),
    teamSize: z.number().int().min(1),
    numTasksReveal: z.number().positive().optional(),
  })
  .loose();
export type LorrProblem = z.infer<typeof lorrProblemSchema>;

/** The four files of a problem, as text; the caller reads them (paths are relative to the problem file). */
export interface LorrProblemFiles {
  problem: string;
  map: string;
  agents: string;
  tasks: string;
}

/** Why a LoRR task cannot be an order here. */
export type SkippedLorrTaskKind = 'single_errand' | 'beyond_limit' | 'no_shelf' | 'on_start';

/** A LoRR task this product cannot carry as an order, and why (`reason` names its cell). */
export interface SkippedLorrTask {
  /** Its index in the tasks file (0-based, LoRR's task id). */
  task: number;
  kind: SkippedLorrTaskKind;
  reason: string;
}

/** A kind of skipped task as a group of several reads ("4 tasks whose first errand ..."). */
const SKIPPED_GROUP_TEXT: Record<SkippedLorrTaskKind, string> = {
  single_errand: 'with only one errand',
  beyond_limit: `beyond the ${MAX_PAIRS_PER_TASK.toLocaleString('en-US')} orders a task list holds`,
  no_shelf: 'whose first errand has no shelf beside it to pick from',
  on_start: "with an errand on a robot's start cell",
};

/** Up to this many skipped tasks are each named with their own reason; more are counted by kind. */
const SKIPPED_NAMED_ONE_BY_ONE = 3;
/** A kind's group names this many of its tasks, then counts the rest. */
const SKIPPED_TASKS_NAMED = 5;

/**
 * What an import left out, for the planner who reads the scenario it made: each task with its
 * reason when there are few, else a count per reason with the first tasks of each, e.g. "2 tasks
 * not carried: task 2, a single errand: no pickup and dropoff; task 3, its first errand (cell 40)
 * has no shelf beside it to pick from". Task numbers are the tasks file's (0-based, LoRR's ids).
 * Empty when nothing was left out.
 */
export function skippedLorrTasksText(skipped: readonly SkippedLorrTask[]): string {
  if (skipped.length === 0) return '';
  const count = (n: number) => n.toLocaleString('en-US');
  const head = `${count(skipped.length)} ${skipped.length === 1 ? 'task' : 'tasks'} not carried: `;
  if (skipped.length <= SKIPPED_NAMED_ONE_BY_ONE)
    return head + skipped.map((skip) => `task ${skip.task}, ${skip.reason}`).join('; ');
  const groups = new Map<SkippedLorrTaskKind, number[]>();
  for (const skip of skipped) groups.set(skip.kind, [...(groups.get(skip.kind) ?? []), skip.task]);
  const named = (tasks: number[]) => {
    if (tasks.length === 1) return `task ${tasks[0]}`;
    const shown = tasks.slice(0, tasks.length <= SKIPPED_TASKS_NAMED ? tasks.length - 1 : SKIPPED_TASKS_NAMED);
    const rest = tasks.length - shown.length;
    return `tasks ${shown.join(', ')} and ${rest === 1 ? tasks[tasks.length - 1] : `${count(rest)} more`}`;
  };
  return (
    head +
    [...groups]
      .map(([kind, tasks]) => `${count(tasks.length)} ${SKIPPED_GROUP_TEXT[kind]} (${named(tasks)})`)
      .join('; ')
  );
}

export interface ImportedLorrProblem {
  layout: EditableLayout;
  /** The orders: one `[pickup id, dropoff id]` per carried task, in the tasks file's order. */
  pairs: [string, string][];
  /** For each pair, the index of its task in the tasks file (0-based). */
  taskIndex: number[];
  skipped: SkippedLorrTask[];
  teamSize: number;
}

/** A LoRR file the importer refuses: the message names the file and the line. */
export class LorrProblemError extends Error {
  override name = 'LorrProblemError';
}

/** The lines of an agents or tasks file that carry data: `#` lines are comments (LoRR 2026 heads its files with one). */
function dataLines(text: string): { line: number; text: string }[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter((entry) => entry.text !== '' && !entry.text.startsWith('#'));
}

function cellList(file: string, entry: { line: number; text: string }, cellCount: number): number[] {
  return entry.text.split(',').map((part) => {
    const value = Number(part.trim());
    if (part.trim() === '' || !Number.isInteger(value) || value < 0 || value >= cellCount) {
      throw new LorrProblemError(
        `${file} line ${entry.line}: ${JSON.stringify(part.trim())} is not a cell of the map (0 to ${cellCount - 1})`,
      );
    }
    return value;
  });
}

function countedLines(file: string, text: string): { line: number; text: string }[] {
  const [head, ...rest] = dataLines(text);
  const count = Number(head?.text);
  if (!head || !Number.isInteger(count) || count < 0) {
    throw new LorrProblemError(`${file} line ${head?.line ?? 1}: expected the number of lines that follow`);
  }
  if (rest.length < count) {
    throw new LorrProblemError(`${file} line ${head.line}: says ${count} lines follow, the file has ${rest.length}`);
  }
  return rest.slice(0, count);
}

/**
 * A LoRR problem as a layout and an order list:
 * - the map becomes the layout (`layoutFromGridMap`);
 * - the first `teamSize` agents' start cells become robot stations `R1..` (one per cell, a
 *   robot per agent starting there), in the agents file's order;
 * - each task's first errand becomes a pickup (the candidate served from that cell: the cell
 *   must lie beside a shelf) and its last errand a dropoff `D1..` (one per cell); errands in
 *   between are not carried (an order here is one pickup and one dropoff).
 * Tasks that cannot be an order are skipped with the reason (a single errand, a first errand with
 * no shelf beside it, an errand on a robot's start cell); at most `MAX_PAIRS_PER_TASK` orders
 * are taken. Bad files are refused naming the file and line; a blocked start or errand cell too.
 */
export function importLorrProblem(files: LorrProblemFiles): ImportedLorrProblem {
  let raw: unknown;
  try {
    raw = JSON.parse(files.problem);
  } catch (error) {
    throw new LorrProblemError(`problem file: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = lorrProblemSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LorrProblemError(`problem file: ${issue?.path.join('.') || 'body'}: ${issue?.message}`);
  }
  const problem = parsed.data;
  let map: ReturnType<typeof parseGridMap>;
  let layout: EditableLayout;
  try {
    map = parseGridMap(files.map);
    layout = layoutFromGridMap(map);
  } catch (error) {
    if (error instanceof GridMapError) throw new LorrProblemError(`${problem.mapFile}: ${error.message}`);
    throw error;
  }
  const cellCount = map.width * map.height;
  const position = (cell: number): [number, number] => [(cell % map.width) + 0.5, Math.floor(cell / map.width) + 0.5];

  const agentLines = countedLines(problem.agentFile, files.agents);
  if (agentLines.length < problem.teamSize) {
    throw new LorrProblemError(
      `${problem.agentFile}: teamSize is ${problem.teamSize}, the file has ${agentLines.length} agents`,
    );
  }
  const stations: RobotStation[] = [];
  const stationOfCell = new Map<number, RobotStation>();
  for (const entry of agentLines.slice(0, problem.teamSize)) {
    const [cell] = cellList(problem.agentFile, entry, cellCount);
    if (cell === undefined) continue;
    if (map.blocked[cell] === 1) {
      throw new LorrProblemError(`${problem.agentFile} line ${entry.line}: agent starts on an obstacle (cell ${cell})`);
    }
    const station = stationOfCell.get(cell);
    if (station) {
      if (station.robot_count >= 10) {
        throw new LorrProblemError(
          `${problem.agentFile} line ${entry.line}: more than 10 agents start on cell ${cell}`,
        );
      }
      station.robot_count += 1;
    } else {
      const created = { id: `R${stations.length + 1}`, position: position(cell), robot_count: 1 };
      stations.push(created);
      stationOfCell.set(cell, created);
    }
  }

  const candidates = pickupCandidatesByCell(layout);
  const pickups = new Map<string, Pickup>();
  const dropoffs: Dropoff[] = [];
  const dropoffOfCell = new Map<number, Dropoff>();
  const pairs: [string, string][] = [];
  const taskIndex: number[] = [];
  const skipped: SkippedLorrTask[] = [];
  countedLines(problem.taskFile, files.tasks).forEach((entry, index) => {
    const errands = cellList(problem.taskFile, entry, cellCount);
    const blocked = errands.find((cell) => map.blocked[cell] === 1);
    if (blocked !== undefined) {
      throw new LorrProblemError(`${problem.taskFile} line ${entry.line}: errand on an obstacle (cell ${blocked})`);
    }
    const first = errands[0];
    const last = errands[errands.length - 1];
    if (first === undefined || last === undefined || errands.length < 2) {
      skipped.push({ task: index, kind: 'single_errand', reason: 'a single errand: no pickup and dropoff' });
      return;
    }
    if (pairs.length >= MAX_PAIRS_PER_TASK) {
      skipped.push({ task: index, kind: 'beyond_limit', reason: SKIPPED_GROUP_TEXT.beyond_limit });
      return;
    }
    const pickup = candidates.get(first);
    if (!pickup) {
      skipped.push({
        task: index,
        kind: 'no_shelf',
        reason: `its first errand (cell ${first}) has no shelf beside it to pick from`,
      });
      return;
    }
    const onStation = [first, last].find((cell) => stationOfCell.has(cell));
    if (onStation !== undefined) {
      skipped.push({
        task: index,
        kind: 'on_start',
        reason: `an errand is on a robot's start cell (cell ${onStation})`,
      });
      return;
    }
    pickups.set(pickup.id, pickup);
    let dropoff = dropoffOfCell.get(last);
    if (!dropoff) {
      dropoff = { id: `D${dropoffs.length + 1}`, position: position(last) };
      dropoffs.push(dropoff);
      dropoffOfCell.set(last, dropoff);
    }
    pairs.push([pickup.id, dropoff.id]);
    taskIndex.push(index);
  });

  const selected = layout.pickupCandidates.filter((candidate) => pickups.has(candidate.id));
  const imported = layoutFromElements(layout.dimensions, {
    ...layout.elements,
    robot_stations: stations,
    dropoffs,
    pickups: selected,
  });
  return { layout: imported, pairs, taskIndex, skipped, teamSize: problem.teamSize };
}
