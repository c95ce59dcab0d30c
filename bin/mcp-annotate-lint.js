#!/usr/bin/env node
// Thin launcher: all logic lives in dist/src/cli.js (built by `npm run build`).
import { main } from '../dist/src/cli.js';
import { printable } from '../dist/src/printable.js';

// An error thrown outside the run's own handlers (a timer or promise that a JavaScript
// configuration left behind) is one line and exit 2, never a stack trace (issue 13).
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`mcp-annotate-lint: an error was thrown outside the run (by a timer or promise that loaded code, such as a JavaScript configuration, left behind): ${printable(message.split('\n')[0] ?? '')}\n`);
    process.exit(2);
  });
}

// A reader that stops early (`| head`) closes the pipe: end quietly, as other command-line tools do,
// with the run's exit code (a report written in pieces may still be under way: the run then ends
// by itself). Any other failure to write the report (a full disk) is one line on stderr and exit 2.
let finished = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') {
      if (finished) process.exit(process.exitCode ?? 0);
      return;
    }
    if (stream === process.stdout) process.stderr.write(`mcp-annotate-lint: cannot write the report: ${error.code ?? error.message}\n`);
    process.exit(2);
  });
}

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
  cwd: process.cwd(),
});
process.exitCode = code;
finished = true;
