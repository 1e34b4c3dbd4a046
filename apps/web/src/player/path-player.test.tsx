import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Environment, Solve } from '../api/types.ts';
import {
  SHIFT_EXECUTION,
  SHIFT_FLOOR,
  SHIFT_PARAMETERS,
  SHIFT_RESULTS,
  SHIFT_SOLVE_STATS,
} from '../components/results/shift.fixture.ts';
import { TWO_ROBOT_ENVIRONMENT, TWO_ROBOT_SOLVE } from '../components/results/two-robot-plan.fixture.ts';
import {
  FLOOR_STATS,
  QUEUE_FLOOR,
  QUEUE_PARAMETERS,
  QUEUE_RESULTS,
  TURNS_FLOOR,
  TURNS_RESULTS,
} from './floor-plan.fixture.ts';
import { PathPlayer } from './path-player.tsx';
import { MOTION_EXECUTION, TRAFFIC_EXECUTION, TRAFFIC_FLOOR, TRAFFIC_PARAMETERS } from './traffic-replay.fixture.ts';
import { ACTIVITIES_NOT_RECORDED_TEXT } from './traffic-status.tsx';

// Typed as the page's records, so the props stay in step with what the page passes.
const solve: Solve = TWO_ROBOT_SOLVE;
const environment: Environment = TWO_ROBOT_ENVIRONMENT;

// Animation frames are driven by hand: each call runs the queued frame callbacks at a
// chosen timestamp, so simulated time advances exactly.
let queued: FrameRequestCallback[] = [];
let now = 0;

function runFrames(count: number, stepMs = 250): void {
  for (let frame = 0; frame < count; frame += 1) {
    const callbacks = queued;
    queued = [];
    act(() => {
      for (const callback of callbacks) callback(now);
    });
    now += stepMs;
  }
}

