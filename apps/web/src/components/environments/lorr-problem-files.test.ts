import { describe, expect, it } from 'vitest';
import { lorrProblemFromFiles } from './lorr-problem-files.ts';

const problem = JSON.stringify({
  mapFile: 'maps/bay.map',
  agentFile: 'agents/bay_1.agents',
  taskFile: 'tasks/bay_2.tasks',
  teamSize: 1,
});
const files = new Map([
  ['bay-example_1.json', problem],
  ['bay.map', 'type octile\nheight 5\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n......\n'],
  ['bay_1.agents', '1\n0\n'],
  ['bay_2.tasks', '2\n13,26\n14\n'],
]);

describe('a LoRR problem chosen in the browser', () => {
  it('finds the files the problem names by their file names and imports them', () => {
    const result = lorrProblemFromFiles(files);
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.name).toBe('bay-example_1');
    expect(result.imported.layout.elements.robot_stations).toEqual([
      { id: 'R1', position: [0.5, 0.5], robot_count: 1 },
    ]);
    // Cell 13 is (1, 2), below the shelf; cell 26 is (2, 4).
    expect(result.imported.pairs).toEqual([['P9', 'D1']]);
    expect(result.imported.skipped).toEqual([
      { task: 1, kind: 'single_errand', reason: 'a single errand: no pickup and dropoff' },
    ]);
  });

  it('names the files the problem needs and were not chosen', () => {
    const partial = new Map(files);
    partial.delete('bay_1.agents');
    partial.delete('bay_2.tasks');
    expect(lorrProblemFromFiles(partial)).toEqual({
      ok: false,
      errors: [
        'bay-example_1.json names agents/bay_1.agents: choose bay_1.agents with it',
        'bay-example_1.json names tasks/bay_2.tasks: choose bay_2.tasks with it',
      ],
    });
  });

  it('refuses a malformed map naming its file and line, and a choice without one problem file', () => {
    const broken = new Map(files).set(
      'bay.map',
      'type octile\nheight 5\nwidth 6\nmap\n......\n.@@@@\n......\n......\n......\n',
    );
    expect(lorrProblemFromFiles(broken)).toEqual({
      ok: false,
      errors: ['maps/bay.map: line 6: row 1 has 5 cells, the header says width 6'],
    });
    expect(lorrProblemFromFiles(new Map([['bay.map', '']]))).toEqual({
      ok: false,
      errors: ['Choose one problem file (.json) with the files it names; got 0 .json files'],
    });
  });
});
