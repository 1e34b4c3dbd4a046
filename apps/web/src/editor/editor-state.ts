import {
  addDropoff,
  addKeepClearCell,
  addOneWayAisle,
  addOneWayLanes,
  addRobotStation,
  addShelf,
  checkShelfPlacement,
  createEmptyLayout,
  eraseRectangle,
  fillWithShelfRows,
  findPickupAt,
  must,
  pickupCellBlocker,
  placementContextOf,
  placePoint,
  rectangleFromCells,
  selectAllPickups,
  togglePickupAt,
  withDerivedPoints,
  withDimensions,
  withShelves,
  type Dimensions,
  type EditableLayout,
  type EditResult,
  type Rectangle,
  type ShelfRowsTemplate,
  type TrafficDirection,
} from '@fleetlab/warehouse';
import type { GridCell } from './hit-test.ts';
import { clampCellToGrid } from './hit-test.ts';
import type { CellRect, DragPreview } from '../map-drawing/render-layout.ts';

// The grid editor as a pure reducer: every tool, drag, undo/redo, template and import is an
// action over an immutable state. The layout rules themselves (placement, regeneration,
// erase, selection) are @fleetlab/warehouse's; this module only sequences them, keeps the
// history and explains refusals. The canvas component translates pointer and keyboard events
// into actions and draws the result.

/** Tool names of spec §4, and the traffic rules' tools. 'select' is the Pan View tool. */
export type EditorTool =
  | 'select'
  | 'shelf'
  | 'dropoff'
  | 'robot_station'
  | 'pickup_select'
  | 'erase'
  | 'one_way_aisle'
  | 'keep_clear';

/** The one-way aisle tool's direction: `auto` takes it from the drag, the others fix it. */
export type AisleDirectionChoice = 'auto' | TrafficDirection;

/** What undo/redo moves between: the layout and the per-station settings it was drawn with. */
export interface EditorDocument {
  readonly layout: EditableLayout;
  readonly robotsPerStation: number;
  /**
   * Charging points of every station; null leaves the stations without a `chargers` setting,
   * which the floor reads as one charger per drawn robot.
   */
  readonly chargersPerStation: number | null;
}

export interface EditorNotice {
  readonly tone: 'info' | 'error';
  readonly text: string;
}

export interface EditorDrag {
  readonly start: GridCell;
  readonly current: GridCell;
  /** A one-way aisle's direction chosen with an arrow key during this drag. */
  readonly direction?: TrafficDirection;
}

export interface EditorState {
  readonly document: EditorDocument;
  readonly tool: EditorTool;
  /** The one-way aisle tool's direction picker. */
  readonly aisleDirection: AisleDirectionChoice;
  readonly drag: EditorDrag | null;
  readonly past: readonly EditorDocument[];
  readonly future: readonly EditorDocument[];
  readonly notice: EditorNotice | null;
}

export type EditorAction =
  | { type: 'setTool'; tool: EditorTool }
  /** The picker, or an arrow key: during a drag it turns that aisle, otherwise it sets the picker. */
  | { type: 'setAisleDirection'; direction: AisleDirectionChoice }
  | { type: 'dragStart'; cell: GridCell }
  | { type: 'dragMove'; cell: GridCell }
  | { type: 'dragEnd'; cell?: GridCell }
  | { type: 'dragCancel' }
  | { type: 'togglePickupAt'; point: { x: number; y: number } }
  | { type: 'selectAllPickups' }
  | { type: 'clearPickupSelection' }
  | { type: 'setDimensions'; dimensions: Dimensions }
  | { type: 'setRobotsPerStation'; count: number }
  /** null: one charger per drawn robot (the stations carry no `chargers`). */
  | { type: 'setChargersPerStation'; count: number | null }
  | { type: 'applyShelfRows'; template: ShelfRowsTemplate }
  | { type: 'addOneWayLanes' }
  | { type: 'importLayout'; layout: EditableLayout; robotsPerStation: number }
  | { type: 'clearLayout' }
  | { type: 'undo' }
  | { type: 'redo' };

/** Undo depth; the oldest layouts are dropped first. */
export const HISTORY_LIMIT = 100;
const DEFAULT_DIMENSIONS: Dimensions = { width: 20, height: 20 };
export const DEFAULT_ROBOTS_PER_STATION = 1;

