import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { DEFAULT_CALL_LIMITS, type CallLimits } from '../src/http/call-limits.ts';
import { createChain } from './support/resources.ts';
import { solveBody } from './support/fixtures.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/**
 * Every POST and PATCH body and every query string of the API, driven with hostile values built
 * from the route schemas (the OpenAPI document the server generates from them): wrong types,
 * numbers beyond any range or not numbers at all, deep nesting, megabyte strings, control
 * characters, missing and unknown fields. A value that cannot be valid must get a 4xx whose
 * detail names the field, with nothing written; nothing may ever get a 5xx.
 */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
};
type Path = Array<string | number>;

/** Values that no field of that type accepts; `mayBeValid` ones only have to be answered without a 5xx. */
type Mutation =
  | { kind: 'replace'; path: Path; value: unknown; mayBeValid: boolean; label: string }
  | { kind: 'remove'; path: Path; label: string }
  | { kind: 'raw'; path: Path; token: string; label: string };

const NOT_FINITE = ['NaN', 'Infinity', '-Infinity'];
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u009b'];
const MEGABYTE_STRING = 'x'.repeat(1_200_000);
const deepArray = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
const deepObject = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { nested: value };
  return value;
};

function typeOf(node: JsonSchema): string {
  if (node.enum) return 'enum';
  if (node.anyOf) return 'any';
  return node.type ?? 'any';
}

/** Every field of `schema` that the valid `example` holds, with its type and whether it is required. */
function fieldsOf(
  node: JsonSchema,
  example: unknown,
  path: Path = [],
  required = true,
): Array<{ path: Path; node: JsonSchema; required: boolean }> {
  const fields = [{ path, node, required }];
  if (typeOf(node) === 'object' && node.properties && example && typeof example === 'object') {
    for (const [name, child] of Object.entries(node.properties)) {
      if (!(name in example)) continue;
      fields.push(
        ...fieldsOf(
          child,
          (example as Record<string, unknown>)[name],
          [...path, name],
          node.required?.includes(name) ?? false,
        ),
      );
    }
  }
  if (typeOf(node) === 'array' && Array.isArray(example) && example.length > 0) {
    const itemSchemas = node.prefixItems ?? (Array.isArray(node.items) ? node.items : null);
    const first = itemSchemas ? itemSchemas[0] : (node.items as JsonSchema | undefined);
    if (first) fields.push(...fieldsOf(first, example[0], [...path, 0], true));
  }
  return fields;
}

/** The hostile values for one field of a body. */
function mutationsOf(field: { path: Path; node: JsonSchema; required: boolean }): fc.Arbitrary<Mutation> {
  const { path } = field;
  const replace =
    (label: string, mayBeValid: boolean) =>
    (value: unknown): Mutation => ({ kind: 'replace', path, value, mayBeValid, label });
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(deepArray(2000), deepObject(2000)).map(replace('deep nesting', false)),
  ];
  if (field.required && path.length > 0)
    options.push(fc.constant<Mutation>({ kind: 'remove', path, label: 'missing' }));
  const type = typeOf(field.node);
  if (type === 'string' || type === 'enum') {
    options.push(
      fc.constantFrom<unknown>(42, true, {}, [1]).map(replace('wrong type', false)),
      fc
        .tuple(fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 8 }))
        .map(([control, text]) => replace('control character', false)(`a${control}${text}`)),
      fc.constant(MEGABYTE_STRING).map(replace('megabyte string', false)),
    );
  }
  if (type === 'number' || type === 'integer') {
    options.push(
      fc.constantFrom<unknown>('twelve', true, {}, [], 'NaN').map(replace('wrong type', false)),
      fc
        .constantFrom(...NOT_FINITE)
        .map((token): Mutation => ({ kind: 'raw', path, token, label: 'not a finite number' })),
      fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 1e-320, -1, 0).map(replace('extreme number', true)),
    );
  }
  if (type === 'boolean') options.push(fc.constantFrom<unknown>('yes', 1, {}).map(replace('wrong type', false)));
  if (type === 'array') options.push(fc.constantFrom<unknown>({}, 'list', 3).map(replace('wrong type', false)));
  if (type === 'object') {
    options.push(
      fc.constantFrom<unknown>([], 'record', 3).map(replace('wrong type', false)),
      fc
        .record({
          id: fc.constant(999_999),
          user_id: fc.constant(1),
          status: fc.constant('completed'),
          extra: fc.string(),
        })
        .map(
          (extra): Mutation => ({
            kind: 'replace',
            path: [...path, '__unknown__'],
            value: extra,
            mayBeValid: true,
            label: 'unknown fields',
          }),
        ),
    );
  }
  return fc.oneof(...options);
}

