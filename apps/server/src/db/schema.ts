import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AlgorithmName,
  DimensionsRecord,
  ExperimentKind,
  ExperimentParametersRecord,
  ExecutionRecord,
  ElementsRecord,
  NavigationGraphRecord,
  RobotModelParameter,
  ScenarioParametersRecord,
  SolveParametersRecord,
  SolveResultsRecord,
  SolveStatsRecord,
  TaskDetailsRecord,
} from '@fleetlab/warehouse';

/** Timestamps are written by the application (from its clock), so tests can control time. */
const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // Usernames are unique regardless of case, so "Ada" and "ada" cannot both exist.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
  ],
);

/** One row per code ever sent: the history also drives the resend limits. */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    /** 'register' or 'resend': only resends count against the hourly resend limit. */
    reason: text('reason').notNull(),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the code was used, replaced by a newer one, or burnt by wrong attempts. */
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamps.created_at,
  },
  (table) => [index('email_verification_codes_user_idx').on(table.user_id, table.created_at)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token: a database leak does not leak usable tokens. */
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [uniqueIndex('auth_tokens_token_hash_unique').on(table.token_hash)],
);

/** Failed logins, kept in the database so every API process sees the same throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    /** The e-mail as typed (lower-cased), whether or not an account has it. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: timestamps.created_at,
  },
  (table) => [
    index('login_failures_email_idx').on(table.email, table.created_at),
    index('login_failures_ip_idx').on(table.ip, table.created_at),
  ],
);

export const environments = pgTable(
  'environments',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    dimensions: jsonb('dimensions').$type<DimensionsRecord>().notNull(),
    elements: jsonb('elements').$type<ElementsRecord>().notNull(),
    graph: jsonb('graph').$type<NavigationGraphRecord>().notNull(),
    /** The number of the layout above (1 when created, one more with each PUT); older ones are in `environment_versions`. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('environments_user_idx').on(table.user_id, table.created_at)],
);

/**
 * The layouts an environment had before its latest one (the row in `environments` holds the
 * latest): each PUT moves the replaced layout here, so the solves, scenarios and experiments made
 * on it still show what they ran on, and the latest layout is stored once.
 */
export const environmentVersions = pgTable(
  'environment_versions',
  {
    environment_id: integer('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    dimensions: jsonb('dimensions').$type<DimensionsRecord>().notNull(),
    elements: jsonb('elements').$type<ElementsRecord>().notNull(),
    graph: jsonb('graph').$type<NavigationGraphRecord>().notNull(),
    /** When this layout was saved (the environment's `updated_at` then). */
    created_at: timestamps.created_at,
  },
  (table) => [primaryKey({ columns: [table.environment_id, table.version] })],
);

export const scenarios = pgTable(
  'scenarios',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    environment_id: integer('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    /** The version of the environment's layout this record was made on (`environments.version` then). */
    environment_version: integer('environment_version').notNull().default(1),
    name: text('name').notNull(),
    description: text('description'),
    parameters: jsonb('parameters').$type<ScenarioParametersRecord>().notNull(),
    ...timestamps,
  },
  (table) => [
    index('scenarios_user_idx').on(table.user_id, table.created_at),
    index('scenarios_environment_idx').on(table.environment_id),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scenario_id: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    task_type: text('task_type').notNull(),
    status: text('status').notNull().default('pending'),
    details: jsonb('details').$type<TaskDetailsRecord>().notNull(),
    ...timestamps,
  },
  (table) => [
    index('tasks_user_idx').on(table.user_id, table.created_at),
    index('tasks_scenario_idx').on(table.scenario_id),
  ],
);

export const solves = pgTable(
  'solves',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    environment_id: integer('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    /** The version of the environment's layout this record was made on (`environments.version` then). */
    environment_version: integer('environment_version').notNull().default(1),
    scenario_id: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('pending'),
    algorithm_id: integer('algorithm_id').notNull(),
    parameters: jsonb('parameters').$type<SolveParametersRecord>().notNull(),
    /**
     * Robot id -> steps (spec §3), or `{error}` when failed; never the figures. `json`, not `jsonb`:
     * a plan of a 20,000-order day weighs megabytes, is written once and read back whole, and
     * `json` keeps the text as written, so storing skips jsonb's conversion and GET /solves/{id}
     * sends the stored text without parsing it again.
     */
    results: json('results').$type<SolveResultsRecord>(),
    /** The solve's figures (makespan, bound, gap, stop reason, ...); null until completed. */
    stats: jsonb('stats').$type<SolveStatsRecord>(),
    /** The plan run by all robots on the shared floor (timelines, heat map); read by GET /solves/{id} only, as text, like `results`. */
    execution: json('execution').$type<ExecutionRecord>(),
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    /** Job id of the queue that runs the solve (name kept from the spec's API). */
    celery_task_id: text('celery_task_id'),
    /** The experiment this solve is a point of; deleting the experiment deletes its solves. */
    experiment_id: integer('experiment_id').references((): AnyPgColumn => experiments.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [
    index('solves_user_idx').on(table.user_id, table.created_at),
    index('solves_environment_idx').on(table.environment_id),
    index('solves_scenario_idx').on(table.scenario_id),
    index('solves_task_idx').on(table.task_id),
    index('solves_status_idx').on(table.status),
    index('solves_experiment_idx').on(table.experiment_id),
  ],
);

/**
 * A fleet sweep or an algorithm comparison: one solve per point (solves.experiment_id); its
 * status and progress are derived from those solves, so no worker ever writes here.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    environment_id: integer('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    /** The version of the environment's layout this record was made on (`environments.version` then). */
    environment_version: integer('environment_version').notNull().default(1),
    scenario_id: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind').$type<ExperimentKind>().notNull(),
    algorithms: jsonb('algorithms').$type<AlgorithmName[]>().notNull(),
    robot_counts: jsonb('robot_counts').$type<number[]>().notNull(),
    /** Chargers per station of each point of a charger sweep; [] for the other kinds. */
    charger_counts: jsonb('charger_counts').$type<number[]>().notNull().default([]),
    /** Orders per hour of each point of a rate sweep; [] for the other kinds. */
    rates: jsonb('rates').$type<number[]>().notNull().default([]),
    /** The P95 cycle-time target of an experiment that runs shifts; null for batch experiments. */
    cycle_p95_target_s: doublePrecision('cycle_p95_target_s'),
    /** The robot models of a robot-model comparison, in the order given; [] for the other kinds. */
    robot_models: jsonb('robot_models').$type<RobotModelParameter[]>().notNull().default([]),
    /** A robot-model comparison's target makespan (a day) or throughput (a shift); null: none. */
    target_makespan_s: doublePrecision('target_makespan_s'),
    target_throughput_per_h: doublePrecision('target_throughput_per_h'),
    parameters: jsonb('parameters').$type<ExperimentParametersRecord>().notNull(),
    knee_tolerance: doublePrecision('knee_tolerance').notNull(),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [index('experiments_user_idx').on(table.user_id, table.created_at)],
);

export type UserRow = typeof users.$inferSelect;
export type EnvironmentRow = typeof environments.$inferSelect;
export type EnvironmentVersionRow = typeof environmentVersions.$inferSelect;
export type ScenarioRow = typeof scenarios.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type SolveRow = typeof solves.$inferSelect;
export type ExperimentRow = typeof experiments.$inferSelect;