export function initialEditorState(
  document: EditorDocument = {
    layout: createEmptyLayout(DEFAULT_DIMENSIONS),
    robotsPerStation: DEFAULT_ROBOTS_PER_STATION,
    chargersPerStation: null,
  },
): EditorState {
  return { document, tool: 'shelf', aisleDirection: 'auto', drag: null, past: [], future: [], notice: null };
}

/** The chargers setting a layout opens with: its first station's chargers, null for one per robot. */
export function chargersPerStationOf(layout: Pick<EditableLayout, 'elements'>): number | null {
  return layout.elements.robot_stations[0]?.chargers ?? null;
}

/**
 * Every station (or only `onlyStationId`) with the chargers setting (none for null: one per
 * drawn robot). A new station takes the setting alone, so a stored layout whose stations differ
 * keeps theirs until the planner changes the setting.
 */
function withStationChargers(layout: EditableLayout, chargers: number | null, onlyStationId?: string): EditableLayout {
  const robot_stations = layout.elements.robot_stations.map((withCharger) => {
    if (onlyStationId !== undefined && withCharger.id !== onlyStationId) return withCharger;
    const { chargers: _previous, ...station } = withCharger;
    return chargers === null ? station : { ...station, chargers };
  });
  return { ...layout, elements: { ...layout.elements, robot_stations } };
}

function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

function commit(state: EditorState, document: EditorDocument, notice: EditorNotice | null): EditorState {
  const past = [...state.past, state.document];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { ...state, document, past, future: [], drag: null, notice };
}

function commitLayout(state: EditorState, layout: EditableLayout, notice: EditorNotice | null): EditorState {
  return commit(state, { ...state.document, layout }, notice);
}

function refuse(state: EditorState, reason: string): EditorState {
  return { ...state, drag: null, notice: { tone: 'error', text: reason } };
}

function cellCentre(cell: GridCell): [number, number] {
  return [cell.x + 0.5, cell.y + 0.5];
}

function toCellRect(rectangle: Rectangle): CellRect {
  return { x: rectangle.position[0], y: rectangle.position[1], width: rectangle.size[0], height: rectangle.size[1] };
}

export interface DragOutcome {
  readonly preview: DragPreview;
  /** Why releasing now would place nothing; null when the placement is valid. */
  readonly refusal: string | null;
}

/**
 * The way a one-way aisle drag runs: an arrow key pressed during it, else the picker, else the
 * drag's longer axis from its start (a one-cell drag runs right).
 */
export function dragDirection(drag: EditorDrag, choice: AisleDirectionChoice): TrafficDirection {
  if (drag.direction) return drag.direction;
  if (choice !== 'auto') return choice;
  const dx = drag.current.x - drag.start.x;
  const dy = drag.current.y - drag.start.y;
  if (Math.abs(dy) > Math.abs(dx)) return dy > 0 ? 'down' : 'up';
  return dx < 0 ? 'left' : 'right';
}

/**
 * A traffic rule's edit for the current drag, remembered for the last drag: the one-way aisle
 * check searches the floor (a few milliseconds on a large layout), and every render asks for it.
 */
let lastTrafficEdit: { layout: EditableLayout; key: string; result: EditResult } | null = null;

function trafficEdit(layout: EditableLayout, key: string, edit: () => EditResult): EditResult {
  if (lastTrafficEdit?.layout !== layout || lastTrafficEdit.key !== key)
    lastTrafficEdit = { layout, key, result: edit() };
  return lastTrafficEdit.result;
}

/** What releasing the state's traffic-rule drag would add: a one-way aisle over the dragged run, or a keep-clear cell. */
function trafficRuleEdit(state: EditorState, drag: EditorDrag, tool: 'one_way_aisle' | 'keep_clear'): EditResult {
  const { layout } = state.document;
  if (tool === 'one_way_aisle') {
    const rectangle = rectangleFromCells([drag.start.x, drag.start.y], [drag.current.x, drag.current.y]);
    const direction = dragDirection(drag, state.aisleDirection);
    return trafficEdit(layout, `aisle ${rectangle.position} ${rectangle.size} ${direction}`, () =>
      addOneWayAisle(layout, rectangle, direction),
    );
  }
  return trafficEdit(layout, `keep-clear ${drag.current.x},${drag.current.y}`, () =>
    addKeepClearCell(layout, cellCentre(drag.current)),
  );
}

