import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { AuthTokensRepository } from './auth-tokens-repository.ts';
import { EnvironmentsRepository } from './environments-repository.ts';
import { ExperimentsRepository } from './experiments-repository.ts';
import { LoginFailuresRepository } from './login-failures-repository.ts';
import { ScenariosRepository } from './scenarios-repository.ts';
import { SolveStatusRepository } from './solve-status-repository.ts';
import { SolvesRepository } from './solves-repository.ts';
import { TasksRepository } from './tasks-repository.ts';
import { UsersRepository } from './users-repository.ts';
import { VerificationCodesRepository } from './verification-codes-repository.ts';

/** One repository per table; the services reach the database only through these. */
export interface Repositories {
  users: UsersRepository;
  verificationCodes: VerificationCodesRepository;
  authTokens: AuthTokensRepository;
  loginFailures: LoginFailuresRepository;
  environments: EnvironmentsRepository;
  scenarios: ScenariosRepository;
  tasks: TasksRepository;
  solves: SolvesRepository;
  /** Every write of a solve's status goes through this one. */
  solveStatus: SolveStatusRepository;
  experiments: ExperimentsRepository;
  /** Runs `work` in one transaction, on repositories bound to it: all its writes happen, or none. */
  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}

/** The repositories on `db`; `clock` stamps the writes that keep their own time (a solve's status). */
export function createRepositories(db: Database, clock: Clock = systemClock): Repositories {
  return {
    users: new UsersRepository(db),
    verificationCodes: new VerificationCodesRepository(db),
    authTokens: new AuthTokensRepository(db),
    loginFailures: new LoginFailuresRepository(db),
    environments: new EnvironmentsRepository(db),
    scenarios: new ScenariosRepository(db),
    tasks: new TasksRepository(db),
    solves: new SolvesRepository(db),
    solveStatus: new SolveStatusRepository(db, clock),
    experiments: new ExperimentsRepository(db),
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx, clock))),
  };
}
