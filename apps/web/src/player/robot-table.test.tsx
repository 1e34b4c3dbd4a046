import { act, fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRobotState, type ReplayModel } from './robot-state.ts';
import { RobotTable, type RobotTableHandle } from './robot-table.tsx';

const ROBOTS = 30;
const model: ReplayModel = {
  endTime: 10,
  robots: Array.from({ length: ROBOTS }, (_, index) => ({
    robotId: `R1_${index + 1}`,
    stepCount: 2,
    deliveryCount: 2,
    xs: new Float64Array(0),
    ys: new Float64Array(0),
  })),
};
const states = model.robots.map((robot) => ({
  ...createRobotState(robot.robotId),
  stepIndex: 0,
  batteryPercent: 80,
  motion: 'cruising' as const,
}));

function rowTexts(container: HTMLElement, index: number): string[] {
  const row = container.querySelectorAll('tbody tr')[index] as HTMLTableRowElement;
  return [...row.cells].map((cell) => cell.textContent ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RobotTable', () => {
  it('writes every row where there is no layout', () => {
    const table = createRef<RobotTableHandle>();
    const { container } = render(<RobotTable ref={table} model={model} selectedRobot={-1} onSelect={() => {}} />);
    act(() => table.current!.write(states));
    expect(rowTexts(container, 29)).toEqual(['R1_30', '1 / 2', 'cruising', 'idle', '0 / 2', '80.0%']);
  });

  it('writes the rows in view and 8 beyond, and the others once scrolled to', () => {
    // Rows of 20 px in a 100 px high view: rows 0-4 are in view, up to row 5 partly; 0-13 are written.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    const table = createRef<RobotTableHandle>();
    const { container } = render(<RobotTable ref={table} model={model} selectedRobot={-1} onSelect={() => {}} />);
    act(() => table.current!.write(states));
    expect(rowTexts(container, 13)[1]).toBe('1 / 2');
    expect(rowTexts(container, 14)[1]).toBe('');

    // Scrolled by 400 px: rows 20-25 in view, 12-33 (so up to the last, 29) written.
    const scroller = container.querySelector('tbody')!.closest('div')!;
    scroller.scrollTop = 400;
    fireEvent.scroll(scroller);
    expect(rowTexts(container, 29)).toEqual(['R1_30', '1 / 2', 'cruising', 'idle', '0 / 2', '80.0%']);
  });
});