function applied(body: unknown, mutation: Mutation): { payload: string; field: Path } {
  const copy = structuredClone(body);
  const { path } = mutation;
  const field = mutation.kind === 'replace' && mutation.label === 'unknown fields' ? path.slice(0, -1) : path;
  if (path.length === 0) {
    if (mutation.kind === 'raw') return { payload: mutation.token, field };
    if (mutation.kind === 'replace') return { payload: JSON.stringify(mutation.value), field };
  }
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  const key = path.at(-1)!;
  const placeholder = '"__raw_token__"';
  if (mutation.kind === 'remove') delete parent[key];
  else if (mutation.kind === 'raw') parent[key] = '__raw_token__';
  else if (mutation.label === 'unknown fields') Object.assign(parent, mutation.value as object);
  else parent[key] = mutation.value;
  const payload = JSON.stringify(copy);
  return { payload: mutation.kind === 'raw' ? payload.replace(placeholder, mutation.token) : payload, field };
}

/** What names a body field in a detail: `body.parameters.robot_speed`, or `body` for the body itself. */
const bodyField = (path: Path) => ['body', ...path].join('.');

const GENEROUS_LIMITS: CallLimits = Object.fromEntries(
  Object.entries(DEFAULT_CALL_LIMITS).map(([name, limit]) => [name, { ...limit, max: 100_000 }]),
) as unknown as CallLimits;

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let openApi: { paths: Record<string, Record<string, any>> };
  /** Valid bodies of each route, each driven in turn: one per shape a route takes (a batch solve and a shift, a fleet sweep and a rate sweep). */
  const bodies = new Map<string, unknown[]>();
  const queries = new Map<string, Record<string, string>>();
  let scenarioId = 0;
  let environmentId = 0;
  let experimentId = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { callLimits: GENEROUS_LIMITS });
    user = await t.signUp('hostile');
    const chain = await createChain(t.app, user, 'Hostile');
    scenarioId = chain.scenarioId;
    environmentId = chain.environmentId;
    const environment = (
      await t.app.inject({ method: 'GET', url: `/api/v1/environments/${chain.environmentId}`, headers: user.headers })
    ).json();
    const {
      id: _id,
      created_at: _created,
      updated_at: _updated,
      problems: _problems,
      version: _version,
      latest_version: _latestVersion,
      ...environmentBody
    } = environment;
    const email = 'someone@example.com';
    bodies.set('POST /api/v1/auth/register', [{ email, username: 'Someone', password: 'correct horse battery' }]);
    bodies.set('POST /api/v1/auth/verify-email', [{ email, code: '123456' }]);
    bodies.set('POST /api/v1/auth/resend-verification', [{ email }]);
    bodies.set('POST /api/v1/auth/login', [{ username: email, password: 'correct horse battery' }]);
    bodies.set('POST /api/v1/environments', [environmentBody]);
    bodies.set('PUT /api/v1/environments/{id}', [environmentBody]);
    bodies.set('POST /api/v1/scenarios', [
      { name: 'Peak', description: 'Mornings', environment_id: chain.environmentId, parameters: { robot_count: 1 } },
    ]);
    bodies.set('PATCH /api/v1/scenarios/{id}', [
      { name: 'Peak', description: 'Mornings', parameters: { robot_count: 1, order_volume: 10 } },
    ]);
    bodies.set('POST /api/v1/tasks/batch', [
      [
        {
          name: 'Two orders',
          description: 'P1 and P2',
          task_type: 'pickup_delivery',
          scenario_id: chain.scenarioId,
          details: {
            tasks: [
              ['P1', 'D1'],
              ['P2', 'D1'],
            ],
            release_s: [0, 30],
            priority: 1,
            start_point: [1, 1],
            additional_details: { note: 'rush' },
          },
        },
      ],
    ]);
    const shift = { hours: 0.25, orders_per_hour: 60, seed: 3, dispatch: 'nearest_idle', reoptimise_every_s: 60 };
    const daySolve = solveBody(chain);
    bodies.set('POST /api/v1/solves', [daySolve, { ...daySolve, parameters: { ...daySolve.parameters, shift } }]);
    const sweep = {
      name: 'Fleet size',
      description: 'One robot',
      kind: 'fleet_sweep',
      scenario_id: chain.scenarioId,
      task_id: chain.taskId,
      algorithm: 'greedy_distance',
      robot_counts: [1],
      parameters: { time_limit: 5, robot_speed: 1 },
    };
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/experiments',
      headers: user.headers,
      payload: sweep,
    });
    expect(stored.statusCode).toBe(201);
    experimentId = stored.json().id;
    bodies.set('POST /api/v1/experiments/{id}/points', [{ robot_counts: [2] }]);
    bodies.set('POST /api/v1/experiments', [
      {
        name: 'Fleet size',
        description: 'One or two',
        kind: 'fleet_sweep',
        scenario_id: chain.scenarioId,
        task_id: chain.taskId,
        algorithm: 'greedy_distance',
        robot_counts: [1],
        parameters: { time_limit: 5, robot_speed: 1 },
      },
      {
        name: 'Rates',
        description: 'Thirty and sixty',
        kind: 'rate_sweep',
        scenario_id: chain.scenarioId,
        task_id: chain.taskId,
        algorithm: 'greedy_distance',
        rates: [30, 60],
        cycle_p95_target_s: 600,
        parameters: { robot_speed: 1, shift },
      },
    ]);
    queries.set('GET /api/v1/scenarios', { environment_id: String(chain.environmentId) });
    queries.set('GET /api/v1/tasks', { scenario_id: String(chain.scenarioId) });
    queries.set('GET /api/v1/solves', {
      environment_id: String(chain.environmentId),
      scenario_id: String(chain.scenarioId),
    });
    queries.set('POST /api/v1/tasks/generate', {
      scenario_id: String(chain.scenarioId),
      num_tasks: '3',
      task_type: 'pickup_delivery',
      name: 'Batch',
      description: 'Generated',
      profile: 'uniform',
      seed: '7',
    });
    openApi = t.app.swagger() as typeof openApi;
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  /** Every row of every table: a refused request must leave all of it as it was. */
  async function snapshot(): Promise<string> {
    const tables = [
      schema.users,
      schema.emailVerificationCodes,
      schema.authTokens,
      schema.loginFailures,
      schema.environments,
      schema.environmentVersions,
      schema.scenarios,
      schema.tasks,
      schema.solves,
      schema.experiments,
    ];
    const rows = [];
    for (const table of tables) rows.push(await t.db.select().from(table));
    return JSON.stringify(rows);
  }

  const operations = () =>
    Object.entries(openApi.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
  const withBody = () =>
    operations().filter(({ operation }) => operation.requestBody?.content?.['application/json']?.schema);
  const withQuery = () =>
    operations().filter(({ operation }) =>
      (operation.parameters ?? []).some((parameter: any) => parameter.in === 'query'),
    );
  /** A route's {id}: the user's environment, experiment or scenario, by the resource the path names. */
  const urlOf = (path: string) =>
    path.replace(
      '{id}',
      String(
        path.startsWith('/api/v1/environments/')
          ? environmentId
          : path.startsWith('/api/v1/experiments/')
            ? experimentId
            : scenarioId,
      ),
    );

  it('has a valid example for every route that takes a body or a query string', () => {
    expect(
      withBody()
        .map(({ key }) => key)
        .sort(),
    ).toEqual([...bodies.keys()].sort());
    expect(
      withQuery()
        .map(({ key }) => key)
        .sort(),
    ).toEqual([...queries.keys()].sort());
  });

  it('answers every hostile body with a 4xx naming the field and writes nothing, or accepts a value the schema allows; never a 5xx', async () => {
    const examples = withBody().flatMap((route) => bodies.get(route.key)!.map((example) => ({ ...route, example })));
    for (const { key, path, method, operation, example } of examples) {
      const fields = fieldsOf(operation.requestBody.content['application/json'].schema as JsonSchema, example);
      const headers = { ...(path.startsWith('/api/v1/auth/') ? {} : user.headers), 'content-type': 'application/json' };
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields).chain(mutationsOf), async (mutation) => {
          const { payload, field } = applied(example, mutation);
          const before = await snapshot();
          const answer = await t.app.inject({ method: method as 'POST', url: urlOf(path), headers, payload });
          const where = `${key} with ${mutation.label} at ${bodyField(mutation.path)} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
          expect(answer.statusCode, where).toBeLessThan(500);
          if (answer.statusCode < 400) {
            expect(mutation.kind === 'replace' && mutation.mayBeValid, where).toBe(true);
            return;
          }
          const { detail } = answer.json();
          expect(typeof detail, where).toBe('string');
          // A body that may be valid is answered by the rules behind validation (a wrong code
          // counts an attempt); only a body that cannot be valid must leave everything as it was.
          if (mutation.kind === 'replace' && mutation.mayBeValid) return;
          if (answer.statusCode === 413) expect(detail, where).toMatch(/^Request body is too large/);
          else if (mutation.kind === 'raw') expect(detail, where).toBe('body: Request body is not valid JSON');
          else expect(detail, where).toContain(bodyField(field));
          expect((await snapshot()) === before, `${where}: the database changed`).toBe(true);
        }),
        { numRuns: 40, seed: 26 },
      );
    }
  }, 240_000);

  it('answers every hostile query string with a 4xx naming the parameter, or accepts an allowed value; never a 5xx', async () => {
    const hostile = fc.constantFrom(
      'abc',
      '1e308',
      '99999999999',
      '-1',
      '0',
      'NaN',
      'Infinity',
      '0x10',
      '',
      ' 1 ',
      'x'.repeat(20_000),
      'a\u0000b',
      'a\u0007b',
      '\u001b[2J',
    );
    for (const { key, path, method } of withQuery()) {
      const base = queries.get(key)!;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(base)),
          hostile,
          fc.boolean(),
          async (name, value, repeated) => {
            const search = new URLSearchParams(base);
            search.set(name, value);
            if (repeated) search.append(name, base[name]);
            const before = await snapshot();
            const answer = await t.app.inject({
              method: method as 'GET',
              url: `${urlOf(path)}?${search}`,
              headers: user.headers,
            });
            const where = `${key} with ${name}=${JSON.stringify(value).slice(0, 40)}${repeated ? ' (twice)' : ''} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
            expect(answer.statusCode, where).toBeLessThan(500);
            if (answer.statusCode >= 400) {
              expect(answer.json().detail, where).toContain(`querystring.${name}`);
              expect((await snapshot()) === before, `${where}: the database changed`).toBe(true);
            }
          },
        ),
        { numRuns: 40, seed: 27 },
      );
    }
  }, 240_000);

  it('leaves Object.prototype alone whatever the bodies held', () => {
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('user_id');
  });
});
