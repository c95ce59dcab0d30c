#!/usr/bin/env node
// Thin launcher: all logic lives in dist/src/cli.js (built by `npm run build`).
import { main } from '../dist/src/cli.js';

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
  cwd: process.cwd(),
});
process.exitCode = code;
