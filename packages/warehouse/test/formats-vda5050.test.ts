import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateWarehouseInstance, importLorrProblem, VDA5050_VERSION, vda5050Orders } from '../src/index.ts';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');

/** The published VDA 5050 2.1.0 order schema (fixtures/vda5050/README.md says where it comes from). */
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validateOrder = ajv.compile(JSON.parse(fixture('vda5050/order.schema')));

/** The small LoRR floor: 8 x 6, shelf S1 over row 1 (columns 1-6); stations R1 (0, 0) and R2 (7, 0). */
const { layout } = importLorrProblem({
  problem: fixture('lorr-small/small-example_2.json'),
  map: fixture('lorr-small/maps/small.map'),
  agents: fixture('lorr-small/agents/small_2.agents'),
  tasks: fixture('lorr-small/tasks/small_5.tasks'),
});
const environment = { dimensions: layout.dimensions, elements: layout.elements };

/** R1_1 delivers P13 -> D1, then charges; R2_1 delivers P10 -> D2. */
const plan = {
  R1_1: [
    { task: ['P13', 'D1'] as [string, string], completion_time: 5 },
    { task: 'recharge' as const, completion_time: 200 },
  ],
  R2_1: [{ task: ['P10', 'D2'] as [string, string], completion_time: 9 }],
};

const node = (nodeId: string, sequenceId: number, x: number, y: number, extra: object = {}) => ({
  nodeId,
  sequenceId,
  released: true,
  nodePosition: { x, y, mapId: 'small', allowedDeviationXY: 0 },
  actions: [],
  ...extra,
});
const edge = (startNodeId: string, endNodeId: string, sequenceId: number, length: number) => ({
  edgeId: `${startNodeId}-${endNodeId}`,
  sequenceId,
  released: true,
  startNodeId,
  endNodeId,
  length,
  maxSpeed: 1.5,
  actions: [],
});

