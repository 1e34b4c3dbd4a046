#!/usr/bin/env node
// Written in TypeScript; tsx compiles it on load so the CLI needs no build step.
import { register } from 'tsx/esm/api';

register();
const { runImportMapCli } = await import('../src/import-map-cli.ts');
process.exitCode = await runImportMapCli(process.argv.slice(2), process.stdout, process.stderr);
