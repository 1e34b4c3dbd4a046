import { describe, expect, it } from 'vitest';
import { releaseOrders } from '../src/shift/order-stream.ts';

const pairs: [string, string][] = [
  ['P1', 'D1'],
  ['P1', 'D1'],
  ['P2', 'D2'],
];

describe('releaseOrders', () => {
  it('releases a seeded Poisson stream: ids in order of release, times increasing within the shift, the same for the same seed', () => {
    const orders = releaseOrders(pairs, { hours: 8, orders_per_hour: 600, seed: 4 });
    expect(orders.map((order) => order.id)).toEqual(orders.map((_, k) => `O${k + 1}`));
    for (let k = 1; k < orders.length; k++) expect(orders[k].releaseS).toBeGreaterThanOrEqual(orders[k - 1].releaseS);
    expect(orders[orders.length - 1].releaseS).toBeLessThan(8 * 3600);
    // 4,800 expected; a Poisson count's standard deviation is its square root (69).
    expect(Math.abs(orders.length - 4800)).toBeLessThan(4 * 69);
    expect(releaseOrders(pairs, { hours: 8, orders_per_hour: 600, seed: 4 })).toEqual(orders);
    expect(releaseOrders(pairs, { hours: 8, orders_per_hour: 600, seed: 5 })).not.toEqual(orders);
  });

  it("draws each order's pair from the task's pairs: the pairs are the demand mix", () => {
    const orders = releaseOrders(pairs, { hours: 8, orders_per_hour: 600, seed: 4 });
    const share = orders.filter((order) => order.pickup === 'P1').length / orders.length;
    // Two of the three pairs are P1 -> D1; the share's standard deviation is 0.7%.
    expect(Math.abs(share - 2 / 3)).toBeLessThan(0.03);
    expect(
      orders.every(
        (order) =>
          (order.pickup === 'P1' && order.dropoff === 'D1') || (order.pickup === 'P2' && order.dropoff === 'D2'),
      ),
    ).toBe(true);
  });

  it('follows an hourly profile, releasing nothing in an hour at rate 0', () => {
    const orders = releaseOrders(pairs, { hours: 2.5, profile: [1200, 0, 300], seed: 2 });
    const inHour = (hour: number) => orders.filter((order) => Math.floor(order.releaseS / 3600) === hour).length;
    expect(inHour(1)).toBe(0);
    expect(Math.abs(inHour(0) - 1200)).toBeLessThan(4 * Math.sqrt(1200));
    // The last hour is half an hour long: 150 expected.
    expect(Math.abs(inHour(2) - 150)).toBeLessThan(4 * Math.sqrt(150));
    expect(orders[orders.length - 1].releaseS).toBeLessThan(2.5 * 3600);
  });

  it("releases a task's pairs at their release_s times: in time order, ties in the task's order, none at or after the shift's end", () => {
    const orders = releaseOrders(
      [
        ['P2', 'D2'],
        ['P1', 'D1'],
        ['P3', 'D3'],
        ['P4', 'D4'],
      ],
      { hours: 1, orders_per_hour: 1 },
      [600, 30, 3600, 30],
    );
    expect(orders).toEqual([
      { id: 'O1', pickup: 'P1', dropoff: 'D1', releaseS: 30 },
      { id: 'O2', pickup: 'P4', dropoff: 'D4', releaseS: 30 },
      { id: 'O3', pickup: 'P2', dropoff: 'D2', releaseS: 600 },
    ]);
    expect(() => releaseOrders(pairs, { hours: 1, orders_per_hour: 1 }, [0, -1, 2])).toThrow(
      'release_s of pair 2 must be a number of seconds >= 0, got -1',
    );
  });
});
