/**
 * Redaction of credentials in what live mode shows: the server's command line (in every report's
 * label and every error line) and free text a server or a library wrote (a server's last stderr
 * line, an error answer). One plain-data table of names and one of token shapes, no library: the
 * maintained ones on npm either need Node 22 (`@npmcli/redact` 5, `@secretlint/core` 13) or only
 * know URLs (`redact-url`, `redact-basic-auth`), and none knows command-line options.
 *
 * What is blanked, each as `***`:
 * - the password of a URL's userinfo, any scheme (`postgresql://admin:***@host/db`); a userinfo
 *   without a password is kept when it reads as a login name (`ssh://git@host`,
 *   `postgresql://postgres@localhost`) and blanked when it looks like a token (16 characters or
 *   more with a digit among letters: `https://***@github.com`, a Sentry DSN's key);
 * - the value of an option or variable whose name ends like a secret's ({@link SECRET_NAME_ENDINGS}):
 *   `--api-key ***`, `--api-key=***`, `API_KEY=***`, `x-api-key: ***` (a `--no-…` flag takes no value);
 * - the credentials of an HTTP authorization scheme (`Bearer ***`, `Basic ***`; RFC 9110 §11.4);
 * - tokens of well-known shapes ({@link TOKEN_SHAPES}), their prefix kept (`ghp_***`, `sk-***`).
 *
 * What is not: a secret under a name that does not say so (`--db mydb` where mydb is a password, a
 * positional argument), a token of an unknown shape, and short values (`-p secret`: `-p` is a port
 * as often as a password). Redaction is a last guard, not a way to make a secret safe to pass on a
 * command line: other users of the machine can read it in `ps` all the same.
 */

/** What a blanked value becomes. */
export const REDACTED = '***';

/**
 * Endings of names (of options, environment variables, HTTP headers) whose value is a secret,
 * compared after lowercasing, dropping leading dashes and reading `_` as `-`. A `word` ending
 * matches only a whole last word (`--auth`, `--basic-auth`, `DB_PASS`); a `suffix` matches the end
 * of the name however written (`PGPASSWORD`, `--apikey`, `SLACK_BOT_TOKEN`).
 */
export const SECRET_NAME_ENDINGS: readonly { ending: string; match: 'suffix' | 'word' }[] = [
  { ending: 'password', match: 'suffix' },
  { ending: 'passwd', match: 'suffix' },
  { ending: 'passphrase', match: 'suffix' },
  { ending: 'secret', match: 'suffix' },
  { ending: 'token', match: 'suffix' },
  { ending: 'apikey', match: 'suffix' },
  { ending: 'api-key', match: 'suffix' },
  { ending: 'credential', match: 'suffix' },
  { ending: 'credentials', match: 'suffix' },
  { ending: 'authorization', match: 'suffix' },
  { ending: 'cookie', match: 'word' },
  { ending: 'auth', match: 'word' },
  { ending: 'pass', match: 'word' },
  { ending: 'pwd', match: 'word' },
  { ending: 'access-key', match: 'word' },
  { ending: 'private-key', match: 'word' },
  { ending: 'secret-key', match: 'word' },
  { ending: 'signing-key', match: 'word' },
  { ending: 'encryption-key', match: 'word' },
  { ending: 'master-key', match: 'word' },
  { ending: 'client-key', match: 'word' },
];

/**
 * Token shapes blanked wherever they appear, their recognisable prefix kept. Sources: GitHub,
 * "About authentication to GitHub" (token prefixes); Slack, "Token types"; OpenAI and Anthropic
 * API keys (`sk-`, `sk-proj-`, `sk-ant-`); AWS IAM "Unique identifiers" (`AKIA`); npm access
 * tokens (`npm_`); GitLab token prefixes (`glpat-`); Google API keys (`AIza`); Stripe secret and
 * restricted keys; JSON Web Tokens (RFC 7519: base64url of `{"` is `eyJ`).
 */
