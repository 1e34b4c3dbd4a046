import type { Routes } from '../plan/plan-builder.ts';

/**
 * The few best distinct plans a search has met, by value (lower is better): a plan is kept when
 * it beats the worst kept one and no kept plan gives every delivery to the same robot in the same
 * order. A caller that judges plans by more than the search's value (how they run with every
 * robot on the floor at once) picks among them.
 */
export class ElitePlans {
  private readonly plans: { value: number; routes: Routes; signature: string }[] = [];

  constructor(readonly capacity: number) {}

  /** The value a plan must beat to be kept. */
  get threshold(): number {
    return this.plans.length < this.capacity ? Infinity : this.plans[this.plans.length - 1].value;
  }

  /** Offers a plan; `routes` is read only when it can be kept (it is copied). */
  offer(value: number, routes: () => Routes): void {
    if (this.capacity === 0 || !(value < this.threshold)) return;
    const copy = routes().map((route) => route.slice());
    const signature = copy.map((route) => route.join(',')).join('|');
    if (this.plans.some((plan) => plan.signature === signature)) return;
    this.plans.push({ value, routes: copy, signature });
    this.plans.sort((a, b) => a.value - b.value);
    if (this.plans.length > this.capacity) this.plans.pop();
  }

  /** The kept plans, best first. */
  routes(): Routes[] {
    return this.plans.map((plan) => plan.routes);
  }
}
