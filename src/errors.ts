/**
 * Errors that end a run with exit code 2. The CLI prints `message` as one line, never a stack trace.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