export const TOKEN_SHAPES: readonly { name: string; pattern: RegExp; keep: string }[] = [
  { name: 'GitHub token', pattern: /\b(gh[pousr]_)[A-Za-z0-9]{20,}/g, keep: '$1' },
  { name: 'GitHub fine-grained token', pattern: /\b(github_pat_)\w{20,}/g, keep: '$1' },
  { name: 'OpenAI or Anthropic key', pattern: /\b(sk-)[\w-]{16,}/g, keep: '$1' },
  { name: 'Stripe key', pattern: /\b((?:sk|rk)_(?:live|test)_)[A-Za-z0-9]{10,}/g, keep: '$1' },
  { name: 'Slack token', pattern: /\b(xox[abposre]-)[A-Za-z0-9-]{8,}/g, keep: '$1' },
  { name: 'AWS access key id', pattern: /\b((?:AKIA|ASIA))[A-Z0-9]{16}\b/g, keep: '$1' },
  { name: 'npm token', pattern: /\b(npm_)[A-Za-z0-9]{30,}/g, keep: '$1' },
  { name: 'GitLab token', pattern: /\b(glpat-)[\w-]{16,}/g, keep: '$1' },
  { name: 'Google API key', pattern: /\b(AIza)[\w-]{30,}/g, keep: '$1' },
  { name: 'JSON Web Token', pattern: /\b(eyJ)[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g, keep: '$1' },
];

/** Whether an option, variable or header named `name` (`--api-key`, `GITHUB_TOKEN`, `X-Api-Key`) holds a secret. */
export function isSecretName(name: string): boolean {
  const normalized = name.replace(/^-+/, '').toLowerCase().replaceAll('_', '-');
  if (normalized === '' || normalized.startsWith('no-')) return false;
  return SECRET_NAME_ENDINGS.some(({ ending, match }) => {
    if (!normalized.endsWith(ending)) return false;
    if (match === 'suffix') return true;
    const before = normalized.length - ending.length - 1;
    return before < 0 || /[-.]/.test(normalized[before]!);
  });
}

/** Whether a URL's user name, given without a password, looks like a token rather than a login. */
function tokenLike(user: string): boolean {
  return user.length >= 16 && /\d/.test(user) && /[A-Za-z]/.test(user);
}

/** `scheme://userinfo@`: the userinfo stops at what ends a URL's authority (RFC 3986 §3.2) or a word. */
const URL_USERINFO = /\b([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^\s/?#"'`<>]*)@/g;
/**
 * HTTP authorization credentials (RFC 9110 §11.4): `Bearer <token>` (any case), and `Basic
 * <base64>` as written in a header (capitalized, and not a plain lowercase word: "Basic auth").
 */
const AUTH_CREDENTIALS = /\b(Bearer[ \t]+)[\w.~+/=-]{4,}|\b(Basic[ \t]+)(?![a-z]+\b)[A-Za-z0-9+/]{6,}={0,2}/gi;
/** A name that may hold a value (an option `--x`, a variable `X`, a header `X-Y`), where a separator follows. */
const NAME = /(?<![\w.-])(?:--?)?[A-Za-z_][\w.-]*(?==|:|[ \t])/g;
/**
 * What follows a secret name, and its value: `=value` or `="quoted value"`; `: value` to the end of
 * the line, quote or parenthesis (a header's value, `Authorization: token abc`); ` value` after an option (`--token
 * abc`, not `--token --verbose`).
 */
const VALUE_AFTER = {
  equals: /^=("[^"]*"|'[^']*'|[^\s"'`;,&)]+)/,
  colon: /^:[ \t]*([^\r\n"'`)]+)/,
  space: /^[ \t]+([^\s"'`;,)-][^\s"'`;,)]*)/,
};

/** `text` with the value of every secret-named option, variable and header blanked. */
function redactNamedValues(text: string): string {
  let out = '';
  let done = 0;
  for (const match of text.matchAll(NAME)) {
    const start = match.index + match[0].length;
    if (match.index < done || !isSecretName(match[0])) continue;
    const rest = text.slice(start);
    const value = VALUE_AFTER.equals.exec(rest) ?? VALUE_AFTER.colon.exec(rest) ?? (match[0].startsWith('-') ? VALUE_AFTER.space.exec(rest) : null);
    const shown = value?.[1]?.trim();
    // Blanked already (`***`, `Bearer ***`); `...` is a placeholder in a hint (`--header "Authorization: ..."`).
    if (value === null || shown === undefined || /^(?:(?:\w+[ \t]+)?\*\*\*|\.{3}|…|)$/.test(shown)) continue;
    const valueStart = start + value[0].length - value[1]!.length;
    out += `${text.slice(done, valueStart)}${REDACTED}`;
    done = valueStart + value[1]!.trimEnd().length;
  }
  return out + text.slice(done);
}

/**
 * `text` (a message, a server's stderr line, one argument of a command line) with credentials
 * blanked as described at the top of this module: URL passwords and token-like user names, values
 * of secret-named options, variables and headers, authorization credentials, known token shapes.
 */
export function redactText(text: string): string {
  let out = text.replace(URL_USERINFO, (_, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    if (colon >= 0) return `${scheme}${userinfo.slice(0, colon)}:${colon === userinfo.length - 1 ? '' : REDACTED}@`;
    return `${scheme}${tokenLike(userinfo) ? REDACTED : userinfo}@`;
  });
  out = redactNamedValues(out.replace(AUTH_CREDENTIALS, (_, bearer?: string, basic?: string) => `${bearer ?? basic}${REDACTED}`));
  for (const { pattern, keep } of TOKEN_SHAPES) out = out.replace(pattern, `${keep}${REDACTED}`);
  return out;
}

/**
 * A command line (`[command, ...args]`) with its credentials blanked, argument by argument: an
 * argument after a secret-named option (`--api-key X`, not `--api-key=X`, which `redactText` sees
 * whole) is blanked unless it is an option itself; every argument then goes through `redactText`
 * (URLs, `NAME=value`, tokens; a `sh -c "…"` script too).
 */
export function redactCommandLine(argv: readonly string[]): string[] {
  return argv.map((arg, i) => {
    const previous = i > 0 ? argv[i - 1]! : '';
    if (i > 1 && /^--?[A-Za-z][\w.-]*$/.test(previous) && isSecretName(previous) && !arg.startsWith('-')) return REDACTED;
    return redactText(arg);
  });
}