beforeEach(() => {
  queued = [];
  now = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    queued.push(callback);
    return queued.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {
    queued = [];
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPlayer() {
  return render(<PathPlayer environment={environment} results={solve.results} parameters={solve.parameters} />);
}

function clock(): string {
  return screen.getByLabelText('Simulated time').textContent ?? '';
}

function robotRow(robotId: string): string[] {
  const row = document.querySelector(`tr[data-robot="${robotId}"]`) as HTMLTableRowElement;
  return [...row.cells].map((cell) => cell.textContent ?? '');
}

function timeSlider(): HTMLInputElement {
  return screen.getByRole('slider', { name: 'Replay time' }) as HTMLInputElement;
}

describe('PathPlayer', () => {
  // The two-robot plan was made on the navigation graph (its stats say no 'floor'): it replays
  // on its steps' completion times. R1_2 ends last, with its 6 min recharge in place at 370 s.
  it('starts at 0 with the plan’s end, and every robot’s state', () => {
    renderPlayer();
    expect(clock()).toBe('0:00.0 / 6:10.0');
    expect(robotRow('R1_1')).toEqual(['R1_1', '1 / 4', 'accelerating', 'in transit', '0 / 3', '100.0%']);
    expect(robotRow('R2_1')).toEqual(['R2_1', 'Done', 'stopped', 'idle', '0 / 0', '100.0%']);
  });

  it('plays, pauses and resets the simulated clock, showing a delivery done at its completion_time', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    // First frame sets the reference time; each later one advances 0.25 s x 10 at 1x.
    runFrames(5);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(clock()).toBe('0:10.0 / 6:10.0');
    // R1_1's first delivery is done at its completion_time, 10 s; it sets off for P2.
    expect(robotRow('R1_1').slice(1, 5)).toEqual(['2 / 4', 'accelerating', 'in transit', '1 / 3']);
    runFrames(3);
    expect(clock()).toBe('0:10.0 / 6:10.0');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(clock()).toBe('0:00.0 / 6:10.0');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('speeds up with the multiplier, raises the low battery alert and stops itself when every robot is done', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: '4x' }));
    expect(screen.getByRole('button', { name: '4x' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    // 10 s of simulated time per frame: at 40 s R1_1 charges at R1 with its 20 m range spent.
    runFrames(5);
    expect(clock()).toBe('0:40.0 / 6:10.0');
    expect(robotRow('R1_1').slice(1, 4)).toEqual(['3 / 4', 'recharging', 'idle']);
    expect(screen.getByRole('alert').textContent).toBe('Low battery alert: R1_1 at 0.0%');

    runFrames(40);
    expect(clock()).toBe('6:10.0 / 6:10.0');
    expect(screen.getByRole('status').textContent).toBe('Simulation complete: every robot is done.');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(robotRow('R1_1')).toEqual(['R1_1', 'Done', 'stopped', 'idle', '3 / 3', '50.0%']);
    expect(robotRow('R1_2')).toEqual(['R1_2', 'Done', 'stopped', 'idle', '1 / 1', '100.0%']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queued).toHaveLength(0);
  });

  it('zooms between 50% and 250% in steps of 10%', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const zoom = screen.getByTestId('player-zoom');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom.textContent).toBe('110%');
    for (let step = 0; step < 10; step += 1) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoom.textContent).toBe('50%');
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers max speed 0.1-5 (default 1) and acceleration 0.1-3 (default 0.5), which reshape the motion but never the clock', () => {
    renderPlayer();
    const maxSpeed = screen.getByRole('slider', { name: 'Max speed' }) as HTMLInputElement;
    const acceleration = screen.getByRole('slider', { name: 'Acceleration' }) as HTMLInputElement;
    expect([maxSpeed.min, maxSpeed.max, maxSpeed.step, maxSpeed.value]).toEqual(['0.1', '5', '0.1', '1']);
    expect([acceleration.min, acceleration.max, acceleration.step, acceleration.value]).toEqual([
      '0.1',
      '3',
      '0.1',
      '0.5',
    ]);
    // At 2 s R1_1 is a third into its 6 m drive to P1 (6 s): with the default profile it cruises;
    // at 5 m/s and 0.1 m/s² the profile is a triangle and it is still accelerating.
    fireEvent.change(timeSlider(), { target: { value: '2' } });
    expect(robotRow('R1_1')[2]).toBe('cruising');
    fireEvent.change(maxSpeed, { target: { value: '5' } });
    fireEvent.change(acceleration, { target: { value: '0.1' } });
    expect(robotRow('R1_1')[2]).toBe('accelerating');
    expect(clock()).toBe('0:02.0 / 6:10.0');
    const group = screen.getByRole('group', { name: 'Speed' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['0.5x', '1x', '2x', '4x']);
  });
});

describe('PathPlayer’s time slider', () => {
  it('spans the whole replay and jumps to any time: the clock and the readouts follow, and Play goes on from there', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const slider = timeSlider();
    expect([slider.min, slider.max, slider.getAttribute('aria-valuetext')]).toEqual([
      '0',
      '370',
      '0.0 s of 6 min 10 s',
    ]);
    fireEvent.change(slider, { target: { value: '204' } });
    expect(clock()).toBe('3:24.0 / 6:10.0');
    expect(screen.getByTestId('replay-time').textContent).toBe('3 min 24 s of 6 min 10 s');
    expect(slider.getAttribute('aria-valuetext')).toBe('3 min 24 s of 6 min 10 s');
    // R1_1's charge ended at 204 s: its last delivery is under way, on a full battery.
    expect(robotRow('R1_1').slice(1)).toEqual(['4 / 4', 'accelerating', 'in transit', '2 / 3', '100.0%']);

    await user.click(screen.getByRole('button', { name: 'Play' }));
    runFrames(3);
    expect(clock()).toBe('3:29.0 / 6:10.0');
    expect(Number(slider.value)).toBe(209);
  });

  it('steps with the keys: arrows one second, Page Up / Page Down one minute, Home and End the ends', async () => {
    const user = userEvent.setup();
    renderPlayer();
    timeSlider().focus();
    for (let second = 0; second < 10; second += 1) await user.keyboard('{ArrowRight}');
    // 10 s: R1_1's first delivery is done at its completion_time, not a second before.
    expect(clock()).toBe('0:10.0 / 6:10.0');
    expect(robotRow('R1_1')[4]).toBe('1 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(robotRow('R1_1')[4]).toBe('0 / 3');
    await user.keyboard('{PageUp}');
    expect(clock()).toBe('1:09.0 / 6:10.0');
    await user.keyboard('{PageDown}{PageDown}');
    expect(clock()).toBe('0:00.0 / 6:10.0');
    await user.keyboard('{End}');
    expect(clock()).toBe('6:10.0 / 6:10.0');
    expect(robotRow('R1_2')[1]).toBe('Done');
    await user.keyboard('{Home}');
    expect(clock()).toBe('0:00.0 / 6:10.0');
  });

  it('holds the clock while the thumb is dragged, and plays on when it is let go', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    runFrames(2);
    fireEvent.pointerDown(timeSlider());
    fireEvent.change(timeSlider(), { target: { value: '100' } });
    runFrames(4);
    expect(clock()).toBe('1:40.0 / 6:10.0');
    fireEvent.pointerUp(timeSlider());
    runFrames(2);
    expect(clock()).toBe('1:45.0 / 6:10.0');
  });
});

