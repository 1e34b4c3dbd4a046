import { createEmptyLayout, layoutFromElements } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import {
  dragDirection,
  dragOutcome,
  editorReducer,
  HISTORY_LIMIT,
  initialEditorState,
  layoutCounts,
  type EditorAction,
  type EditorState,
  type EditorTool,
} from './editor-state.ts';

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

function drag(tool: EditorTool, from: [number, number], to: [number, number]): EditorAction[] {
  return [
    { type: 'setTool', tool },
    { type: 'dragStart', cell: { x: from[0], y: from[1] } },
    { type: 'dragMove', cell: { x: to[0], y: to[1] } },
    { type: 'dragEnd', cell: { x: to[0], y: to[1] } },
  ];
}

function click(tool: EditorTool, cell: [number, number]): EditorAction[] {
  return drag(tool, cell, cell);
}

/** An empty 10 x 10 grid, one robot per station. */
function emptyTenByTen(): EditorState {
  return initialEditorState({
    layout: createEmptyLayout({ width: 10, height: 10 }),
    robotsPerStation: 1,
    chargersPerStation: null,
  });
}

/** The 10 x 10 grid with shelf S1 covering cells (2,3) and (3,3). */
function withOneShelf(): EditorState {
  return run(emptyTenByTen(), ...drag('shelf', [2, 3], [3, 3]));
}

describe('editorReducer: shelves', () => {
  it('draws a shelf from the drag start cell to the release cell and regenerates pickups and navigation points', () => {
    const state = withOneShelf();
    const { elements, pickupCandidates } = state.document.layout;
    expect(elements.shelves).toEqual([{ id: 'S1', position: [2, 3], size: [2, 1] }]);
    expect(pickupCandidates.map((pickup) => [pickup.id, pickup.side, pickup.position])).toEqual([
      ['P1', 'top', [2.5, 3]],
      ['P2', 'top', [3.5, 3]],
      ['P3', 'right', [4, 3.5]],
      ['P4', 'bottom', [3.5, 4]],
      ['P5', 'bottom', [2.5, 4]],
      ['P6', 'left', [2, 3.5]],
    ]);
    expect(elements.pickups).toEqual([]);
    expect(elements.navigation_points.map((point) => point.position)).toEqual([
      [1.5, 2.5],
      [4.5, 2.5],
      [4.5, 4.5],
      [1.5, 4.5],
    ]);
    expect(state.notice).toEqual({ tone: 'info', text: 'Added shelf S1 (2x1)' });
    expect(state.past).toHaveLength(1);
    expect(state.drag).toBeNull();
  });

  it('draws in any drag direction', () => {
    const state = run(emptyTenByTen(), ...drag('shelf', [4, 6], [2, 5]));
    expect(state.document.layout.elements.shelves).toEqual([{ id: 'S1', position: [2, 5], size: [3, 2] }]);
  });

  it('shows a valid (blue) preview while dragging over free cells', () => {
    const state = run(
      emptyTenByTen(),
      { type: 'setTool', tool: 'shelf' },
      { type: 'dragStart', cell: { x: 1, y: 1 } },
      {
        type: 'dragMove',
        cell: { x: 2, y: 3 },
      },
    );
    expect(dragOutcome(state)).toEqual({
      preview: { rect: { x: 1, y: 1, width: 2, height: 3 }, valid: true, kind: 'place' },
      refusal: null,
    });
  });

  it('refuses an overlapping shelf: red preview while dragging, nothing placed on release, reason shown', () => {
    const dragging = run(
      withOneShelf(),
      { type: 'dragStart', cell: { x: 3, y: 2 } },
      { type: 'dragMove', cell: { x: 4, y: 4 } },
    );
    expect(dragOutcome(dragging)).toEqual({
      preview: { rect: { x: 3, y: 2, width: 2, height: 3 }, valid: false, kind: 'place' },
      refusal: 'Shelf overlaps shelf S1',
    });
    const released = editorReducer(dragging, { type: 'dragEnd' });
    expect(released.document).toBe(dragging.document);
    expect(released.past).toHaveLength(1);
    expect(released.notice).toEqual({ tone: 'error', text: 'Shelf overlaps shelf S1' });
    expect(released.drag).toBeNull();
  });

  it('allows a shelf that only touches another', () => {
    const state = run(withOneShelf(), ...drag('shelf', [4, 3], [4, 5]));
    expect(state.document.layout.elements.shelves.map((shelf) => shelf.id)).toEqual(['S1', 'S2']);
  });

  it('clamps a drag that leaves the grid to the edge cells', () => {
    const state = run(emptyTenByTen(), ...drag('shelf', [8, 8], [14, 12]));
    expect(state.document.layout.elements.shelves).toEqual([{ id: 'S1', position: [8, 8], size: [2, 2] }]);
  });
});