describe('VDA 5050 orders', () => {
  const orders = vda5050Orders(environment, plan, {
    manufacturer: 'Acme AGV',
    mapId: 'small',
    start: new Date('2026-01-05T06:00:00Z'),
    maxSpeed: 1.5,
  });

  it('writes one order per robot and trip, hand-worked on the small map', () => {
    expect(orders.map((order) => order.orderId)).toEqual(['R1_1-1', 'R1_1-2', 'R2_1-1']);
    // R1_1 drives down column 0 to row 2, turns right onto P13's cell (1, 2), picks, and drives
    // down to D1 (1, 4) and drops. Positions are cell centres in the layout's metres.
    expect(orders[0]).toEqual({
      headerId: 0,
      timestamp: '2026-01-05T06:00:00.000Z',
      version: VDA5050_VERSION,
      manufacturer: 'Acme AGV',
      serialNumber: 'R1_1',
      orderId: 'R1_1-1',
      orderUpdateId: 0,
      nodes: [
        node('R1_1', 0, 0.5, 0.5),
        node('cell-0-2', 2, 0.5, 2.5),
        node('P13', 4, 1.5, 2.5, {
          nodeDescription: 'pickup P13',
          actions: [
            {
              actionType: 'pick',
              actionId: 'R1_1-1-pick',
              actionDescription: 'pick up at P13',
              blockingType: 'HARD',
              actionParameters: [
                { key: 'stationName', value: 'P13' },
                { key: 'stationType', value: 'shelf' },
                { key: 'loadType', value: 'default' },
              ],
            },
          ],
        }),
        node('D1', 6, 1.5, 4.5, {
          nodeDescription: 'dropoff D1',
          actions: [
            {
              actionType: 'drop',
              actionId: 'R1_1-1-drop',
              actionDescription: 'drop at D1',
              blockingType: 'HARD',
              actionParameters: [
                { key: 'stationName', value: 'D1' },
                { key: 'stationType', value: 'dropoff' },
                { key: 'loadType', value: 'default' },
              ],
            },
          ],
        }),
      ],
      edges: [edge('R1_1', 'cell-0-2', 1, 2), edge('cell-0-2', 'P13', 3, 1), edge('P13', 'D1', 5, 2)],
    });
    // Its second trip sets out from D1 when the first ends (5 s) and charges at its station.
    expect(orders[1]).toMatchObject({
      headerId: 1,
      timestamp: '2026-01-05T06:00:05.000Z',
      orderId: 'R1_1-2',
      orderUpdateId: 0,
      nodes: [
        node('D1', 0, 1.5, 4.5),
        node('cell-0-4', 2, 0.5, 4.5),
        node('R1', 4, 0.5, 0.5, {
          nodeDescription: 'station R1',
          actions: [
            {
              actionType: 'startCharging',
              actionId: 'R1_1-2-startCharging',
              actionDescription: 'charge at R1',
              blockingType: 'HARD',
              actionParameters: [{ key: 'stationName', value: 'R1' }],
            },
          ],
        }),
      ],
      edges: [edge('D1', 'cell-0-4', 1, 1), edge('cell-0-4', 'R1', 3, 4)],
    });
    // R2_1 comes down column 7, along row 2 to P10 (4, 2), back to column 6 and down to D2 (6, 4).
    const [r2] = orders.slice(2);
    expect(r2?.nodes.map((n) => [n.nodeId, n.sequenceId, n.nodePosition.x, n.nodePosition.y])).toEqual([
      ['R2_1', 0, 7.5, 0.5],
      ['cell-7-2', 2, 7.5, 2.5],
      ['P10', 4, 4.5, 2.5],
      ['cell-6-2', 6, 6.5, 2.5],
      ['D2', 8, 6.5, 4.5],
    ]);
    expect(r2?.edges.map((e) => [e.edgeId, e.sequenceId, e.length])).toEqual([
      ['R2_1-cell-7-2', 1, 2],
      ['cell-7-2-P10', 3, 3],
      ['P10-cell-6-2', 5, 2],
      ['cell-6-2-D2', 7, 2],
    ]);
  });

  it('charges in place, at the one node where the robot stands, for a recharge_in_place of the original product', () => {
    const [order] = vda5050Orders(environment, { R2_1: [{ task: 'recharge_in_place', completion_time: 180 }] });
    expect(order?.nodes).toEqual([
      {
        nodeId: 'R2_1',
        sequenceId: 0,
        released: true,
        nodePosition: { x: 7.5, y: 0.5, mapId: 'fleetlab', allowedDeviationXY: 0 },
        actions: [
          {
            actionType: 'startCharging',
            actionId: 'R2_1-1-startCharging',
            actionDescription: 'charge in place at R2_1',
            blockingType: 'HARD',
            actionParameters: [],
          },
        ],
      },
    ]);
    expect(order?.edges).toEqual([]);
    expect(validateOrder(order)).toBe(true);
  });

  it('passes the published VDA 5050 2.1.0 order schema', () => {
    for (const order of orders) {
      const valid = validateOrder(order);
      expect(validateOrder.errors ?? [], order.orderId).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it('the schema refuses an order that breaks it (the validator is really checking)', () => {
    const [first] = orders;
    expect(validateOrder({ ...first, orderUpdateId: -1 })).toBe(false);
    expect(validateOrder({ ...first, timestamp: 'yesterday' })).toBe(false);
    expect(validateOrder({ ...first, nodes: [{ nodeId: 'x' }] })).toBe(false);
  });

  it('every edge joins the nodes around it along one row or column, and its length is that run', () => {
    for (const order of orders) {
      order.edges.forEach((e, index) => {
        const from = order.nodes[index];
        const to = order.nodes[index + 1];
        if (!from || !to) throw new Error('an edge without its nodes');
        expect([e.startNodeId, e.endNodeId]).toEqual([from.nodeId, to.nodeId]);
        const dx = Math.abs(to.nodePosition.x - from.nodePosition.x);
        const dy = Math.abs(to.nodePosition.y - from.nodePosition.y);
        expect(Math.min(dx, dy)).toBe(0);
        expect(e.length).toBe(dx + dy);
      });
    }
  });
});

describe('VDA 5050 orders of random plans', () => {
  it('are valid orders whose edges run straight between their nodes, trip by trip (generated floors)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (seed, stations, recharges) => {
          const instance = generateWarehouseInstance({
            width: 20,
            height: 20,
            stations,
            robotsPerStation: 2,
            orders: 12,
            seed,
          });
          const { environment } = instance;
          const robots = environment.elements.robots.map((robot) => robot.id);
          // Deal the orders round-robin, a recharge after some of them.
          const plan: Record<string, { task: [string, string] | 'recharge'; completion_time: number }[]> = {};
          instance.tasks.forEach((pair, index) => {
            const robot = robots[index % robots.length] ?? '';
            const steps = plan[robot] ?? [];
            steps.push({ task: pair, completion_time: 10 * (index + 1) });
            if (recharges[index]) steps.push({ task: 'recharge', completion_time: 10 * (index + 1) + 5 });
            plan[robot] = steps;
          });
          const orders = vda5050Orders(environment, plan);
          expect(orders).toHaveLength(Object.values(plan).reduce((sum, steps) => sum + steps.length, 0));
          for (const order of orders) {
            expect(validateOrder(order), JSON.stringify(validateOrder.errors)).toBe(true);
            expect(order.nodes.map((n) => n.sequenceId)).toEqual(order.nodes.map((_, index) => 2 * index));
            order.edges.forEach((e, index) => {
              const from = order.nodes[index];
              const to = order.nodes[index + 1];
              expect(e.sequenceId).toBe(2 * index + 1);
              expect([e.startNodeId, e.endNodeId]).toEqual([from?.nodeId, to?.nodeId]);
              const dx = Math.abs((to?.nodePosition.x ?? 0) - (from?.nodePosition.x ?? 0));
              const dy = Math.abs((to?.nodePosition.y ?? 0) - (from?.nodePosition.y ?? 0));
              expect(Math.min(dx, dy)).toBe(0);
              expect(e.length).toBe(dx + dy);
            });
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
