import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_COLORS } from '../map-drawing/render-layout.ts';
import {
  installRecordingCanvas,
  type RecordingCanvasContext,
} from '../map-drawing/test-support/recording-canvas-context.ts';
import { renderPage, stubFetch, type RecordedRequest } from '../editor/test-support/render-with-providers.tsx';
import GridEditorPage from './grid-editor-page.tsx';

// jsdom has no layout: the editor area falls back to 960 x 576 CSS px and the canvas sits at
// (0, 0). The default 20 x 20 grid then gets floor(min(928 / 20, 544 / 20)) = 27 px cells,
// centred: offset ((960 - 540) / 2, (576 - 540) / 2) = (210, 18).
const CELL = 27;
const OFFSET_X = 210;
const OFFSET_Y = 18;

function screenOf(gridX: number, gridY: number) {
  return { clientX: OFFSET_X + gridX * CELL, clientY: OFFSET_Y + gridY * CELL };
}

/** Screen point at the centre of a cell. */
function cellCentre(x: number, y: number) {
  return screenOf(x + 0.5, y + 0.5);
}

function editorCanvas(): HTMLCanvasElement {
  return screen.getByLabelText('Warehouse grid editor') as HTMLCanvasElement;
}

function dragOnCanvas(from: { clientX: number; clientY: number }, to: { clientX: number; clientY: number }) {
  const canvas = editorCanvas();
  fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, ...from });
  fireEvent.pointerMove(canvas, { pointerId: 1, ...to });
  fireEvent.pointerUp(canvas, { pointerId: 1, ...to });
}

function counts(): string {
  return screen.getByLabelText('Layout counts').textContent ?? '';
}

function status(): string {
  return screen.getByLabelText('Editor status').textContent ?? '';
}

/** Shelf S1 at (10, 10)-(11, 10) with its top-left pickup P1 selected: the pickup a saved layout needs. */
function drawShelfWithPickup() {
  fireEvent.keyDown(window, { key: 's' });
  dragOnCanvas(cellCentre(10, 10), cellCentre(11, 10));
  fireEvent.keyDown(window, { key: 'p' });
  fireEvent.pointerDown(editorCanvas(), { pointerId: 1, button: 0, ...screenOf(10.5, 10) });
  fireEvent.pointerUp(editorCanvas(), { pointerId: 1, ...screenOf(10.5, 10) });
}