describe('editorReducer: dropoffs and robot stations', () => {
  it('places a dropoff at the centre of the released cell', () => {
    const state = run(withOneShelf(), ...click('dropoff', [5, 6]));
    expect(state.document.layout.elements.dropoffs).toEqual([{ id: 'D1', position: [5.5, 6.5] }]);
    expect(state.notice).toEqual({ tone: 'info', text: 'Added dropoff D1' });
  });

  it('refuses a dropoff on a shelf cell with the reason', () => {
    const before = withOneShelf();
    const state = run(before, ...click('dropoff', [3, 3]));
    expect(state.document.layout.elements.dropoffs).toEqual([]);
    expect(state.notice).toEqual({ tone: 'error', text: 'Cannot place on shelf S1' });
    expect(state.past).toHaveLength(1);
  });

  it('places a robot station with robots per station robots at its position', () => {
    const state = run(emptyTenByTen(), { type: 'setRobotsPerStation', count: 3 }, ...click('robot_station', [0, 9]));
    const { elements } = state.document.layout;
    expect(elements.robot_stations).toEqual([{ id: 'R1', position: [0.5, 9.5], robot_count: 3 }]);
    expect(elements.robots).toEqual([
      { id: 'R1_1', station_id: 'R1', position: [0.5, 9.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 9.5], station_index: 1 },
      { id: 'R1_3', station_id: 'R1', position: [0.5, 9.5], station_index: 2 },
    ]);
    expect(state.notice).toEqual({ tone: 'info', text: 'Added robot station R1 with 3 robots' });
  });

  it('applies a new robots-per-station setting to the stations already placed', () => {
    const state = run(emptyTenByTen(), ...click('robot_station', [0, 0]), ...click('robot_station', [9, 0]), {
      type: 'setRobotsPerStation',
      count: 2,
    });
    const { elements } = state.document.layout;
    expect(elements.robot_stations.map((station) => station.robot_count)).toEqual([2, 2]);
    expect(elements.robots.map((robot) => robot.id)).toEqual(['R1_1', 'R1_2', 'R2_1', 'R2_2']);
    expect(state.document.robotsPerStation).toBe(2);
  });

  it('gives every station the chargers per station setting, and takes it off again for one per robot', () => {
    const placed = run(emptyTenByTen(), ...click('robot_station', [0, 0]), {
      type: 'setChargersPerStation',
      count: 3,
    });
    const state = run(placed, ...click('robot_station', [9, 0]));
    expect(state.document.chargersPerStation).toBe(3);
    expect(state.document.layout.elements.robot_stations).toEqual([
      { id: 'R1', position: [0.5, 0.5], robot_count: 1, chargers: 3 },
      { id: 'R2', position: [9.5, 0.5], robot_count: 1, chargers: 3 },
    ]);
    // Robots per station leaves the chargers as they are.
    const moreRobots = run(state, { type: 'setRobotsPerStation', count: 4 });
    expect(moreRobots.document.layout.elements.robot_stations.map((station) => station.chargers)).toEqual([3, 3]);

    const onePerRobot = run(state, { type: 'setChargersPerStation', count: null });
    expect(onePerRobot.document.chargersPerStation).toBeNull();
    expect(onePerRobot.document.layout.elements.robot_stations).toEqual([
      { id: 'R1', position: [0.5, 0.5], robot_count: 1 },
      { id: 'R2', position: [9.5, 0.5], robot_count: 1 },
    ]);
    expect(run(onePerRobot, { type: 'undo' }).document).toEqual(state.document);
  });

  it('gives a new station the setting without touching the chargers of stations already there', () => {
    const drawn = run(emptyTenByTen(), ...click('robot_station', [0, 0]), ...click('robot_station', [9, 0]));
    const [first, second] = drawn.document.layout.elements.robot_stations;
    const mixed = {
      ...drawn.document.layout,
      elements: {
        ...drawn.document.layout.elements,
        robot_stations: [
          { ...first, chargers: 2 },
          { ...second, chargers: 5 },
        ],
      },
    };
    const opened = run(emptyTenByTen(), { type: 'importLayout', layout: mixed, robotsPerStation: 1 });
    expect(opened.document.chargersPerStation).toBe(2);
    const state = run(opened, ...click('robot_station', [0, 9]));
    expect(state.document.layout.elements.robot_stations.map((station) => station.chargers)).toEqual([2, 5, 2]);
  });

  it('reads the chargers setting of an imported layout from its stations', () => {
    const drawn = run(emptyTenByTen(), { type: 'setChargersPerStation', count: 2 }, ...click('robot_station', [0, 0]));
    const state = run(emptyTenByTen(), { type: 'importLayout', layout: drawn.document.layout, robotsPerStation: 1 });
    expect(state.document.chargersPerStation).toBe(2);
  });

  it('refuses a shelf drawn over a dropoff', () => {
    const state = run(emptyTenByTen(), ...click('dropoff', [2, 2]), ...drag('shelf', [1, 1], [3, 3]));
    expect(state.document.layout.elements.shelves).toEqual([]);
    expect(state.notice).toEqual({ tone: 'error', text: 'Shelf would cover D1' });
  });
});

