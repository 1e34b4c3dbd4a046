import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  recordCanvasesWithFakeTimers,
  type RecordingCanvasContext,
} from '../../map-drawing/test-support/recording-canvas-context.ts';
import { LAYOUT_COLORS } from '../../map-drawing/render-layout.ts';
import { TRAFFIC_COLORS } from '../../map-drawing/traffic-rules-drawing.ts';
import { EnvironmentMap, MAP_FIT_DELAY_MS } from './environment-map.tsx';

// A 10x8 grid with one 2x1 shelf at (2, 3), its top pickup, a dropoff and a station.
const smallEnvironment = {
  dimensions: { width: 10, height: 8 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 3] as [number, number], size: [2, 1] as [number, number] }],
    dropoffs: [{ id: 'D1', position: [8.5, 6.5] as [number, number] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5] as [number, number], robot_count: 1 }],
    pickups: [{ id: 'P1', position: [2.5, 2.5] as [number, number], shelf_id: 'S1', side: 'top' as const }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] as [number, number], station_index: 0 }],
    navigation_points: [],
  },
  graph: {
    nodes: [
      { id: 'P1', type: 'pickup' as const, x: 2.5, y: 2.5 },
      { id: 'D1', type: 'dropoff' as const, x: 8.5, y: 6.5 },
    ],
    edges: [
      { from: 'P1', to: 'D1', weight: 7.21 },
      { from: 'D1', to: 'P1', weight: 7.21 },
    ],
  },
};

function shelfRects(context: RecordingCanvasContext) {
  // Shelves are the only full-size `rect` calls made before the shelf fill.
  const fillIndex = context.calls.findIndex((call) => call.method === 'fill' && call.fillStyle === LAYOUT_COLORS.shelf);
  return context.calls
    .slice(0, fillIndex)
    .filter((call) => call.method === 'rect')
    .map((call) => call.args as number[]);
}

describe('EnvironmentMap', () => {
  const canvas = recordCanvasesWithFakeTimers();

  function latestContext(): RecordingCanvasContext {
    const [context] = [...canvas().contexts.values()];
    return context;
  }

  it('shows the legend with the four element kinds of the spec', () => {
    render(<EnvironmentMap environment={smallEnvironment} />);
    const items = screen.getByRole('list', { name: 'Legend' }).querySelectorAll('li');
    expect([...items].map((item) => item.textContent)).toEqual([
      'Shelves',
      'Dropoff Points',
      'Robot Stations',
      'Pickup Points',
    ]);
  });

  it('adds the traffic rules to the legend when the layout has them, and draws them', () => {
    const withRules = {
      ...smallEnvironment,
      elements: {
        ...smallEnvironment.elements,
        one_way_aisles: [
          {
            id: 'W1',
            position: [0, 5] as [number, number],
            size: [10, 1] as [number, number],
            direction: 'right' as const,
          },
        ],
        keep_clear_cells: [{ id: 'K1', position: [5.5, 5.5] as [number, number] }],
      },
    };
    render(<EnvironmentMap environment={withRules} />);
    act(() => vi.advanceTimersByTime(MAP_FIT_DELAY_MS));
    const items = screen.getByRole('list', { name: 'Legend' }).querySelectorAll('li');
    expect([...items].map((item) => item.textContent)).toEqual([
      'Shelves',
      'Dropoff Points',
      'Robot Stations',
      'Pickup Points',
      'One-Way Aisles',
      'Keep-Clear Cells',
    ]);
    const strokes = latestContext()
      .calls.filter((call) => call.method === 'stroke')
      .map((call) => call.strokeStyle);
    expect(strokes).toContain(TRAFFIC_COLORS.oneWayArrow);
    expect(strokes).toContain(TRAFFIC_COLORS.keepClear);
  });

  it('fits the whole floor 100 ms after mount and on Reset View: the floor and a 0.75-cell margin in the panel, centred', () => {
    render(<EnvironmentMap environment={smallEnvironment} />);
    expect(screen.getByLabelText('Zoom level').textContent).toBe('100%');
    act(() => {
      vi.advanceTimersByTime(MAP_FIT_DELAY_MS);
    });
    // Unmeasured area falls back to 800 x 384 (h-96): min(800 / (11.5 x 50), 384 / (9.5 x 50)) = 0.8084.
    expect(screen.getByLabelText('Zoom level').textContent).toBe('81%');
    const context = latestContext();
    context.reset();
    fireEvent.click(screen.getByRole('button', { name: 'Reset View' }));
    const [shelf] = shelfRects(context);
    const cell = 384 / 9.5;
    const offsetX = (800 - 10 * cell) / 2;
    const offsetY = (384 - 8 * cell) / 2;
    expect(shelf[0]).toBeCloseTo(offsetX + 2 * cell, 6);
    expect(shelf[1]).toBeCloseTo(offsetY + 3 * cell, 6);
    expect(shelf[2]).toBeCloseTo(2 * cell, 6);
    expect(shelf[3]).toBeCloseTo(cell, 6);
  });

  it('draws graph edges once per undirected pair only when showGraph is set', () => {
    const { rerender } = render(<EnvironmentMap environment={smallEnvironment} />);
    const context = latestContext();
    expect(context.calls.some((call) => call.method === 'stroke' && call.strokeStyle === LAYOUT_COLORS.graphEdge)).toBe(
      false,
    );
    context.reset();
    rerender(<EnvironmentMap environment={smallEnvironment} showGraph />);
    const edgeStroke = context.calls.findIndex(
      (call) => call.method === 'stroke' && call.strokeStyle === LAYOUT_COLORS.graphEdge,
    );
    expect(edgeStroke).toBeGreaterThan(0);
    const pathStart = context.calls
      .slice(0, edgeStroke)
      .map((call) => call.method)
      .lastIndexOf('beginPath');
    const edgePath = context.calls.slice(pathStart, edgeStroke).map((call) => call.method);
    expect(edgePath).toEqual(['beginPath', 'moveTo', 'lineTo']);
  });

  it('pans with a pointer drag and zooms with the buttons in steps of 10%', () => {
    render(<EnvironmentMap environment={smallEnvironment} />);
    const context = latestContext();
    const before = shelfRects(context)[0];
    const map = screen.getByRole('img', { name: 'Environment map' });
    context.reset();
    fireEvent.pointerDown(map, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(map, { pointerId: 1, clientX: 130, clientY: 120 });
    fireEvent.pointerUp(map, { pointerId: 1, clientX: 130, clientY: 120 });
    const after = shelfRects(context).at(-1)!;
    expect(after[0] - before[0]).toBeCloseTo(30, 6);
    expect(after[1] - before[1]).toBeCloseTo(20, 6);

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByLabelText('Zoom level').textContent).toBe('110%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByLabelText('Zoom level').textContent).toBe('90%');
  });

  it('rings highlighted pickups and dropoffs, and the legend says what the rings mean', () => {
    render(
      <EnvironmentMap
        environment={smallEnvironment}
        highlight={{ pickups: ['P1'], dropoffs: ['D1'] }}
        highlightLabel="In this task"
      />,
    );
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('In this task')).toBeInTheDocument();
    const highlightStrokes = latestContext().calls.filter(
      (call) => call.method === 'stroke' && call.strokeStyle === LAYOUT_COLORS.highlight,
    );
    expect(highlightStrokes).toHaveLength(2);
  });
});
