#!/usr/bin/env node
// The simulator is written in TypeScript; tsx compiles it on load so the CLI needs no build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = await runCli(process.argv.slice(2), process.stdout, process.stderr);
