import { PriorityInheritancePolicy } from './priority-inheritance.ts';

/**
 * Plain PIBT: every robot heads for its goal along its shortest walk (cost to go = the floor's
 * walk length), whatever the others do. The baseline the congestion-aware policy is measured
 * against.
 */
export class PibtPolicy extends PriorityInheritancePolicy {
  protected costToGo(robot: number, cell: number): number {
    return this.state.field[robot][cell];
  }
}