/** What the current drag would do if released now; drives the blue/red preview. */
export function dragOutcome(state: EditorState): DragOutcome | null {
  const { drag, tool } = state;
  const { layout } = state.document;
  if (!drag) return null;
  if (tool === 'shelf') {
    const rectangle = rectangleFromCells([drag.start.x, drag.start.y], [drag.current.x, drag.current.y]);
    const check = checkShelfPlacement(rectangle, placementContextOf(layout));
    return {
      preview: { rect: toCellRect(rectangle), valid: check.ok, kind: 'place' },
      refusal: check.ok ? null : check.reason,
    };
  }
  if (tool === 'dropoff' || tool === 'robot_station') {
    const placed = placePoint(cellCentre(drag.current), placementContextOf(layout));
    const rect = { x: drag.current.x, y: drag.current.y, width: 1, height: 1 };
    return { preview: { rect, valid: placed.ok, kind: 'place' }, refusal: placed.ok ? null : placed.reason };
  }
  if (tool === 'erase') {
    const rectangle = rectangleFromCells([drag.start.x, drag.start.y], [drag.current.x, drag.current.y]);
    return { preview: { rect: toCellRect(rectangle), valid: true, kind: 'erase' }, refusal: null };
  }
  if (tool === 'one_way_aisle') {
    const rectangle = rectangleFromCells([drag.start.x, drag.start.y], [drag.current.x, drag.current.y]);
    const result = trafficRuleEdit(state, drag, tool);
    const direction = dragDirection(drag, state.aisleDirection);
    return {
      preview: { rect: toCellRect(rectangle), valid: result.ok, kind: 'place', direction },
      refusal: result.ok ? null : result.reason,
    };
  }
  if (tool === 'keep_clear') {
    const result = trafficRuleEdit(state, drag, tool);
    const rect = { x: drag.current.x, y: drag.current.y, width: 1, height: 1 };
    return { preview: { rect, valid: result.ok, kind: 'place' }, refusal: result.ok ? null : result.reason };
  }
  return null;
}

function finishDrag(state: EditorState): EditorState {
  const { drag, tool } = state;
  const { layout, robotsPerStation, chargersPerStation } = state.document;
  if (!drag) return state;
  const outcome = dragOutcome(state);
  if (!outcome) return { ...state, drag: null };
  if (outcome.refusal !== null) return refuse(state, outcome.refusal);
  const { rect } = outcome.preview;

  if (tool === 'shelf') {
    const result = addShelf(layout, { position: [rect.x, rect.y], size: [rect.width, rect.height] });
    if (!result.ok) return refuse(state, result.reason);
    // Each add appends its element: the last is the new one.
    const shelf = must(result.layout.elements.shelves.at(-1), 'The added shelf');
    return commitLayout(state, result.layout, {
      tone: 'info',
      text: `Added shelf ${shelf.id} (${rect.width}x${rect.height})`,
    });
  }
  if (tool === 'dropoff') {
    const result = addDropoff(layout, cellCentre(drag.current));
    if (!result.ok) return refuse(state, result.reason);
    const dropoff = must(result.layout.elements.dropoffs.at(-1), 'The added dropoff');
    return commitLayout(state, result.layout, { tone: 'info', text: `Added dropoff ${dropoff.id}` });
  }
  if (tool === 'robot_station') {
    const result = addRobotStation(layout, cellCentre(drag.current), robotsPerStation);
    if (!result.ok) return refuse(state, result.reason);
    const station = must(result.layout.elements.robot_stations.at(-1), 'The added robot station');
    return commitLayout(state, withStationChargers(result.layout, chargersPerStation, station.id), {
      tone: 'info',
      text: `Added robot station ${station.id} with ${plural(robotsPerStation, 'robot')}`,
    });
  }
  if (tool === 'erase') {
    const before = layoutCounts(layout);
    const erased = eraseRectangle(layout, { position: [rect.x, rect.y], size: [rect.width, rect.height] });
    const after = layoutCounts(erased);
    const removed =
      before.shelves -
      after.shelves +
      (before.dropoffs - after.dropoffs) +
      (before.robotStations - after.robotStations) +
      (before.oneWayAisles - after.oneWayAisles) +
      (before.keepClearCells - after.keepClearCells);
    if (removed === 0) return { ...state, drag: null, notice: { tone: 'info', text: 'Nothing to erase there' } };
    return commitLayout(state, erased, { tone: 'info', text: `Erased ${plural(removed, 'element')}` });
  }
  const traffic = tool === 'one_way_aisle' || tool === 'keep_clear' ? trafficRuleEdit(state, drag, tool) : null;
  if (traffic?.ok && tool === 'one_way_aisle') {
    const aisle = must(traffic.layout.elements.one_way_aisles?.at(-1), 'The added one-way aisle');
    return commitLayout(state, traffic.layout, {
      tone: 'info',
      text: `Added one-way aisle ${aisle.id} (${plural(rect.width * rect.height, 'cell')}, running ${aisle.direction})`,
    });
  }
  if (traffic?.ok && tool === 'keep_clear') {
    const cell = must(traffic.layout.elements.keep_clear_cells?.at(-1), 'The added keep-clear cell');
    return commitLayout(state, traffic.layout, { tone: 'info', text: `Added keep-clear cell ${cell.id}` });
  }
  return { ...state, drag: null };
}