describe('editorReducer: pickup selection', () => {
  it('toggles the pickup within 0.3 of a cell of the click and ignores clicks further away', () => {
    const base = run(withOneShelf(), { type: 'setTool', tool: 'pickup_select' });
    const selected = editorReducer(base, { type: 'togglePickupAt', point: { x: 2.5 + 0.29, y: 3 } });
    expect(selected.document.layout.elements.pickups.map((pickup) => pickup.id)).toEqual(['P1']);
    expect(selected.notice).toEqual({ tone: 'info', text: 'Selected pickup P1' });

    const missed = editorReducer(base, { type: 'togglePickupAt', point: { x: 2.5, y: 3 - 0.31 } });
    expect(missed.document).toBe(base.document);
    expect(missed.notice).toEqual({ tone: 'info', text: 'No pickup point there' });

    const deselected = editorReducer(selected, { type: 'togglePickupAt', point: { x: 2.5, y: 3 } });
    expect(deselected.document.layout.elements.pickups).toEqual([]);
    expect(deselected.notice).toEqual({ tone: 'info', text: 'Deselected pickup P1' });
  });

  it('keeps the selection in candidate order', () => {
    const state = run(
      withOneShelf(),
      { type: 'togglePickupAt', point: { x: 2, y: 3.5 } },
      { type: 'togglePickupAt', point: { x: 3.5, y: 3 } },
    );
    expect(state.document.layout.elements.pickups.map((pickup) => pickup.id)).toEqual(['P2', 'P6']);
  });

  it('selects all pickups, and clears the selection', () => {
    const all = editorReducer(withOneShelf(), { type: 'selectAllPickups' });
    expect(all.document.layout.elements.pickups.map((pickup) => pickup.id)).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
    ]);
    expect(all.notice).toEqual({ tone: 'info', text: 'Selected all 6 pickup points' });
    expect(editorReducer(all, { type: 'selectAllPickups' })).toBe(all);
    const cleared = editorReducer(all, { type: 'clearPickupSelection' });
    expect(cleared.document.layout.elements.pickups).toEqual([]);
  });

  it('resets the selection when shelves change', () => {
    const state = run(withOneShelf(), { type: 'selectAllPickups' }, ...drag('shelf', [6, 6], [6, 7]));
    expect(state.document.layout.elements.pickups).toEqual([]);
    expect(state.document.layout.pickupCandidates).toHaveLength(12);
  });

  it('does not start drags in the pan and pickup tools', () => {
    for (const tool of ['select', 'pickup_select'] as const) {
      const state = run(emptyTenByTen(), { type: 'setTool', tool }, { type: 'dragStart', cell: { x: 1, y: 1 } });
      expect(state.drag).toBeNull();
    }
  });
});

