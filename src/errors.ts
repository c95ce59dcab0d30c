/**
 * Errors that end a run with exit code 2. The CLI prints `message` as one line, never a stack trace.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A JSON parser's message (JSON.parse's, or that of parse-json, which cosmiconfig uses) as a short
 * reason on one line, without the input it may quote, which can hold line breaks and cut the line
 * short (`Unexpected token 'o', "not json\n" is not valid JSON`, `… while parsing '{ "name": …'`)
 * and without "in JSON", which the caller's words say: `Expected double-quoted property name at
 * position 37`, `Unexpected token 'o'`, `Unexpected end of JSON input`.
 */
export function jsonSyntaxReason(message: string): string {
  const reason = message
    .replace(/\s+while parsing\s[\s\S]*$/, '')
    .replace(/, "[\s\S]*" is not valid JSON\s*$/, '')
    .replace(/ in JSON(?= at position)/, '');
  return reason.split('\n')[0]!.trim() || 'not valid JSON';
}
