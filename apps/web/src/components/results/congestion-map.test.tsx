import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordCanvasesWithFakeTimers } from '../../map-drawing/test-support/recording-canvas-context.ts';
import { TRAFFIC_EXECUTION, TRAFFIC_FLOOR } from '../../player/traffic-replay.fixture.ts';
import { shadeColour } from '../map/heat-scale.ts';
import { CongestionMap } from './congestion-map.tsx';

// The fixture's robot waited 1 s at (1, 0) and 0.5 s at (2, 1), P1's cell, and queued 1 s at its station (0, 0).
const heatmap = TRAFFIC_EXECUTION.heatmap;
const chargerQueues = TRAFFIC_EXECUTION.totals.charger_queue_s;

/** The texts of a list's buttons, the list found by its name. */
const buttons = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('CongestionMap', () => {
  // Fake timers keep the map's initial view: 50 px cells, centred in 800 x 384.
  const canvas = recordCanvasesWithFakeTimers();

  it('shows the heat map with its legend when turned on, and hides it again', () => {
    render(<CongestionMap environment={TRAFFIC_FLOOR} heatmap={heatmap} chargerQueueS={chargerQueues} />);
    expect(screen.queryByRole('figure', { name: 'Heat map legend' })).toBeNull();
    expect(screen.queryByTestId('heatmap-layer')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show Heat Map' }));
    const legend = screen.getByRole('figure', { name: 'Heat map legend' });
    // Ticks at 0, 1/4, 1/2, 3/4 and all of the scale: 0, 1/16, 1/4, 9/16 and 1 x the worst cell's 1 s.
    expect([...legend.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '0 s',
      '0.1 s',
      '0.3 s',
      '0.6 s',
      '1 s',
    ]);

    // The layer draws the three cells: two at the top shade, one at shade floor(sqrt(0.5) x 16) = 11.
    const layer = screen.getByTestId('heatmap-layer') as HTMLCanvasElement;
    const drawn = canvas()
      .contexts.get(layer)!
      .calls.filter((call) => call.method === 'fill')
      .map((call) => call.fillStyle);
    expect(drawn).toEqual([shadeColour(11), shadeColour(15)]);

    fireEvent.click(screen.getByRole('button', { name: 'Hide Heat Map' }));
    expect(screen.queryByRole('figure', { name: 'Heat map legend' })).toBeNull();
  });

  it('lists the most congested cells with their waiting and the station cells apart, each shown on the map at a click', () => {
    render(<CongestionMap environment={TRAFFIC_FLOOR} heatmap={heatmap} chargerQueueS={chargerQueues} />);
    const list = screen.getByRole('list', { name: 'Most congested cells' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cell (1, 0): 1.0 s waiting', 'Pickup P1 (2, 1): 0.5 s waiting']);
    // The robot's second at its station is the charger queue, not congestion.
    const queues = screen.getByRole('list', { name: 'Charger queues' });
    expect(
      within(queues)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Station R1 (0, 0): 1.0 s queued']);
    expect(screen.queryByTestId('focused-cell')).toBeNull();
    fireEvent.click(within(queues).getByRole('button', { name: 'Station R1 (0, 0): 1.0 s queued' }));
    // The heat map comes on and the map centres cell (0, 0) in its 800 x 384 area (50 px cells:
    // grid origin at (400 - 25, 192 - 25)), outlined 2 px outside the cell.
    expect(screen.getByRole('button', { name: 'Hide Heat Map' })).toBeTruthy();
    expect(
      within(queues).getByRole('button', { name: 'Station R1 (0, 0): 1.0 s queued' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const map = screen.getByRole('img', { name: 'Congestion map' });
    expect([map.dataset.offsetX, map.dataset.offsetY]).toEqual(['375', '167']);
    const marker = screen.getByTestId('focused-cell');
    expect([marker.style.left, marker.style.top, marker.style.width, marker.style.height]).toEqual([
      '373px',
      '165px',
      '54px',
      '54px',
    ]);
  });

  it('counts a station cell’s waiting beyond its charger queue as traffic, and lists no queue where none was', () => {
    // 3 s waited on the station's cell (0, 0), of which the run counted 1 s queued for a charger.
    const stationCell = heatmap.wait_s.map((seconds, cell) => (cell === 0 ? 3 : seconds));
    const { unmount } = render(
      <CongestionMap
        environment={TRAFFIC_FLOOR}
        heatmap={{ ...heatmap, wait_s: stationCell }}
        chargerQueueS={chargerQueues}
      />,
    );
    expect(buttons('Most congested cells')).toEqual([
      'Station R1 (0, 0): 2.0 s waiting',
      'Cell (1, 0): 1.0 s waiting',
      'Pickup P1 (2, 1): 0.5 s waiting',
    ]);
    expect(buttons('Charger queues')).toEqual(['Station R1 (0, 0): 1.0 s queued']);
    unmount();
    // No charging at all: robots setting out from the station one after another waited in traffic.
    render(<CongestionMap environment={TRAFFIC_FLOOR} heatmap={heatmap} chargerQueueS={{}} />);
    expect(buttons('Most congested cells')).toEqual([
      'Station R1 (0, 0): 1.0 s waiting',
      'Cell (1, 0): 1.0 s waiting',
      'Pickup P1 (2, 1): 0.5 s waiting',
    ]);
    expect(screen.queryByRole('list', { name: 'Charger queues' })).toBeNull();
  });

  it('names a dropoff’s own cell and the cells beside it, where robots queue for it, apart from the aisles', () => {
    // D1 stands on (4, 0); (3, 0) and (4, 1) are beside it; (1, 1) is beside nothing named.
    const width = heatmap.width;
    const seconds = new Map([
      [0 * width + 4, 4],
      [0 * width + 3, 3],
      [1 * width + 4, 2],
      [1 * width + 1, 1],
    ]);
    render(
      <CongestionMap
        environment={TRAFFIC_FLOOR}
        heatmap={{ ...heatmap, wait_s: heatmap.wait_s.map((_, cell) => seconds.get(cell) ?? 0) }}
        chargerQueueS={{}}
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Most congested cells' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Dropoff D1 (4, 0): 4.0 s waiting',
      'Cell (3, 0) beside dropoff D1: 3.0 s waiting',
      'Cell (4, 1) beside dropoff D1: 2.0 s waiting',
      'Cell (1, 1): 1.0 s waiting',
    ]);
  });

  it('lists the docks’ queues apart, per dock, and leaves them out of the congested cells', () => {
    // 3 s waited at (3, 0) beside D1, of which 2.5 s queued for D1 while another robot was at it;
    // 1 s at (1, 1), traffic. The run counted D1's queue, 2.5 s, and P1's, 0.5 s (at (2, 1)'s neighbour).
    const width = heatmap.width;
    const waited = new Map([
      [0 * width + 3, 3],
      [1 * width + 1, 1],
    ]);
    const docked = new Map([[0 * width + 3, 2.5]]);
    render(
      <CongestionMap
        environment={TRAFFIC_FLOOR}
        heatmap={{
          ...heatmap,
          wait_s: heatmap.wait_s.map((_, cell) => waited.get(cell) ?? 0),
          dock_queue_s: heatmap.wait_s.map((_, cell) => docked.get(cell) ?? 0),
        }}
        chargerQueueS={{}}
        dockQueueS={{ P1: 0.5, D1: 2.5 }}
      />,
    );
    expect(buttons('Most congested cells')).toEqual([
      'Cell (1, 1): 1.0 s waiting',
      'Cell (3, 0) beside dropoff D1: 0.5 s waiting',
    ]);
    expect(buttons('Dock queues')).toEqual([
      'Dropoff D1 (4, 0): 2.5 s queued for it',
      'Pickup P1 (2, 1): 0.5 s queued for it',
    ]);
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Dock queues' })).getByRole('button', { name: /Dropoff D1/ }),
    );
    // The heat map comes on with D1's cell outlined.
    expect(screen.getByRole('button', { name: 'Hide Heat Map' })).toBeTruthy();
    expect(screen.getByTestId('focused-cell')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Charger queues' })).toBeNull();
  });

  it('says when no robot waited anywhere', () => {
    render(
      <CongestionMap
        environment={TRAFFIC_FLOOR}
        heatmap={{ ...heatmap, wait_s: heatmap.wait_s.map(() => 0) }}
        chargerQueueS={{}}
      />,
    );
    expect(screen.getByText('No robot waited anywhere.')).toBeTruthy();
  });

  it('shows a cell’s waiting seconds on hover', () => {
    render(<CongestionMap environment={TRAFFIC_FLOOR} heatmap={heatmap} chargerQueueS={chargerQueues} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Heat Map' }));
    const map = screen.getByRole('img', { name: 'Congestion map' });
    // Cells of 50 px from (275, 117): (350, 142) is in cell (1, 0), (390, 190) in cell (2, 1).
    fireEvent.pointerMove(map, { pointerId: 1, clientX: 350, clientY: 142 });
    expect(screen.getByRole('tooltip').textContent).toBe('Cell (1, 0): 1.0 s waiting');
    fireEvent.pointerMove(map, { pointerId: 1, clientX: 390, clientY: 190 });
    expect(screen.getByRole('tooltip').textContent).toBe('Cell (2, 1): 0.5 s waiting');
    fireEvent.pointerLeave(map);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
