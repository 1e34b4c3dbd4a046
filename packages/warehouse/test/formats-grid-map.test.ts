import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEnvironmentRules,
  coverObstacles,
  gridMapTextOf,
  GridMapError,
  importLorrProblem,
  layoutFromGridMapText,
  LorrProblemError,
  parseGridMap,
  skippedLorrTasksText,
  type SkippedLorrTask,
} from '../src/index.ts';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');

function refusal(text: string): string {
  try {
    parseGridMap(text);
  } catch (error) {
    if (error instanceof GridMapError) return error.message;
    throw error;
  }
  throw new Error('the map was accepted');
}

describe('MovingAI grid map', () => {
  it('turns a small warehouse map into shelves: one rectangle per block of obstacles', () => {
    const layout = layoutFromGridMapText(fixture('warehouse-small.map'));
    expect(layout.dimensions).toEqual({ width: 10, height: 7 });
    expect(layout.elements.shelves).toEqual([
      { id: 'S1', position: [1, 1], size: [4, 2] },
      { id: 'S2', position: [7, 1], size: [2, 2] },
      { id: 'S3', position: [1, 4], size: [3, 1] },
      { id: 'S4', position: [7, 4], size: [2, 1] },
      { id: 'S5', position: [0, 6], size: [2, 1] },
    ]);
    expect(layout.elements.pickups).toEqual([]);
    expect(layout.elements.dropoffs).toEqual([]);
    expect(layout.elements.robot_stations).toEqual([]);
    expect(layout.pickupCandidates.length).toBeGreaterThan(0);
    // A sound floor: what the rules still ask for is only the places a planner adds in the editor.
    expect(checkEnvironmentRules(layout).errors.map((error) => error.rule)).toEqual([
      'no-pickup',
      'no-dropoff',
      'no-robot-station',
    ]);
  });

  it('writes the floor back as a map that reads as the same obstacles', () => {
    const text = fixture('warehouse-small.map');
    const layout = layoutFromGridMapText(text);
    const written = gridMapTextOf(layout);
    expect(written.split('\n').slice(0, 6)).toEqual([
      'type octile',
      'height 7',
      'width 10',
      'map',
      '..........',
      '.@@@@..@@.',
    ]);
    expect(parseGridMap(written).blocked).toEqual(parseGridMap(text).blocked);
  });

  it('refuses a malformed map naming the line', () => {
    const good = fixture('warehouse-small.map');
    expect(refusal(good.replace('type octile', 'type hex'))).toBe('line 1: expected `type octile`, found "type hex"');
    expect(refusal(good.replace('height 7', 'height seven'))).toBe(
      'line 2: height must be a whole number of cells above 0, found "seven"',
    );
    expect(refusal(good.replace('width 10', 'size 10'))).toBe('line 3: expected `width N`, found "size 10"');
    expect(refusal(good.replace('map\n', 'grid\n'))).toBe('line 4: expected `map`, found "grid"');
    expect(refusal(good.replace('.TTT...OO.', '.TTT...OO'))).toBe(
      'line 9: row 4 has 9 cells, the header says width 10',
    );
    expect(refusal(good.replace('G.........', 'G....X....'))).toBe(
      'line 10: unknown cell character "X" at column 5 of row 5',
    );
    expect(refusal(good.replace('height 7', 'height 8'))).toBe('line 12: the header says 8 rows, the map has 7');
    expect(refusal(`${good}..........\n`)).toBe('line 12: the header says 7 rows, the map has 8');
  });

  it('refuses a map with no free cell', () => {
    expect(refusal('type octile\nheight 5\nwidth 5\nmap\n@@@@@\n@@@@@\nTTTTT\n@@@@@\nOOOOO\n')).toBe(
      'the map has no free cell: robots could not stand anywhere',
    );
  });

  it('refuses a map larger than an environment may be, naming the header line', () => {
    const row = '.'.repeat(501);
    expect(() => layoutFromGridMapText(`type octile\nheight 5\nwidth 501\nmap\n${`${row}\n`.repeat(5)}`)).toThrow(
      "line 3: the map's width is 501 cells; an environment's sides are 5 to 500 cells",
    );
  });

  it('covers exactly the obstacle cells with non-overlapping rectangles (random maps)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.boolean(), { minLength: 144, maxLength: 144 }),
        (width, height, cells) => {
          const blocked = Uint8Array.from({ length: width * height }, (_, k) => (cells[k] ? 1 : 0));
          const seen = new Uint8Array(width * height);
          for (const rectangle of coverObstacles({ width, height, blocked })) {
            for (let y = rectangle.y; y < rectangle.y + rectangle.height; y++) {
              for (let x = rectangle.x; x < rectangle.x + rectangle.width; x++) {
                expect(blocked[y * width + x]).toBe(1);
                expect(seen[y * width + x]).toBe(0);
                seen[y * width + x] = 1;
              }
            }
          }
          expect(seen).toEqual(blocked);
        },
      ),
    );
  });
});

const lorrFiles = () => ({
  problem: fixture('lorr-small/small-example_2.json'),
  map: fixture('lorr-small/maps/small.map'),
  agents: fixture('lorr-small/agents/small_2.agents'),
  tasks: fixture('lorr-small/tasks/small_5.tasks'),
});

