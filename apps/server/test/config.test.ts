import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/fleetlab');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/fleetlab/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Fleetlab <no-reply@fleetlab.local>',
      llm: { baseUrl: undefined, apiKey: undefined, model: undefined },
      tokenTtlHours: 24,
      corsOrigins: [],
      logLevel: 'info',
      webDistDir: path.resolve(serverRoot, '../web/dist'),
      requestAdmission: {
        reads: { active: 8, queued: 1000, maxWaitMs: 5000 },
        writes: { active: 2, queued: 100, maxWaitMs: 5000 },
      },
    });
  });

  it('bounds API requests in two lanes whose places together are the PostgreSQL pool', () => {
    const { reads, writes } = loadConfig({ DATABASE_URL: 'postgres://db/fleetlab' }, '/x').requestAdmission;
    expect(reads.active + writes.active).toBe(10);
  });

  it('reads every variable, resolving relative paths against the working directory', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/fleetlab',
        DATABASE_URL: 'postgres://fleet:secret@db:5432/fleetlab',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://mailer:587',
        MAIL_FROM: 'Ops <ops@example.com>',
        LLM_BASE_URL: 'http://localhost:11434/v1',
        LLM_API_KEY: 'sk-test',
        LLM_MODEL: 'llama3.1',
        TOKEN_TTL_HOURS: '2',
        CORS_ORIGINS: 'http://localhost:5173, https://planner.example.com',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/opt/fleetlab/web',
        API_MAX_ACTIVE_REQUESTS: '4',
        API_MAX_QUEUED_REQUESTS: '40',
        API_MAX_QUEUE_WAIT_MS: '500',
        API_MAX_ACTIVE_WRITES: '3',
        API_MAX_QUEUED_WRITES: '30',
      },
      '/srv/fleetlab',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/fleetlab/var/fleetlab',
      databaseUrl: 'postgres://fleet:secret@db:5432/fleetlab',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mailer:587',
      mailFrom: 'Ops <ops@example.com>',
      llm: { baseUrl: 'http://localhost:11434/v1', apiKey: 'sk-test', model: 'llama3.1' },
      tokenTtlHours: 2,
      corsOrigins: ['http://localhost:5173', 'https://planner.example.com'],
      logLevel: 'warn',
      webDistDir: '/opt/fleetlab/web',
      requestAdmission: {
        reads: { active: 4, queued: 40, maxWaitMs: 500 },
        writes: { active: 3, queued: 30, maxWaitMs: 500 },
      },
    });
  });

  it('resolves DATA_DIR against the folder `npm start` was run from (INIT_CWD), not the workspace folder', () => {
    expect(loadConfig({ INIT_CWD: '/home/planner/fleetlab' }).dataDir).toBe('/home/planner/fleetlab/data');
    expect(loadConfig({ INIT_CWD: '/home/planner/fleetlab', DATA_DIR: '/var/lib/fleetlab' }).dataDir).toBe(
      '/var/lib/fleetlab',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', CORS_ORIGINS: '' }, '/x')).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      corsOrigins: [],
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: Invalid input: expected number, received NaN'],
    [{ PORT: '70000' }, 'PORT: Too big: expected number to be <=65535'],
    [
      { DATABASE_URL: 'mysql://db/fleetlab' },
      'DATABASE_URL: must be a URL like postgres://user:password@host:5432/fleetlab',
    ],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a URL like redis://host:6379'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be a URL like smtp://user:password@host:587'],
    [{ TOKEN_TTL_HOURS: '0' }, 'TOKEN_TTL_HOURS: Too small: expected number to be >0'],
    [
      { CORS_ORIGINS: 'http://ok.example.com,nonsense' },
      'CORS_ORIGINS.1: must list origins like http://localhost:5173',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL: Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"',
    ],
  ])('fails at start on %j with a message naming the variable', (env, problem) => {
    expect(() => loadConfig(env, '/x')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/x')).toThrow(`Invalid configuration: ${problem}`);
  });
});