describe('editorReducer: erase', () => {
  it('removes shelves overlapping the rectangle and points inside it, clearing derived points and the selection', () => {
    const drawn = run(withOneShelf(), ...click('dropoff', [3, 5]), ...click('robot_station', [8, 8]), {
      type: 'selectAllPickups',
    });
    const erased = run(drawn, ...drag('erase', [3, 3], [3, 5]));
    const { elements, pickupCandidates } = erased.document.layout;
    expect(elements.shelves).toEqual([]);
    expect(elements.dropoffs).toEqual([]);
    expect(elements.robot_stations.map((station) => station.id)).toEqual(['R1']);
    expect(elements.robots.map((robot) => robot.id)).toEqual(['R1_1']);
    expect(pickupCandidates).toEqual([]);
    expect(elements.pickups).toEqual([]);
    expect(elements.navigation_points).toEqual([]);
    expect(erased.notice).toEqual({ tone: 'info', text: 'Erased 2 elements' });
  });

  it('shows an erase preview (dashed, never refused) while dragging', () => {
    const state = run(
      withOneShelf(),
      { type: 'setTool', tool: 'erase' },
      { type: 'dragStart', cell: { x: 0, y: 0 } },
      {
        type: 'dragMove',
        cell: { x: 1, y: 1 },
      },
    );
    expect(dragOutcome(state)?.preview).toEqual({
      rect: { x: 0, y: 0, width: 2, height: 2 },
      valid: true,
      kind: 'erase',
    });
  });

  it('records nothing when the rectangle holds nothing', () => {
    const before = withOneShelf();
    const state = run(before, ...drag('erase', [7, 7], [9, 9]));
    expect(state.document).toBe(before.document);
    expect(state.past).toHaveLength(1);
    expect(state.notice).toEqual({ tone: 'info', text: 'Nothing to erase there' });
  });
});

describe('editorReducer: undo and redo', () => {
  it('undoes and redoes layouts in order, and a new edit drops the redo stack', () => {
    const drawn = run(withOneShelf(), ...click('dropoff', [6, 6]));
    const undone = editorReducer(drawn, { type: 'undo' });
    expect(undone.document.layout.elements.dropoffs).toEqual([]);
    expect(undone.document.layout.elements.shelves).toHaveLength(1);
    const undoneTwice = editorReducer(undone, { type: 'undo' });
    expect(layoutCounts(undoneTwice.document.layout).shelves).toBe(0);
    expect(editorReducer(undoneTwice, { type: 'undo' })).toBe(undoneTwice);

    const redone = run(undoneTwice, { type: 'redo' }, { type: 'redo' });
    expect(redone.document).toBe(drawn.document);
    expect(editorReducer(redone, { type: 'redo' })).toBe(redone);

    const branched = run(undone, ...click('dropoff', [0, 0]));
    expect(branched.future).toEqual([]);
    expect(branched.document.layout.elements.dropoffs).toEqual([{ id: 'D1', position: [0.5, 0.5] }]);
  });

  it('undoes a robots-per-station change together with its robots', () => {
    const state = run(
      emptyTenByTen(),
      ...click('robot_station', [0, 0]),
      { type: 'setRobotsPerStation', count: 4 },
      { type: 'undo' },
    );
    expect(state.document.robotsPerStation).toBe(1);
    expect(state.document.layout.elements.robots).toHaveLength(1);
  });

  it(`keeps at most ${HISTORY_LIMIT} undo steps`, () => {
    // One dropoff a cell: a cell holds one dropoff at most.
    let state = initialEditorState({
      layout: createEmptyLayout({ width: 20, height: 20 }),
      robotsPerStation: 1,
      chargersPerStation: null,
    });
    for (let index = 0; index < HISTORY_LIMIT + 5; index++) {
      state = run(state, ...click('dropoff', [index % 20, Math.floor(index / 20)]));
    }
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(state.past[0].layout.elements.dropoffs).toHaveLength(5);
  });
});

