import {
  addDropoff,
  addRobotStation,
  addShelf,
  checkShelfPlacement,
  createEmptyLayout,
  eraseRectangle,
  fillWithShelfRows,
  placePoint,
  rectangleFromCells,
  selectAllPickups,
  togglePickupAt,
  withDerivedPoints,
  withDimensions,
  withShelves,
  type Dimensions,
  type EditableLayout,
  type Rectangle,
  type ShelfRowsTemplate,
} from '@fleetlab/warehouse';
import type { GridCell } from './hit-test.ts';
import { clampCellToGrid } from './hit-test.ts';
import type { CellRect, DragPreview } from '../map-drawing/render-layout.ts';

// The grid editor as a pure reducer: every tool, drag, undo/redo, template and import is an
// action over an immutable state. The layout rules themselves (placement, regeneration,
// erase, selection) are @fleetlab/warehouse's; this module only sequences them, keeps the
// history and explains refusals. The canvas component translates pointer and keyboard events
// into actions and draws the result.

/** Tool names of spec §4. 'select' is the Pan View tool. */
export type EditorTool = 'select' | 'shelf' | 'dropoff' | 'robot_station' | 'pickup_select' | 'erase';

/** What undo/redo moves between: the layout and the robots-per-station setting it was drawn with. */
export interface EditorDocument {
  readonly layout: EditableLayout;
  readonly robotsPerStation: number;
}

export interface EditorNotice {
  readonly tone: 'info' | 'error';
  readonly text: string;
}

export interface EditorDrag {
  readonly start: GridCell;
  readonly current: GridCell;
}

export interface EditorState {
  readonly document: EditorDocument;
  readonly tool: EditorTool;
  readonly drag: EditorDrag | null;
  readonly past: readonly EditorDocument[];
  readonly future: readonly EditorDocument[];
  readonly notice: EditorNotice | null;
}

export type EditorAction =
  | { type: 'setTool'; tool: EditorTool }
  | { type: 'dragStart'; cell: GridCell }
  | { type: 'dragMove'; cell: GridCell }
  | { type: 'dragEnd'; cell?: GridCell }
  | { type: 'dragCancel' }
  | { type: 'togglePickupAt'; point: { x: number; y: number } }
  | { type: 'selectAllPickups' }
  | { type: 'clearPickupSelection' }
  | { type: 'setDimensions'; dimensions: Dimensions }
  | { type: 'setRobotsPerStation'; count: number }
  | { type: 'applyShelfRows'; template: ShelfRowsTemplate }
  | { type: 'importLayout'; layout: EditableLayout; robotsPerStation: number }
  | { type: 'clearLayout' }
  | { type: 'undo' }
  | { type: 'redo' };

/** Undo depth; the oldest layouts are dropped first. */
export const HISTORY_LIMIT = 100;
const DEFAULT_DIMENSIONS: Dimensions = { width: 20, height: 20 };
const DEFAULT_ROBOTS_PER_STATION = 1;

