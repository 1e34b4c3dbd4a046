import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { SolveQueue } from '../jobs/solve-queue.ts';
import { createRepositories } from '../repositories/index.ts';
import { AuthService } from './auth-service.ts';
import { EnvironmentsService } from './environments-service.ts';
import { ExperimentsService } from './experiments-service.ts';
import { ListAnswers } from './list-answers.ts';
import type { Mailer } from './mail.ts';
import type { ScryptParameters } from './password-hashing.ts';
import { ScenariosService } from './scenarios-service.ts';
import { SolvesService } from './solves-service.ts';
import { TaskGenerationService } from './task-generation-service.ts';
import type { TaskGenerator } from './task-generation/index.ts';
import { TasksService } from './tasks-service.ts';

/** Everything the routes call, built once per app and handed to every route plugin as `{ services }`. */
export interface Services {
  auth: AuthService;
  environments: EnvironmentsService;
  scenarios: ScenariosService;
  tasks: TasksService;
  taskGeneration: TaskGenerationService;
  solves: SolvesService;
  experiments: ExperimentsService;
  /** The GET lists' answers, kept per version of the rows they show. */
  lists: ListAnswers;
}

export interface ServiceOptions {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  tokenTtlHours: number;
  scryptParameters?: ScryptParameters;
  /** Runs the stored solves; without one, solves stay pending. */
  solveQueue?: SolveQueue;
  taskGenerator: TaskGenerator;
  /** The database's count of finished writes when this process is its only writer (`DatabaseHandle`). */
  writeGeneration?: () => number;
}

export function createServices(options: ServiceOptions): Services {
  const { clock } = options;
  const repositories = createRepositories(options.db, clock);
  const scenarios = new ScenariosService(repositories, clock);
  const solves = new SolvesService(repositories, options.solveQueue ?? null, options.writeGeneration);
  return {
    auth: new AuthService({
      repositories,
      mailer: options.mailer,
      clock,
      tokenTtlHours: options.tokenTtlHours,
      scryptParameters: options.scryptParameters,
    }),
    environments: new EnvironmentsService(repositories, clock),
    scenarios,
    tasks: new TasksService(repositories, clock),
    taskGeneration: new TaskGenerationService(repositories, options.taskGenerator),
    solves,
    experiments: new ExperimentsService(repositories, scenarios, solves, clock),
    lists: new ListAnswers(options.writeGeneration),
  };
}
