import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { EnvironmentsRepository } from '../repositories/environments-repository.ts';
import { ScenariosRepository } from '../repositories/scenarios-repository.ts';
import { TasksRepository } from '../repositories/tasks-repository.ts';
import { AuthService } from './auth-service.ts';
import { EnvironmentsService } from './environments-service.ts';
import type { Mailer } from './mail.ts';
import type { ScryptParameters } from './password-hashing.ts';
import { SolvesService } from './solves-service.ts';
import type { SolveQueue } from '../jobs/solve-queue.ts';

/** Everything the routes call, built once per app. */
export interface Services {
  clock: Clock;
  auth: AuthService;
  environments: EnvironmentsService;
  scenarios: ScenariosRepository;
  tasks: TasksRepository;
  solves: SolvesService;
}

export function createServices(options: {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  tokenTtlHours: number;
  scryptParameters?: ScryptParameters;
  solveQueue?: SolveQueue;
}): Services {
  const { db, clock } = options;
  return {
    clock,
    auth: new AuthService(options),
    environments: new EnvironmentsService(new EnvironmentsRepository(db), clock),
    scenarios: new ScenariosRepository(db),
    tasks: new TasksRepository(db),
    solves: new SolvesService(db, clock, options.solveQueue ?? null),
  };
}