describe('editorReducer: dimensions, templates, import', () => {
  it('regenerates pickups when the dimensions change and resets the selection', () => {
    // Shelf S1 at (8,3) 2x1 on a 10-wide grid: its right pickup (x = 10) is on the border, so dropped.
    const drawn = run(emptyTenByTen(), ...drag('shelf', [8, 3], [9, 3]), { type: 'selectAllPickups' });
    expect(drawn.document.layout.pickupCandidates).toHaveLength(5);
    const widened = editorReducer(drawn, { type: 'setDimensions', dimensions: { width: 12, height: 10 } });
    expect(widened.document.layout.dimensions).toEqual({ width: 12, height: 10 });
    expect(widened.document.layout.pickupCandidates).toHaveLength(6);
    expect(widened.document.layout.elements.pickups).toEqual([]);
    const narrowed = editorReducer(widened, { type: 'setDimensions', dimensions: { width: 9, height: 10 } });
    expect(narrowed.document.layout.elements.shelves).toEqual([]);
    expect(editorReducer(narrowed, { type: 'setDimensions', dimensions: { width: 9, height: 10 } })).toBe(narrowed);
  });

  it('fills an area with rows of shelves and aisles from the template', () => {
    const state = editorReducer(emptyTenByTen(), {
      type: 'applyShelfRows',
      template: { area: { position: [0, 0], size: [10, 10] }, shelfLength: 3, shelfDepth: 1, aisleWidth: 1 },
    });
    const shelves = state.document.layout.elements.shelves;
    expect(shelves).toHaveLength(10);
    expect(shelves[0]).toEqual({ id: 'S1', position: [0, 0], size: [1, 3] });
    expect(shelves[9]).toEqual({ id: 'S10', position: [8, 4], size: [1, 3] });
    expect(state.notice).toEqual({ tone: 'info', text: 'Added 10 shelves from the template' });
  });

  it('refuses a template that fits no shelf', () => {
    const state = editorReducer(withOneShelf(), {
      type: 'applyShelfRows',
      template: { area: { position: [2, 3], size: [2, 1] }, shelfLength: 2, shelfDepth: 1, aisleWidth: 1 },
    });
    expect(state.document.layout.elements.shelves).toHaveLength(1);
    expect(state.notice).toEqual({ tone: 'error', text: 'No shelf of the template fits in that area' });
  });

  it('makes the template one-lane aisles one-way in one undoable step, and refuses to do it twice', () => {
    // The template above: 1 x 3 shelves on columns 0, 2, 4, 6 and 8 over rows 0-2 and 4-6. Between
    // them and beside the floor's right edge, columns 1, 3, 5, 7 and 9 are one lane wide. Over rows
    // 4-6 each is open at both ends (rows 3 and 7); over rows 0-2 the floor's top edge closes them,
    // dead ends that stay two-way.
    const shelves = editorReducer(emptyTenByTen(), {
      type: 'applyShelfRows',
      template: { area: { position: [0, 0], size: [10, 10] }, shelfLength: 3, shelfDepth: 1, aisleWidth: 1 },
    });
    const lanes = editorReducer(shelves, { type: 'addOneWayLanes' });
    const aisles = lanes.document.layout.elements.one_way_aisles ?? [];
    expect(
      aisles.map((aisle) => `${aisle.id} ${aisle.position.join(',')} ${aisle.size.join('x')} ${aisle.direction}`),
    ).toEqual(['W1 1,4 1x3 down', 'W2 3,4 1x3 up', 'W3 5,4 1x3 down', 'W4 7,4 1x3 up', 'W5 9,4 1x3 down']);
    expect(lanes.notice).toEqual({ tone: 'info', text: 'Made 5 one-lane aisles one-way, alternating lane by lane' });
    expect(editorReducer(lanes, { type: 'undo' }).document.layout.elements.one_way_aisles).toBeUndefined();
    expect(editorReducer(lanes, { type: 'addOneWayLanes' }).notice).toEqual({
      tone: 'error',
      text: 'Every one-lane aisle between shelves is one-way already',
    });
  });

  it('imports a layout as one undoable step', () => {
    const imported = layoutFromElements(
      { width: 8, height: 8 },
      {
        shelves: [{ id: 'S1', position: [1, 1], size: [1, 1] }],
        dropoffs: [],
        robot_stations: [],
        pickups: [],
        robots: [],
        navigation_points: [],
      },
    );
    const state = editorReducer(withOneShelf(), { type: 'importLayout', layout: imported, robotsPerStation: 2 });
    expect(state.document).toEqual({ layout: imported, robotsPerStation: 2, chargersPerStation: null });
    expect(editorReducer(state, { type: 'undo' }).document.layout.dimensions).toEqual({ width: 10, height: 10 });
  });

  it('clears the layout but keeps the grid size', () => {
    const state = run(withOneShelf(), { type: 'clearLayout' });
    expect(layoutCounts(state.document.layout)).toEqual({
      shelves: 0,
      dropoffs: 0,
      robotStations: 0,
      robots: 0,
      pickupCandidates: 0,
      selectedPickups: 0,
      navigationPoints: 0,
      oneWayAisles: 0,
      keepClearCells: 0,
    });
    expect(state.document.layout.dimensions).toEqual({ width: 10, height: 10 });
  });
});