function togglePickup(state: EditorState, point: { x: number; y: number }): EditorState {
  const { layout } = state.document;
  const clicked = findPickupAt(layout.pickupCandidates, [point.x, point.y]);
  const blocker =
    clicked && !layout.elements.pickups.some((pickup) => pickup.id === clicked.id)
      ? pickupCellBlocker(layout.elements, clicked)
      : null;
  if (clicked && blocker) {
    return {
      ...state,
      notice: {
        tone: 'error',
        text: `Pickup ${clicked.id} cannot be selected: robots would serve it from ${blocker}, where they never stop`,
      },
    };
  }
  const toggled = togglePickupAt(layout, [point.x, point.y]);
  if (toggled === layout) return { ...state, notice: { tone: 'info', text: 'No pickup point there' } };
  const wasSelected = new Set(layout.elements.pickups.map((pickup) => pickup.id));
  const nowSelected = new Set(toggled.elements.pickups.map((pickup) => pickup.id));
  const added = toggled.elements.pickups.find((pickup) => !wasSelected.has(pickup.id));
  const removed = layout.elements.pickups.find((pickup) => !nowSelected.has(pickup.id));
  const text = added ? `Selected pickup ${added.id}` : `Deselected pickup ${removed?.id ?? ''}`.trim();
  return commitLayout(state, toggled, { tone: 'info', text });
}