describe('League of Robot Runners problem', () => {
  it('turns agents into stations, errands into pickups and dropoffs, tasks into orders', () => {
    const imported = importLorrProblem(lorrFiles());
    const { elements } = imported.layout;
    expect(elements.shelves).toEqual([{ id: 'S1', position: [1, 1], size: [6, 1] }]);
    expect(elements.robot_stations).toEqual([
      { id: 'R1', position: [0.5, 0.5], robot_count: 1 },
      { id: 'R2', position: [7.5, 0.5], robot_count: 1 },
    ]);
    expect(elements.robots.map((robot) => robot.id)).toEqual(['R1_1', 'R2_1']);
    // Cells 17, 20, 18 (row 2: columns 1, 4, 2) are served from the shelf's bottom side.
    expect(elements.pickups).toEqual([
      { id: 'P10', position: [4.5, 2], shelf_id: 'S1', side: 'bottom' },
      { id: 'P12', position: [2.5, 2], shelf_id: 'S1', side: 'bottom' },
      { id: 'P13', position: [1.5, 2], shelf_id: 'S1', side: 'bottom' },
    ]);
    // Cells 33 and 38: row 4, columns 1 and 6.
    expect(elements.dropoffs).toEqual([
      { id: 'D1', position: [1.5, 4.5] },
      { id: 'D2', position: [6.5, 4.5] },
    ]);
    expect(imported.pairs).toEqual([
      ['P13', 'D1'],
      ['P10', 'D2'],
      ['P12', 'D1'],
    ]);
    expect(imported.taskIndex).toEqual([0, 1, 4]);
    expect(imported.skipped).toEqual([
      { task: 2, kind: 'single_errand', reason: 'a single errand: no pickup and dropoff' },
      { task: 3, kind: 'no_shelf', reason: 'its first errand (cell 40) has no shelf beside it to pick from' },
    ]);
    expect(skippedLorrTasksText(imported.skipped)).toBe(
      '2 tasks not carried: task 2, a single errand: no pickup and dropoff; task 3, its first errand (cell 40) has no shelf beside it to pick from',
    );
    expect(checkEnvironmentRules(imported.layout).errors).toEqual([]);
  });

  it('refuses bad files naming the file and the line', () => {
    const refuse = (change: Partial<ReturnType<typeof lorrFiles>>) => {
      try {
        importLorrProblem({ ...lorrFiles(), ...change });
      } catch (error) {
        if (error instanceof LorrProblemError) return error.message;
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refuse({ problem: '{"mapFile": "m.map"}' })).toBe(
      'problem file: agentFile: Invalid input: expected string, received undefined',
    );
    expect(refuse({ map: 'type octile\nheight 6\nwidth 8\nmap\n........\n' })).toBe(
      'maps/small.map: line 6: the header says 6 rows, the map has 1',
    );
    expect(refuse({ agents: '2\n0\n9\n' })).toBe('agents/small_2.agents line 3: agent starts on an obstacle (cell 9)');
    expect(refuse({ agents: '3\n0\n' })).toBe('agents/small_2.agents line 1: says 3 lines follow, the file has 1');
    expect(refuse({ tasks: '1\n17,x\n' })).toBe('tasks/small_5.tasks line 2: "x" is not a cell of the map (0 to 47)');
    expect(refuse({ tasks: '1\n17,48\n' })).toBe('tasks/small_5.tasks line 2: "48" is not a cell of the map (0 to 47)');
  });

  it('skips comment lines (LoRR 2026 files start with one)', () => {
    const imported = importLorrProblem({
      ...lorrFiles(),
      agents: '# version for LoRR 2026\n2\n0\n7\n',
      tasks: '# version for LoRR 2026\n1\n17,33\n',
    });
    expect(imported.pairs).toEqual([['P13', 'D1']]);
  });

  it('says which tasks an import left out: each with its reason when few, counted by reason when many', () => {
    const skip = (task: number, kind: SkippedLorrTask['kind']): SkippedLorrTask => ({ task, kind, reason: kind });
    expect(skippedLorrTasksText([])).toBe('');
    expect(
      skippedLorrTasksText([{ task: 7, kind: 'on_start', reason: "an errand is on a robot's start cell (cell 0)" }]),
    ).toBe("1 task not carried: task 7, an errand is on a robot's start cell (cell 0)");
    // Four: counted by reason, in the order the reasons first appear; a group of up to five names them all.
    expect(
      skippedLorrTasksText([skip(3, 'no_shelf'), skip(5, 'single_errand'), skip(17, 'no_shelf'), skip(40, 'no_shelf')]),
    ).toBe(
      '4 tasks not carried: 3 whose first errand has no shelf beside it to pick from (tasks 3, 17 and 40); 1 with only one errand (task 5)',
    );
    // 1,203 beyond the limit: the first five named, the rest counted.
    const beyond = Array.from({ length: 1_203 }, (_, k) => skip(20_000 + k, 'beyond_limit'));
    expect(skippedLorrTasksText(beyond)).toBe(
      '1,203 tasks not carried: 1,203 beyond the 20,000 orders a task list holds (tasks 20000, 20001, 20002, 20003, 20004 and 1,198 more)',
    );
    // Six in a group: all six named (one more is named, not counted).
    expect(skippedLorrTasksText([1, 2, 3, 4, 5, 6].map((task) => skip(task, 'single_errand')))).toBe(
      '6 tasks not carried: 6 with only one errand (tasks 1, 2, 3, 4, 5 and 6)',
    );
  });
});