describe('editorReducer: traffic rules', () => {
  /** The 10 x 10 grid with shelf S1 over (2-3, 3), station R1 at (0, 0) and dropoff D1 at (9, 9). */
  function withPlaces(): EditorState {
    return run(withOneShelf(), ...click('robot_station', [0, 0]), ...click('dropoff', [9, 9]));
  }

  it('takes a one-way aisle its direction from the drag: the longer axis, the way it was dragged', () => {
    const start = { x: 5, y: 5 };
    const aisle = (to: { x: number; y: number }) => dragDirection({ start, current: to }, 'auto');
    expect(aisle({ x: 8, y: 6 })).toBe('right');
    expect(aisle({ x: 1, y: 5 })).toBe('left');
    expect(aisle({ x: 6, y: 9 })).toBe('down');
    expect(aisle({ x: 5, y: 2 })).toBe('up');
    expect(aisle(start)).toBe('right');
    // The picker fixes it; an arrow key during the drag wins over both.
    expect(dragDirection({ start, current: { x: 8, y: 5 } }, 'up')).toBe('up');
    expect(dragDirection({ start, current: { x: 8, y: 5 }, direction: 'left' }, 'up')).toBe('left');
  });

  it('draws a one-way aisle over the dragged run, with its chevrons in the preview', () => {
    const dragging = run(
      withPlaces(),
      { type: 'setTool', tool: 'one_way_aisle' },
      { type: 'dragStart', cell: { x: 1, y: 6 } },
      { type: 'dragMove', cell: { x: 6, y: 6 } },
    );
    expect(dragOutcome(dragging)).toEqual({
      preview: { rect: { x: 1, y: 6, width: 6, height: 1 }, valid: true, kind: 'place', direction: 'right' },
      refusal: null,
    });
    const drawn = run(dragging, { type: 'dragEnd' });
    expect(drawn.document.layout.elements.one_way_aisles).toEqual([
      { id: 'W1', position: [1, 6], size: [6, 1], direction: 'right' },
    ]);
    expect(drawn.notice).toEqual({ tone: 'info', text: 'Added one-way aisle W1 (6 cells, running right)' });
    expect(layoutCounts(drawn.document.layout)).toMatchObject({ oneWayAisles: 1, keepClearCells: 0 });
    expect(run(drawn, { type: 'undo' }).document.layout.elements.one_way_aisles).toBeUndefined();
  });

  it('turns the aisle being drawn with an arrow key, and sets the picker between drags', () => {
    let state = run(
      withPlaces(),
      { type: 'setTool', tool: 'one_way_aisle' },
      { type: 'dragStart', cell: { x: 1, y: 6 } },
      { type: 'dragMove', cell: { x: 6, y: 6 } },
    );
    state = run(state, { type: 'setAisleDirection', direction: 'left' }, { type: 'dragEnd' });
    expect(state.document.layout.elements.one_way_aisles?.[0].direction).toBe('left');
    expect(state.aisleDirection).toBe('auto');
    state = run(state, { type: 'setAisleDirection', direction: 'down' }, ...drag('one_way_aisle', [8, 1], [8, 2]));
    expect(state.aisleDirection).toBe('down');
    expect(state.document.layout.elements.one_way_aisles?.[1]).toEqual({
      id: 'W2',
      position: [8, 1],
      size: [1, 2],
      direction: 'down',
    });
  });

  it('refuses an aisle over a shelf, or one that cuts a place off, in red with the reason', () => {
    const overShelf = run(
      withPlaces(),
      { type: 'setTool', tool: 'one_way_aisle' },
      { type: 'dragStart', cell: { x: 3, y: 1 } },
      { type: 'dragMove', cell: { x: 3, y: 5 } },
    );
    expect(dragOutcome(overShelf)).toMatchObject({
      preview: { valid: false, direction: 'down' },
      refusal: 'A one-way aisle cannot cross shelf S1',
    });
    // The bottom row and the right column both running into D1's corner: robots get in, never out.
    let trap = run(withPlaces(), ...drag('one_way_aisle', [0, 9], [8, 9]));
    trap = run(trap, { type: 'dragStart', cell: { x: 9, y: 0 } }, { type: 'dragMove', cell: { x: 9, y: 8 } });
    expect(dragOutcome(trap)).toMatchObject({
      preview: { valid: false },
      refusal:
        'Dropoff D1 has no walk back to station R1: one-way aisles W1 (running right) and W2 (running down) cut it off',
    });
    expect(run(trap, { type: 'dragEnd' }).document.layout.elements.one_way_aisles).toHaveLength(1);
  });

  it('adds keep-clear cells by click, never under a place, and erases traffic rules with the rest', () => {
    let state = run(withPlaces(), ...click('keep_clear', [5, 5]));
    expect(state.document.layout.elements.keep_clear_cells).toEqual([{ id: 'K1', position: [5.5, 5.5] }]);
    expect(state.notice?.text).toBe('Added keep-clear cell K1');
    state = run(state, ...click('keep_clear', [9, 9]));
    expect(state.notice).toEqual({ tone: 'error', text: 'Robots stop at D1 on that cell: it cannot be keep-clear' });
    state = run(state, ...click('dropoff', [5, 5]));
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Cannot place on keep-clear cell K1: robots never stop there',
    });
    state = run(state, ...drag('one_way_aisle', [4, 7], [7, 7]), ...drag('erase', [4, 5], [6, 7]));
    expect(state.document.layout.elements.keep_clear_cells).toEqual([]);
    expect(state.document.layout.elements.one_way_aisles).toEqual([]);
    expect(state.notice?.text).toBe('Erased 2 elements');
  });

  it('will not select a pickup robots would serve from a keep-clear cell, and says why', () => {
    // P1 on S1's top is served from (2, 2).
    let state = run(withPlaces(), ...click('keep_clear', [2, 2]), { type: 'setTool', tool: 'pickup_select' });
    state = run(state, { type: 'togglePickupAt', point: { x: 2.5, y: 3 } });
    expect(state.document.layout.elements.pickups).toEqual([]);
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Pickup P1 cannot be selected: robots would serve it from keep-clear cell K1, where they never stop',
    });
    state = run(state, { type: 'selectAllPickups' });
    expect(state.document.layout.elements.pickups.map((pickup) => pickup.id)).toEqual(['P2', 'P3', 'P4', 'P5', 'P6']);
    expect(state.notice?.text).toBe(
      'Selected 5 pickup points; 1 more would be served from a cell where robots never stop',
    );
  });
});