describe('GridEditorPage', () => {
  let canvas: ReturnType<typeof installRecordingCanvas>;
  let requests: RecordedRequest[];
  let respond: (request: RecordedRequest) => [number, unknown];

  beforeEach(() => {
    canvas = installRecordingCanvas();
    respond = () => [201, { id: 7 }];
    requests = stubFetch((request) => respond(request));
    renderPage(<GridEditorPage />, { path: '/environments/grid-editor', route: '/environments/grid-editor' });
  });
  afterEach(() => {
    cleanup();
    canvas.restore();
    vi.unstubAllGlobals();
  });

  function editorContext(): RecordingCanvasContext {
    return canvas.contexts.get(editorCanvas())!;
  }

  it('starts with a 20 x 20 grid, one robot per station, the shelf tool and 100% zoom', () => {
    expect((screen.getByLabelText(/^Width/) as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText(/^Height/) as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText(/^Robots per station/) as HTMLInputElement).value).toBe('1');
    expect(screen.getByRole('button', { name: 'Add Shelf' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Zoom level').textContent).toBe('100%');
    expect(status()).toBe('Grid 20 x 20');
  });

  it('names every tool of the spec with its shortcut in the tooltip', () => {
    const toolbar = screen.getByRole('toolbar', { name: 'Editor tools' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('title')),
    ).toEqual([
      'Pan View (V)',
      'Add Shelf (S)',
      'Add Dropoff (D)',
      'Add Robot Station (R)',
      'Select Pickups (P)',
      'Erase (E)',
      'Add One-Way Aisle (O)',
      'Add Keep-Clear Cell (K)',
    ]);
  });

  it('draws a one-way aisle by drag, turned with an arrow key before release, with chevrons in the preview', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add One-Way Aisle' }));
    const picker = screen.getByRole('group', { name: 'One-way direction' });
    expect(within(picker).getByRole('button', { name: 'From the drag' }).getAttribute('aria-pressed')).toBe('true');
    const canvasElement = editorCanvas();
    fireEvent.pointerDown(canvasElement, { pointerId: 1, button: 0, ...cellCentre(2, 5) });
    fireEvent.pointerMove(canvasElement, { pointerId: 1, ...cellCentre(6, 5) });
    expect(canvasElement.dataset.preview).toBe('valid');
    expect(within(picker).getByText('Drawing an aisle running right; the arrow keys turn it.')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(within(picker).getByText('Drawing an aisle running left; the arrow keys turn it.')).toBeTruthy();
    // The preview's chevrons point left: each tip is left of its tails.
    const calls = editorContext().calls;
    const last = calls.map((call) => call.method).lastIndexOf('stroke');
    const [tail, tip] = calls
      .slice(calls.map((call) => call.method).lastIndexOf('beginPath', last), last)
      .filter((call) => call.method !== 'beginPath');
    expect(calls[last].strokeStyle).toBe(LAYOUT_COLORS.previewValid);
    expect((tip.args[0] as number) < (tail.args[0] as number)).toBe(true);
    fireEvent.pointerUp(canvasElement, { pointerId: 1, ...cellCentre(6, 5) });
    expect(status()).toBe('Added one-way aisle W1 (5 cells, running left)');
    expect(counts()).toContain('One-Way Aisles: 1 · Keep-Clear Cells: 0');
  });

  it('adds a keep-clear cell by click and keeps dropoffs off it', () => {
    fireEvent.keyDown(window, { key: 'k' });
    dragOnCanvas(cellCentre(4, 4), cellCentre(4, 4));
    expect(status()).toBe('Added keep-clear cell K1');
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(4, 4), cellCentre(4, 4));
    expect(status()).toBe('Cannot place on keep-clear cell K1: robots never stop there');
    expect(counts()).toContain('Dropoffs: 0');
  });

  it('lists the rules a drawing breaks and will not save it until they are fixed', async () => {
    // R1 in the corner, D1 four cells right; row 0 between them runs right, and a shelf under
    // row 0 closes every other way back to R1. Shelf S1 away from them gives the pickup.
    drawShelfWithPickup();
    fireEvent.keyDown(window, { key: 'r' });
    dragOnCanvas(cellCentre(0, 0), cellCentre(0, 0));
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(4, 0), cellCentre(4, 0));
    fireEvent.keyDown(window, { key: 'o' });
    dragOnCanvas(cellCentre(1, 0), cellCentre(3, 0));
    expect(status()).toBe('Added one-way aisle W1 (3 cells, running right)');
    expect(screen.queryByRole('region', { name: 'Layout problems' })).toBeNull();
    fireEvent.keyDown(window, { key: 's' });
    dragOnCanvas(cellCentre(0, 1), cellCentre(4, 1));
    const problems = screen.getByRole('region', { name: 'Layout problems' });
    expect(within(problems).getByRole('alert').textContent).toBe(
      'Fix before saving: the layout breaks a rule.Dropoff D1 has no walk back to station R1: one-way aisle W1 (running right) cuts it off',
    );
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Trap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));
    expect(
      screen.getByText('The layout breaks the rules listed above the grid: fix them, then create the environment.'),
    ).toBeTruthy();
    expect(requests).toEqual([]);
    // Undo the shelf: nothing is broken, and the save goes through with the traffic rules.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.queryByRole('region', { name: 'Layout problems' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((requests[0].body as { elements: { one_way_aisles: unknown } }).elements.one_way_aisles).toEqual([
      { id: 'W1', position: [1, 0], size: [3, 1], direction: 'right' },
    ]);
  });

  it('draws a shelf with a pointer drag, committed on release', () => {
    const canvasElement = editorCanvas();
    fireEvent.pointerDown(canvasElement, { pointerId: 1, button: 0, ...cellCentre(2, 3) });
    fireEvent.pointerMove(canvasElement, { pointerId: 1, ...cellCentre(3, 3) });
    expect(canvasElement.dataset.preview).toBe('valid');
    const previewStroke = editorContext().calls.findLast((call) => call.method === 'strokeRect');
    expect(previewStroke?.strokeStyle).toBe(LAYOUT_COLORS.previewValid);
    expect(previewStroke?.args).toEqual([OFFSET_X + 2 * CELL, OFFSET_Y + 3 * CELL, 2 * CELL, CELL]);
    expect(counts()).toContain('Shelves: 0');

    fireEvent.pointerUp(canvasElement, { pointerId: 1, ...cellCentre(3, 3) });
    expect(canvasElement.dataset.preview).toBe('none');
    expect(counts()).toContain('Shelves: 1');
    expect(counts()).toContain('Pickup Points: 0 of 6 selected');
    expect(counts()).toContain('Navigation Points: 4');
    expect(status()).toBe('Added shelf S1 (2x1)');
  });

  it('refuses an overlapping shelf with the red filled preview and the reason', () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    const canvasElement = editorCanvas();
    editorContext().reset();
    fireEvent.pointerDown(canvasElement, { pointerId: 1, button: 0, ...cellCentre(3, 2) });
    fireEvent.pointerMove(canvasElement, { pointerId: 1, ...cellCentre(4, 4) });
    expect(canvasElement.dataset.preview).toBe('invalid');
    const calls = editorContext().calls;
    expect(calls.findLast((call) => call.method === 'fillRect')).toMatchObject({
      fillStyle: LAYOUT_COLORS.previewInvalidFill,
      args: [OFFSET_X + 3 * CELL, OFFSET_Y + 2 * CELL, 2 * CELL, 3 * CELL],
    });
    expect(calls.findLast((call) => call.method === 'strokeRect')?.strokeStyle).toBe(LAYOUT_COLORS.previewInvalid);
    expect(status()).toBe('Shelf overlaps shelf S1');

    fireEvent.pointerUp(canvasElement, { pointerId: 1, ...cellCentre(4, 4) });
    expect(counts()).toContain('Shelves: 1');
    expect(status()).toBe('Shelf overlaps shelf S1');
  });

  it('places a robot station with the robots per station set in the form', () => {
    const robots = screen.getByLabelText(/^Robots per station/);
    fireEvent.change(robots, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Robot Station' }));
    dragOnCanvas(cellCentre(0, 0), cellCentre(0, 0));
    expect(counts()).toContain('Robot Stations: 1 · Robots: 3');
    expect(status()).toBe('Added robot station R1 with 3 robots');
  });

  it('stores the chargers per station set in the form on every station, and none when left empty', async () => {
    const chargers = screen.getByLabelText(/^Chargers per station/) as HTMLInputElement;
    expect(chargers.value).toBe('');
    expect(chargers.placeholder).toBe('one per robot');
    drawShelfWithPickup();
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(8, 8), cellCentre(8, 8));
    fireEvent.change(screen.getByLabelText(/^Robots per station/), { target: { value: '3' } });
    fireEvent.keyDown(window, { key: 'r' });
    dragOnCanvas(cellCentre(0, 19), cellCentre(0, 19));
    // Set after the first station was placed: it applies to that one and to the next.
    fireEvent.change(chargers, { target: { value: '2' } });
    fireEvent.blur(chargers);
    dragOnCanvas(cellCentre(19, 19), cellCentre(19, 19));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Two chargers each' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const body = requests[0].body as { elements: { robot_stations: unknown[] } };
    expect(body.elements.robot_stations).toEqual([
      { id: 'R1', position: [0.5, 19.5], robot_count: 3, chargers: 2 },
      { id: 'R2', position: [19.5, 19.5], robot_count: 3, chargers: 2 },
    ]);
  });

  it('takes chargers per station back to one per robot when the field is emptied, clamping to 1..10', () => {
    const chargers = screen.getByLabelText(/^Chargers per station/) as HTMLInputElement;
    fireEvent.change(chargers, { target: { value: '25' } });
    fireEvent.blur(chargers);
    expect(chargers.value).toBe('10');
    fireEvent.change(chargers, { target: { value: '' } });
    fireEvent.blur(chargers);
    expect(chargers.value).toBe('');
    fireEvent.keyDown(window, { key: 'r' });
    dragOnCanvas(cellCentre(0, 19), cellCentre(0, 19));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(chargers.value).toBe('10');
  });

  it('refuses a dropoff on a shelf cell and places one beside it', () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.keyDown(window, { key: 'd' });
    expect(screen.getByRole('button', { name: 'Add Dropoff' }).getAttribute('aria-pressed')).toBe('true');
    dragOnCanvas(cellCentre(3, 3), cellCentre(3, 3));
    expect(status()).toBe('Cannot place on shelf S1');
    expect(counts()).toContain('Dropoffs: 0');
    dragOnCanvas(cellCentre(6, 6), cellCentre(6, 6));
    expect(counts()).toContain('Dropoffs: 1');
  });

  it('selects pickups by clicking within 0.3 of a cell, and selects them all', () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.keyDown(window, { key: 'p' });
    const canvasElement = editorCanvas();
    // P1 sits on the shelf's top edge at (2.5, 3); click 0.25 cell to its right.
    fireEvent.pointerDown(canvasElement, { pointerId: 1, button: 0, ...screenOf(2.75, 3) });
    fireEvent.pointerUp(canvasElement, { pointerId: 1, ...screenOf(2.75, 3) });
    expect(counts()).toContain('Pickup Points: 1 of 6 selected');
    expect(status()).toBe('Selected pickup P1');

    fireEvent.click(screen.getByRole('button', { name: 'Select all pickups' }));
    expect(counts()).toContain('Pickup Points: 6 of 6 selected');
  });

  it('erases with a drag and undoes and redoes with the keyboard and the buttons', () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.keyDown(window, { key: 'e' });
    dragOnCanvas(cellCentre(1, 1), cellCentre(3, 3));
    expect(counts()).toContain('Shelves: 0');
    expect(status()).toBe('Erased 1 element');

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(counts()).toContain('Shelves: 1');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(counts()).toContain('Shelves: 0');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(counts()).toContain('Shelves: 0');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(counts()).toContain('Shelves: 1');
  });

  it('clears the whole layout in one undoable step', () => {
    expect(screen.getByRole('button', { name: 'Clear Layout' })).toHaveProperty('disabled', true);
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(8, 8), cellCentre(8, 8));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Layout' }));
    expect(counts()).toContain('Shelves: 0 · Dropoffs: 0');
    expect(status()).toBe('Cleared the layout');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(counts()).toContain('Shelves: 1 · Dropoffs: 1');
  });

  it('ignores tool shortcuts while typing in the form', () => {
    const name = screen.getByLabelText(/^Name/);
    fireEvent.keyDown(name, { key: 'e' });
    expect(screen.getByRole('button', { name: 'Add Shelf' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('zooms in steps of 10% between 50% and 250%', () => {
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    fireEvent.click(zoomIn);
    expect(screen.getByLabelText('Zoom level').textContent).toBe('110%');
    for (let step = 0; step < 20; step++) fireEvent.click(zoomIn);
    expect(screen.getByLabelText('Zoom level').textContent).toBe('250%');
    for (let step = 0; step < 30; step++) fireEvent.click(zoomOut);
    expect(screen.getByLabelText('Zoom level').textContent).toBe('50%');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Zoom' }));
    expect(screen.getByLabelText('Zoom level').textContent).toBe('100%');
  });

  it('falls back to 10 for a non-numeric width and clamps sizes to 5..50', () => {
    const width = screen.getByLabelText(/^Width/) as HTMLInputElement;
    const height = screen.getByLabelText(/^Height/) as HTMLInputElement;
    fireEvent.change(width, { target: { value: '' } });
    fireEvent.blur(width);
    expect(width.value).toBe('10');
    fireEvent.change(height, { target: { value: '80' } });
    fireEvent.blur(height);
    expect(height.value).toBe('50');
    expect(status()).toBe('Grid 10 x 50');
  });

  it('resizing the grid regenerates pickups and resets the selection', () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.click(screen.getByRole('button', { name: 'Select all pickups' }));
    const width = screen.getByLabelText(/^Width/);
    fireEvent.change(width, { target: { value: '15' } });
    expect(counts()).toContain('Shelves: 1');
    expect(counts()).toContain('Pickup Points: 0 of 6 selected');
  });

  it('shows and hides the navigation graph of the selected pickups', async () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(8, 8), cellCentre(8, 8));
    fireEvent.click(screen.getByRole('button', { name: 'Select all pickups' }));
    editorContext().reset();
    fireEvent.click(screen.getByRole('button', { name: 'Show Graph' }));
    // 6 pickups + 1 dropoff + 4 navigation points.
    await waitFor(() => expect(counts()).toMatch(/Graph: 11 nodes, \d+ edges$/));
    expect(
      editorContext().calls.some((call) => call.method === 'stroke' && call.strokeStyle === LAYOUT_COLORS.graphEdge),
    ).toBe(true);
    fireEvent.keyDown(window, { key: 'g' });
    expect(screen.getByRole('button', { name: 'Show Graph' })).toBeTruthy();
    expect(counts()).not.toContain('Graph:');
  });

  it('fills an area from the layout template', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Layout Template' }));
    const dialog = screen.getByRole('dialog', { name: 'Shelf rows template' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    fireEvent.change(field('Area left (x)'), { target: { value: '0' } });
    fireEvent.change(field('Area top (y)'), { target: { value: '0' } });
    fireEvent.change(field('Area width'), { target: { value: '10' } });
    fireEvent.change(field('Area height'), { target: { value: '10' } });
    fireEvent.change(field('Shelf length'), { target: { value: '3' } });
    fireEvent.change(field('Shelf depth'), { target: { value: '1' } });
    fireEvent.change(field('Aisle width'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply Template' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The dialog's submit must not reach the page's form (no save attempt, no name error).
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(requests).toEqual([]);
    expect(counts()).toContain('Shelves: 10');
    expect(status()).toBe('Added 10 shelves from the template');
    // The template's one-lane aisles, the four between its lower shelves (open above and below;
    // those between the upper ones end at the grid's top edge, and free floor lies right of the
    // last shelves), one-way in one click.
    fireEvent.click(screen.getByRole('button', { name: 'One-Way Lanes' }));
    expect(status()).toBe('Made 4 one-lane aisles one-way, alternating lane by lane');
    expect(counts()).toContain('One-Way Aisles: 4');
  });

  it('offers One-Way Lanes once there is a shelf', () => {
    expect((screen.getByRole('button', { name: 'One-Way Lanes' }) as HTMLButtonElement).disabled).toBe(true);
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    expect((screen.getByRole('button', { name: 'One-Way Lanes' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'One-Way Lanes' }));
    expect(status()).toBe(
      'The floor has no one-lane aisle: no run of two or more cells between shelves, one cell wide and open at both ends',
    );
  });

  it('requires a name before saving', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('saves the layout with only the selected pickups and the graph, then opens the new environment', async () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.keyDown(window, { key: 'p' });
    fireEvent.pointerDown(editorCanvas(), { pointerId: 1, button: 0, ...screenOf(2.5, 3) });
    fireEvent.pointerUp(editorCanvas(), { pointerId: 1, ...screenOf(2.5, 3) });
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(8, 8), cellCentre(8, 8));
    fireEvent.keyDown(window, { key: 'r' });
    dragOnCanvas(cellCentre(0, 19), cellCentre(0, 19));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '  Small hall ' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'One rack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/environments/7'));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/environments');
    const body = request.body as {
      name: string;
      description: string;
      dimensions: unknown;
      elements: { shelves: unknown; pickups: unknown; dropoffs: unknown; navigation_points: unknown[] };
      graph: { nodes: Array<{ id: string }>; edges: unknown[] };
    };
    expect(body.name).toBe('Small hall');
    expect(body.description).toBe('One rack');
    expect(body.dimensions).toEqual({ width: 20, height: 20 });
    expect(body.elements.shelves).toEqual([{ id: 'S1', position: [2, 3], size: [2, 1] }]);
    expect(body.elements.pickups).toEqual([{ id: 'P1', position: [2.5, 3], shelf_id: 'S1', side: 'top' }]);
    expect(body.elements.dropoffs).toEqual([{ id: 'D1', position: [8.5, 8.5] }]);
    expect(body.elements.navigation_points).toHaveLength(4);
    expect(body.graph.nodes.map((node) => node.id)).toEqual(['P1', 'D1', 'N1', 'N2', 'N3', 'N4', 'R1_1', 'R1']);
    expect(body.graph.edges.length).toBeGreaterThan(0);
  });

  it('shows what the layout needs and will not save it until it has a pickup, a dropoff and a station', () => {
    const needs = () => screen.queryByRole('region', { name: 'Layout needs' })?.textContent;
    expect(needs()).toBe(
      'Before it can be saved, the layout needs:' +
        "The layout has no pickup point: select at least one on a shelf's side" +
        'The layout has no dropoff point: add at least one' +
        'The layout has no robot station: add at least one, with its robots',
    );
    // Nothing is drawn wrong: the rules' alert stays away.
    expect(screen.queryByRole('region', { name: 'Layout problems' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));
    expect(
      screen.getByText(
        'The layout is not finished: add what it needs, listed above the grid, then create the environment.',
      ),
    ).toBeTruthy();
    expect(requests).toEqual([]);
    drawShelfWithPickup();
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(8, 8), cellCentre(8, 8));
    expect(needs()).toBe(
      'Before it can be saved, the layout needs:The layout has no robot station: add at least one, with its robots',
    );
    fireEvent.keyDown(window, { key: 'r' });
    dragOnCanvas(cellCentre(0, 19), cellCentre(0, 19));
    expect(needs()).toBeUndefined();
  });

  it('shows the spec error text when saving fails', async () => {
    respond = () => [500, { detail: 'boom' }];
    drawShelfWithPickup();
    fireEvent.keyDown(window, { key: 'd' });
    dragOnCanvas(cellCentre(8, 8), cellCentre(8, 8));
    fireEvent.keyDown(window, { key: 'r' });
    dragOnCanvas(cellCentre(0, 19), cellCentre(0, 19));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Environment' }));
    expect(await screen.findByText('Failed to create environment. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/environments/grid-editor');
  });

  it('imports a valid environment file and reports the problems of an invalid one', async () => {
    const input = screen.getByLabelText('Import environment file') as HTMLInputElement;
    const valid = {
      name: 'Imported hall',
      description: 'From a file',
      dimensions: { width: 8, height: 6 },
      elements: {
        shelves: [{ id: 'S1', position: [1, 1], size: [2, 2] }],
        dropoffs: [{ id: 'D1', position: [6.5, 4.5] }],
        robot_stations: [{ id: 'R1', position: [6.5, 0.5], robot_count: 2 }],
        pickups: [{ id: 'P1', position: [1.5, 1], shelf_id: 'S1', side: 'top' }],
      },
    };
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([JSON.stringify(valid)], 'hall.json')] } });
    });
    await waitFor(() => expect(status()).toBe('Imported the layout'));
    expect(counts()).toContain(
      'Shelves: 1 · Dropoffs: 1 · Robot Stations: 1 · Robots: 2 · Pickup Points: 1 of 8 selected',
    );
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Imported hall');
    expect((screen.getByLabelText(/^Width/) as HTMLInputElement).value).toBe('8');
    expect((screen.getByLabelText(/^Robots per station/) as HTMLInputElement).value).toBe('2');

    const invalid = { ...valid, elements: { ...valid.elements, dropoffs: [{ id: 'D1', position: [1.5, 1.5] }] } };
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([JSON.stringify(invalid)], 'broken.json')] } });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not import broken.json:');
    expect(alert.textContent).toContain('Shelf S1: Shelf would cover D1');
    expect(alert.textContent).toContain('D1 at (1.5, 1.5): Cannot place on shelf S1');
    expect(counts()).toContain('Shelves: 1 · Dropoffs: 1');
  });

  it('exports the layout as a JSON file named after the environment', async () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(3, 3));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Small Hall' } });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:fleetlab-export';
    });
    const revokeObjectURL = vi.fn();
    const originals = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
      expect(clicked.map((link) => [link.download, link.href])).toEqual([['small-hall.json', 'blob:fleetlab-export']]);
      // Revoking at once can cancel the download: the URL lives until the next task.
      expect(revokeObjectURL).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:fleetlab-export'));
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs[0]);
      });
      const file = JSON.parse(text);
      expect(file.format).toBe('fleetlab-environment');
      expect(file.name).toBe('Small Hall');
      expect(file.dimensions).toEqual({ width: 20, height: 20 });
      expect(file.elements.shelves).toEqual([{ id: 'S1', position: [2, 3], size: [2, 1] }]);
    } finally {
      Object.assign(URL, originals);
    }
  });

  it('pans the view with the Pan View tool', () => {
    dragOnCanvas(cellCentre(2, 3), cellCentre(2, 3));
    fireEvent.keyDown(window, { key: 'v' });
    const canvasElement = editorCanvas();
    fireEvent.pointerDown(canvasElement, { pointerId: 1, button: 0, clientX: 500, clientY: 300 });
    fireEvent.pointerMove(canvasElement, { pointerId: 1, clientX: 540, clientY: 310 });
    fireEvent.pointerUp(canvasElement, { pointerId: 1, clientX: 540, clientY: 310 });
    expect(counts()).toContain('Shelves: 1');
    // After panning by (40, 10) the shelf tool draws at the moved cells.
    fireEvent.keyDown(window, { key: 's' });
    const moved = cellCentre(5, 5);
    dragOnCanvas(
      { clientX: moved.clientX + 40, clientY: moved.clientY + 10 },
      { clientX: moved.clientX + 40, clientY: moved.clientY + 10 },
    );
    expect(status()).toBe('Added shelf S2 (1x1)');
  });
});

describe('GridEditorPage with a grid map handed over by the environments list', () => {
  afterEach(cleanup);

  const wideMap = `type octile\nheight 6\nwidth 80\nmap\n${`${'.'.repeat(80)}\n`.repeat(2)}${`.${'@'.repeat(78)}.\n`}${`${'.'.repeat(80)}\n`.repeat(3)}`;

  it('opens the map as the first layout, and leaving its Width field keeps the map whole', async () => {
    renderPage(<GridEditorPage />, {
      path: { pathname: '/environments/grid-editor', state: { mapFile: { name: 'long-aisle.map', text: wideMap } } },
      route: '/environments/grid-editor',
    });
    expect(status()).toBe('Imported the layout');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('long-aisle');
    const width = screen.getByLabelText(/^Width/) as HTMLInputElement;
    expect(width.value).toBe('80');
    expect(counts()).toContain('Shelves: 1 ·');
    fireEvent.focus(width);
    fireEvent.blur(width);
    expect(width.value).toBe('80');
    expect(counts()).toContain('Shelves: 1 ·');
    // It may be cropped, never grown past the map's own size.
    fireEvent.change(width, { target: { value: '120' } });
    fireEvent.blur(width);
    expect(width.value).toBe('80');
  });
});