describe('PathPlayer on a plan made on the floor', () => {
  it('replays the plan’s clock: a delivery done at its completion_time, a robot queued for the one charger', () => {
    render(
      <PathPlayer
        environment={QUEUE_FLOOR}
        results={QUEUE_RESULTS}
        stats={FLOOR_STATS}
        parameters={QUEUE_PARAMETERS}
      />,
    );
    // R1_2 queues from 10 s to 190 s, then charges 3 min: the plan ends at 370 s.
    expect(clock()).toBe('0:00.0 / 6:10.0');
    fireEvent.change(timeSlider(), { target: { value: '6' } });
    expect(robotRow('R1_1').slice(1, 5)).toEqual(['2 / 2', 'accelerating', 'in transit', '1 / 1']);
    fireEvent.change(timeSlider(), { target: { value: '100' } });
    expect(robotRow('R1_1').slice(1, 4)).toEqual(['2 / 2', 'recharging', 'idle']);
    expect(robotRow('R1_2').slice(1, 4)).toEqual(['2 / 2', 'queued', 'idle']);
    expect(screen.queryByText(/cannot hold it/)).toBeNull();
  });
});

describe('PathPlayer with traffic', () => {
  // The hand-made execution of traffic-replay.fixture.ts, with max_distance 11 m so the 10 m
  // R1_1 drives before it queues at its charger leave 9.1%: a low battery alert.
  const plan = {
    R1_1: [{ task: ['P1', 'D1'], path: ['R1_1', 'P1', 'D1'], total_distance: 6, completion_time: 6 }],
    R1_2: [],
  };
  function renderTrafficPlayer() {
    return render(
      <PathPlayer
        environment={TRAFFIC_FLOOR}
        results={plan}
        parameters={{ ...TRAFFIC_PARAMETERS, max_distance: 11 }}
        execution={TRAFFIC_EXECUTION}
      />,
    );
  }
  const trafficStatus = () => screen.getByTestId('traffic-status');

  it('offers the switch only when the solve has an execution', () => {
    renderPlayer();
    expect(screen.queryByRole('group', { name: 'Replay' })).toBeNull();
    cleanup();
    renderTrafficPlayer();
    const replay = screen.getByRole('group', { name: 'Replay' });
    expect(
      within(replay)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Planned', 'With traffic']);
    expect(within(replay).getByRole('button', { name: 'Planned' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('replays the execution: waiting, queued with a low battery, and done when every robot is', async () => {
    const user = userEvent.setup();
    renderTrafficPlayer();
    await user.click(screen.getByRole('button', { name: 'With traffic' }));
    expect(clock()).toBe('0:00.0 / 0:12.5');
    expect(trafficStatus().textContent).toBe(
      'Waiting now: 0 · Queued at a dock: 0 · Queued for a charger: 0 · Charging: 0 · Waiting so far: 0.0 s',
    );
    expect(robotRow('R1_1')).toEqual(['R1_1', '1 / 2', 'cruising', 'in transit', '0 / 1', '100.0%']);

    // 0.5x: 1.25 s per 250 ms frame. At 1.25 s (the clock's 0:01.3) R1_1 stands blocked on (1, 0).
    await user.click(screen.getByRole('button', { name: '0.5x' }));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    runFrames(2);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(clock()).toBe('0:01.3 / 0:12.5');
    expect(trafficStatus().dataset.waiting).toBe('1');
    expect(robotRow('R1_1').slice(2, 4)).toEqual(['waiting', 'in transit']);

    // 1x: three more frames reach 8.75 s: home, queued for the busy charger, 10 m driven.
    await user.click(screen.getByRole('button', { name: '1x' }));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    runFrames(4);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(clock()).toBe('0:08.8 / 0:12.5');
    expect(trafficStatus().dataset.queued).toBe('1');
    expect(robotRow('R1_1')).toEqual(['R1_1', '2 / 2', 'queued', 'idle', '1 / 1', '9.1% Low']);
    expect(screen.getByRole('alert').textContent).toBe('Low battery alert: R1_1 at 9.1%');

    await user.click(screen.getByRole('button', { name: 'Play' }));
    runFrames(5);
    expect(screen.getByRole('status').textContent).toBe('Simulation complete: every robot is done.');
    expect(robotRow('R1_1')).toEqual(['R1_1', 'Done', 'stopped', 'idle', '1 / 1', '100.0%']);
    // The waiting so far ends at the execution's waiting: 3 steps blocked and 2 queued of 0.5 s.
    expect(trafficStatus().textContent).toBe(
      'Waiting now: 0 · Queued at a dock: 0 · Queued for a charger: 0 · Charging: 0 · Waiting so far: 2.5 s',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queued).toHaveLength(0);
  });

  it('says when the execution was stored before activities were recorded, and replays its movement', async () => {
    const user = userEvent.setup();
    const bare = {
      ...TRAFFIC_EXECUTION,
      robots: Object.fromEntries(
        Object.entries(TRAFFIC_EXECUTION.robots).map(([id, { activities: _activities, ...record }]) => [id, record]),
      ),
    };
    render(<PathPlayer environment={TRAFFIC_FLOOR} results={plan} parameters={TRAFFIC_PARAMETERS} execution={bare} />);
    await user.click(screen.getByRole('button', { name: 'With traffic' }));
    expect(trafficStatus().textContent).toBe(ACTIVITIES_NOT_RECORDED_TEXT);
    fireEvent.change(timeSlider(), { target: { value: '1' } });
    expect(robotRow('R1_1').slice(2, 4)).toEqual(['stopped', 'in transit']);
    fireEvent.change(timeSlider(), { target: { value: '0.25' } });
    expect(robotRow('R1_1').slice(2, 4)).toEqual(['cruising', 'in transit']);
  });

  it('keeps zoom and the motion sliders working: max speed above the robot speed eases starts and stops', async () => {
    const user = userEvent.setup();
    renderTrafficPlayer();
    await user.click(screen.getByRole('button', { name: 'With traffic' }));
    expect(
      screen.getByText(/robots cross one cell per step of 0.5 s, as executed \(robot speed 2 m\/s\)/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('player-zoom').textContent).toBe('110%');
    // R1_1 pulls away from its station at t = 0: at the robot speed it cruises; with 3 m/s of
    // headroom it accelerates through its first cell.
    expect(robotRow('R1_1')[2]).toBe('cruising');
    fireEvent.change(screen.getByRole('slider', { name: 'Max speed' }), { target: { value: '3' } });
    expect(robotRow('R1_1')[2]).toBe('accelerating');
    expect(clock()).toBe('0:00.0 / 0:12.5');
  });
});

describe('PathPlayer on a shift', () => {
  // The hand-made 1.5 h shift of one robot (../components/results/shift.fixture.ts).
  function renderShiftPlayer() {
    return render(
      <PathPlayer
        environment={SHIFT_FLOOR}
        results={SHIFT_RESULTS}
        stats={SHIFT_SOLVE_STATS}
        parameters={SHIFT_PARAMETERS}
        execution={SHIFT_EXECUTION}
      />,
    );
  }
  const orders = () => screen.getByTestId('shift-orders');

  it('replays the execution alone, over the whole shift, with its quarter hours to jump to', () => {
    renderShiftPlayer();
    // No plan made in advance: nothing to switch to.
    expect(screen.queryByRole('group', { name: 'Replay' })).toBeNull();
    expect(clock()).toBe('0:00.0 / 1:30:00.0');
    const marks = within(screen.getByRole('group', { name: 'Jump to' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(marks).toEqual(['15 min', '30 min', '45 min', '1 h', '1 h 15 min', '1 h 30 min']);
    expect(orders().textContent).toBe('Orders released: 1 of 5 · Waiting for a robot: 1 · On board: 0 · Delivered: 0');
    // A shift has no plan: the speed plays seconds of the shift.
    expect(screen.getByTestId('player-speed').textContent).toBe('= 10 s of shift per second');
  });

  it('jumps to minute 30 and to the end: the clock, the robot and the orders follow', async () => {
    const user = userEvent.setup();
    renderShiftPlayer();
    await user.click(screen.getByRole('button', { name: '30 min' }));
    expect(clock()).toBe('30:00.0 / 1:30:00.0');
    expect(screen.getByTestId('replay-time').textContent).toBe('30 min 0 s of 1 h 30 min 0 s');
    // O2 is released at 1,800 s and the robot sets off for it from its station.
    expect(orders().textContent).toBe('Orders released: 2 of 5 · Waiting for a robot: 1 · On board: 0 · Delivered: 1');
    expect(robotRow('R1_1').slice(2, 5)).toEqual(['cruising', 'in transit', '1 / 4']);

    fireEvent.change(timeSlider(), { target: { value: '1810' } });
    // O2 delivered at 1,806 s; O3 picked up at 1,809 s, on board to D1.
    expect(orders().dataset).toMatchObject({ released: '3', waiting: '0', onBoard: '1', delivered: '2' });

    await user.click(screen.getByRole('button', { name: '1 h 30 min' }));
    expect(clock()).toBe('1:30:00.0 / 1:30:00.0');
    // O5, released 2 s before the end, still waits: the 1 order open at the end.
    expect(orders().textContent).toBe('Orders released: 5 of 5 · Waiting for a robot: 1 · On board: 0 · Delivered: 4');
  });
});

describe('PathPlayer replaying recorded motion', () => {
  it('says the sliders do not apply, turns off the sliders and shows the robot turning', async () => {
    const user = userEvent.setup();
    render(
      <PathPlayer
        environment={TRAFFIC_FLOOR}
        results={{ R1_1: [], R1_2: [] }}
        parameters={{ ...TRAFFIC_PARAMETERS, robot_model: 'drive-unit' }}
        execution={MOTION_EXECUTION}
      />,
    );
    expect(screen.queryByTestId('motion-replay-note')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'With traffic' }));
    expect(screen.getByTestId('motion-replay-note')).toHaveTextContent(
      /accelerate, cruise, brake and turn as they did.*Max speed and Acceleration do not apply here\./,
    );
    expect(screen.getByRole('slider', { name: 'Max speed' })).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Acceleration' })).toBeDisabled();
    // At t = 0 R1_1 turns in place towards D1.
    expect(robotRow('R1_1')[2]).toBe('turning');
    await user.click(screen.getByRole('button', { name: 'Planned' }));
    expect(screen.getByRole('slider', { name: 'Max speed' })).toBeEnabled();
  });

  it('replays a drive unit’s plan with the model’s own motion: the sliders are off in Planned too', () => {
    render(
      <PathPlayer
        environment={TURNS_FLOOR}
        results={TURNS_RESULTS}
        stats={FLOOR_STATS}
        parameters={{
          robot_speed: 1,
          recharge_time: 3,
          battery_capacity: 100,
          max_distance: 20,
          robot_model: 'drive-unit',
        }}
      />,
    );
    expect(screen.getByTestId('motion-replay-note')).toHaveTextContent(
      /Planned, robots move as the solve’s robot model times each run of the plan.*Max speed and Acceleration do not apply here\./,
    );
    expect(screen.getByRole('slider', { name: 'Max speed' })).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Acceleration' })).toBeDisabled();
  });
});