export function initialEditorState(
  document: EditorDocument = { layout: createEmptyLayout(DEFAULT_DIMENSIONS), robotsPerStation: DEFAULT_ROBOTS_PER_STATION },
): EditorState {
  return { document, tool: 'shelf', drag: null, past: [], future: [], notice: null };
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

function placementContext(layout: EditableLayout) {
  return {
    dimensions: layout.dimensions,
    shelves: layout.elements.shelves,
    dropoffs: layout.elements.dropoffs,
    robot_stations: layout.elements.robot_stations,
  };
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

/** What the current drag would do if released now; drives the blue/red preview. */
export function dragOutcome(state: EditorState): DragOutcome | null {
  const { drag, tool } = state;
  const { layout } = state.document;
  if (!drag) return null;
  if (tool === 'shelf') {
    const rectangle = rectangleFromCells([drag.start.x, drag.start.y], [drag.current.x, drag.current.y]);
    const check = checkShelfPlacement(rectangle, placementContext(layout));
    return { preview: { rect: toCellRect(rectangle), valid: check.ok, kind: 'place' }, refusal: check.ok ? null : check.reason };
  }
  if (tool === 'dropoff' || tool === 'robot_station') {
    const placed = placePoint(cellCentre(drag.current), placementContext(layout));
    const rect = { x: drag.current.x, y: drag.current.y, width: 1, height: 1 };
    return { preview: { rect, valid: placed.ok, kind: 'place' }, refusal: placed.ok ? null : placed.reason };
  }
  if (tool === 'erase') {
    const rectangle = rectangleFromCells([drag.start.x, drag.start.y], [drag.current.x, drag.current.y]);
    return { preview: { rect: toCellRect(rectangle), valid: true, kind: 'erase' }, refusal: null };
  }
  return null;
}

function finishDrag(state: EditorState): EditorState {
  const { drag, tool } = state;
  const { layout, robotsPerStation } = state.document;
  if (!drag) return state;
  const outcome = dragOutcome(state);
  if (!outcome) return { ...state, drag: null };
  if (outcome.refusal !== null) return refuse(state, outcome.refusal);
  const { rect } = outcome.preview;

  if (tool === 'shelf') {
    const result = addShelf(layout, { position: [rect.x, rect.y], size: [rect.width, rect.height] });
    if (!result.ok) return refuse(state, result.reason);
    const shelf = result.layout.elements.shelves.at(-1)!;
    return commitLayout(state, result.layout, { tone: 'info', text: `Added shelf ${shelf.id} (${rect.width}x${rect.height})` });
  }
  if (tool === 'dropoff') {
    const result = addDropoff(layout, cellCentre(drag.current));
    if (!result.ok) return refuse(state, result.reason);
    const dropoff = result.layout.elements.dropoffs.at(-1)!;
    return commitLayout(state, result.layout, { tone: 'info', text: `Added dropoff ${dropoff.id}` });
  }
  if (tool === 'robot_station') {
    const result = addRobotStation(layout, cellCentre(drag.current), robotsPerStation);
    if (!result.ok) return refuse(state, result.reason);
    const station = result.layout.elements.robot_stations.at(-1)!;
    return commitLayout(state, result.layout, {
      tone: 'info',
      text: `Added robot station ${station.id} with ${plural(robotsPerStation, 'robot')}`,
    });
  }
  if (tool === 'erase') {
    const before = layout.elements;
    const erased = eraseRectangle(layout, { position: [rect.x, rect.y], size: [rect.width, rect.height] });
    const after = erased.elements;
    const removed =
      before.shelves.length - after.shelves.length +
      (before.dropoffs.length - after.dropoffs.length) +
      (before.robot_stations.length - after.robot_stations.length);
    if (removed === 0) return { ...state, drag: null, notice: { tone: 'info', text: 'Nothing to erase there' } };
    return commitLayout(state, erased, { tone: 'info', text: `Erased ${plural(removed, 'element')}` });
  }
  return { ...state, drag: null };
}

function togglePickup(state: EditorState, point: { x: number; y: number }): EditorState {
  const { layout } = state.document;
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
      if (layout.elements.pickups.length === layout.pickupCandidates.length) return state;
      return commitLayout(state, selectAllPickups(layout), {
        tone: 'info',
        text: `Selected all ${plural(layout.pickupCandidates.length, 'pickup point')}`,
      });
    }
    case 'clearPickupSelection':
      if (layout.elements.pickups.length === 0) return state;
      return commitLayout(state, withoutPickupSelection(layout), { tone: 'info', text: 'Cleared the pickup selection' });
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
      return commit(state, { layout: updated, robotsPerStation: action.count }, null);
    }
    case 'applyShelfRows': {
      const added = fillWithShelfRows(action.template, placementContext(layout));
      if (added.length === 0) return refuse(state, 'No shelf of the template fits in that area');
      return commitLayout(state, withShelves(layout, [...layout.elements.shelves, ...added]), {
        tone: 'info',
        text: `Added ${plural(added.length, 'shelf', 'shelves')} from the template`,
      });
    }
    case 'importLayout':
      return commit(state, { layout: action.layout, robotsPerStation: action.robotsPerStation }, {
        tone: 'info',
        text: 'Imported the layout',
      });
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
  const { elements } = layout;
  return elements.shelves.length === 0 && elements.dropoffs.length === 0 && elements.robot_stations.length === 0;
}

export interface LayoutCounts {
  readonly shelves: number;
  readonly dropoffs: number;
  readonly robotStations: number;
  readonly robots: number;
  readonly pickupCandidates: number;
  readonly selectedPickups: number;
  readonly navigationPoints: number;
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
  };
}