function withoutPickupSelection(layout: EditableLayout): EditableLayout {
  return layout.elements.pickups.length === 0 ? layout : { ...layout, elements: { ...layout.elements, pickups: [] } };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { layout } = state.document;
  switch (action.type) {
    case 'setTool':
      return state.tool === action.tool ? state : { ...state, tool: action.tool, drag: null };
    case 'setAisleDirection':
      if (state.drag && state.tool === 'one_way_aisle' && action.direction !== 'auto') {
        return { ...state, drag: { ...state.drag, direction: action.direction } };
      }
      return state.aisleDirection === action.direction ? state : { ...state, aisleDirection: action.direction };
    case 'dragStart': {
      if (state.tool === 'select' || state.tool === 'pickup_select') return state;
      const cell = clampCellToGrid(action.cell, layout.dimensions);
      return { ...state, drag: { start: cell, current: cell }, notice: null };
    }
    case 'dragMove': {
      if (!state.drag) return state;
      const cell = clampCellToGrid(action.cell, layout.dimensions);
      if (cell.x === state.drag.current.x && cell.y === state.drag.current.y) return state;
      return { ...state, drag: { ...state.drag, current: cell } };
    }
    case 'dragEnd': {
      if (!state.drag) return state;
      const current = action.cell ? clampCellToGrid(action.cell, layout.dimensions) : state.drag.current;
      return finishDrag({ ...state, drag: { ...state.drag, current } });
    }
    case 'dragCancel':
      return state.drag ? { ...state, drag: null } : state;
    case 'togglePickupAt':
      return togglePickup(state, action.point);
    case 'selectAllPickups': {
      const selected = selectAllPickups(layout);
      if (layout.elements.pickups.length === selected.elements.pickups.length) return state;
      const skipped = layout.pickupCandidates.length - selected.elements.pickups.length;
      return commitLayout(state, selected, {
        tone: 'info',
        text:
          skipped === 0
            ? `Selected all ${plural(layout.pickupCandidates.length, 'pickup point')}`
            : `Selected ${plural(selected.elements.pickups.length, 'pickup point')}; ${skipped} more would be served from a cell where robots never stop`,
      });
    }
    case 'clearPickupSelection':
      if (layout.elements.pickups.length === 0) return state;
      return commitLayout(state, withoutPickupSelection(layout), {
        tone: 'info',
        text: 'Cleared the pickup selection',
      });
    case 'setDimensions': {
      const { width, height } = action.dimensions;
      if (width === layout.dimensions.width && height === layout.dimensions.height) return state;
      // Spec §4 / issue 4: a dimension change regenerates pickups and resets the selection.
      return commitLayout(state, withoutPickupSelection(withDimensions(layout, action.dimensions)), null);
    }
    case 'setRobotsPerStation': {
      if (action.count === state.document.robotsPerStation) return state;
      // The form holds one robots-per-station setting for the whole layout, so it applies to
      // every station already placed as well as to new ones.
      const elements = {
        ...layout.elements,
        robot_stations: layout.elements.robot_stations.map((station) => ({ ...station, robot_count: action.count })),
      };
      const updated = withDerivedPoints(layout.dimensions, elements, { keepSelection: true });
      return commit(state, { ...state.document, layout: updated, robotsPerStation: action.count }, null);
    }
    case 'setChargersPerStation':
      if (action.count === state.document.chargersPerStation) return state;
      // Like robots per station, one setting for the whole layout: every station takes it.
      return commit(
        state,
        { ...state.document, layout: withStationChargers(layout, action.count), chargersPerStation: action.count },
        null,
      );
    case 'applyShelfRows': {
      const added = fillWithShelfRows(action.template, placementContextOf(layout));
      if (added.length === 0) return refuse(state, 'No shelf of the template fits in that area');
      return commitLayout(state, withShelves(layout, [...layout.elements.shelves, ...added]), {
        tone: 'info',
        text: `Added ${plural(added.length, 'shelf', 'shelves')} from the template`,
      });
    }
    case 'addOneWayLanes': {
      const result = addOneWayLanes(layout);
      if (!result.ok) return refuse(state, result.reason);
      const added = layoutCounts(result.layout).oneWayAisles - layoutCounts(layout).oneWayAisles;
      return commitLayout(state, result.layout, {
        tone: 'info',
        text: `Made ${plural(added, 'one-lane aisle')} one-way, alternating lane by lane`,
      });
    }
    case 'importLayout':
      return commit(
        state,
        {
          layout: action.layout,
          robotsPerStation: action.robotsPerStation,
          chargersPerStation: chargersPerStationOf(action.layout),
        },
        {
          tone: 'info',
          text: 'Imported the layout',
        },
      );
    case 'clearLayout':
      if (isLayoutEmpty(layout)) return state;
      return commitLayout(state, createEmptyLayout(layout.dimensions), { tone: 'info', text: 'Cleared the layout' });
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        document: previous,
        past: state.past.slice(0, -1),
        future: [state.document, ...state.future],
        drag: null,
        notice: { tone: 'info', text: 'Undone' },
      };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return {
        ...state,
        document: next,
        past: [...state.past, state.document],
        future: state.future.slice(1),
        drag: null,
        notice: { tone: 'info', text: 'Redone' },
      };
    }
  }
}

export function isLayoutEmpty(layout: EditableLayout): boolean {
  const counts = layoutCounts(layout);
  return counts.shelves + counts.dropoffs + counts.robotStations + counts.oneWayAisles + counts.keepClearCells === 0;
}

export interface LayoutCounts {
  readonly shelves: number;
  readonly dropoffs: number;
  readonly robotStations: number;
  readonly robots: number;
  readonly pickupCandidates: number;
  readonly selectedPickups: number;
  readonly navigationPoints: number;
  readonly oneWayAisles: number;
  readonly keepClearCells: number;
}

/** The counts shown in the status line (and asserted by browser tests). */
export function layoutCounts(layout: EditableLayout): LayoutCounts {
  return {
    shelves: layout.elements.shelves.length,
    dropoffs: layout.elements.dropoffs.length,
    robotStations: layout.elements.robot_stations.length,
    robots: layout.elements.robots.length,
    pickupCandidates: layout.pickupCandidates.length,
    selectedPickups: layout.elements.pickups.length,
    navigationPoints: layout.elements.navigation_points.length,
    oneWayAisles: layout.elements.one_way_aisles?.length ?? 0,
    keepClearCells: layout.elements.keep_clear_cells?.length ?? 0,
  };
}
