export * from './common.ts';
export * from './geometry.ts';
export * from './environment.ts';
export * from './scenario.ts';
export * from './task.ts';
export * from './solve.ts';
export * from './auth.ts';
export * from './experiment.ts';
