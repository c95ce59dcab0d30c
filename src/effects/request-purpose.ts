import { OPS, type OpEffect } from './catalog/ops.js';
import { namedVerb, wordsOf } from './api-verbs.js';

/**
 * What a POST request says it does, read from what it sends rather than from its method: the
 * GraphQL operation in its body, the JSON-RPC method in its body, or the verb of its URL path's
 * last segments. POST is the method of every operation that does not fit GET (RFC 9110 §9.3.3:
 * "process the representation ... according to the resource's own specific semantics"), so a
 * search, a query, an LLM completion or an OAuth token request is sent with it and modifies
 * nothing (the corpus semantics, ../shared/corpus/README.md "What the labels mean": readOnly is
 * false only when something outside the returned result changes).
 *
 * Plain data and pure functions of text; the arguments of a call are read in sink-call.ts.
 */

/** Why a request is judged as it is, for evidence: "a read by its path (`search`)". */
export interface RequestPurpose {
  op: OpEffect;
  /** The words of the evidence, after the request's address: "a read by its path (`search`)". */
  why: string;
  /** True when a word of the URL's path decided (a name, not the request's content). */
  byName?: boolean;
}

/**
 * Words of a URL path segment (besides the verbs of api-verbs.ts, which `search`, `query`,
 * `lookup`, `list`, `get` are) that name an operation which only reads: an LLM completion, chat
 * answer or embedding answers a question and stores nothing; `token` is the OAuth 2.0 token
 * endpoint (RFC 6749 §3.2: a client obtains an access token), which changes no resource the
 * tool's caller sees; scraping, crawling, mapping a site (Tavily's and Firecrawl's `/map` list a
 * site's URLs) and extracting read web pages; the others compute an answer from what they are sent.
 */
const PATH_READS: ReadonlySet<string> = new Set([
  'completions', 'completion', 'chat', 'embeddings', 'embedding', 'token', 'introspect', 'scrape', 'crawl', 'extract',
  'explain', 'analyze', 'summarize', 'translate', 'classify', 'moderations', 'rerank', 'suggest', 'autocomplete',
  'estimate', 'preview', 'evaluate', 'calculate', 'map',
]);

/**
 * Last path segments that run code the service holds (`…/boxes/{id}/exec`, `…/functions/{}/invoke`):
 * what that code changes is unknown (the catalog's `run`).
 */
const PATH_RUNS: ReadonlySet<string> = new Set(['exec', 'execute', 'invoke', 'invocations']);

/** Path segments that name where an API lives, not what it does: skipped when looking for the verb. */
const NEUTRAL_SEGMENT = /^(?:api|apis|_apis|rest|rpc|v\d+(?:\.\d+)*(?:beta|alpha)?\d*|\d[\d.-]*|latest|public|internal)$/i;

/** Segments of a path shown in evidence, from its end (`…/chat/completions`). */
const SEGMENTS_SHOWN = 2;

/** The placeholder a URL's parts known only at run time are read as (`${base}/v1/search` → `{}/v1/search`). */
export const URL_PLACEHOLDER = '{}';

/** `https://h/api/v1/chat/completions?x=1` → `/api/v1/chat/completions`: the path of a URL (or of a path), placeholders kept. */
function pathOf(url: string): string {
  return url
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/s, '');
}

/**
 * The segments of a path with their text, placeholders removed: the linter's `{}` for a part known
 * only at run time and a route's parameters (`/repos/{owner}/{repo}/search` → `repos`, `search`).
 */
function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .map((s) => s.replace(/\{[^}]*\}|:\w+/g, ''))
    .filter((s) => s.length > 0);
}

/** `…/chat/completions`: the end of a URL for messages, or the URL when it is short. */
export function shownUrl(url: string): string {
  const segments = pathOf(url).split('/').filter((s) => s.length > 0);
  return segments.length > SEGMENTS_SHOWN ? `…/${segments.slice(-SEGMENTS_SHOWN).join('/')}` : pathOf(url) || url;
}

/** The operation one name (a path segment's dotted part, a JSON-RPC method's part) announces, and the word that decided; `object` names what it acts on (see {@link namedVerb}). */
function operationOfName(name: string, object?: string): { op: OpEffect; word: string } | null {
  const named = namedVerb(name, undefined, object);
  if (named) return { op: named.effect, word: named.verb };
  const lead = wordsOf(name)[0];
  if (lead !== undefined && PATH_RUNS.has(lead)) return { op: OPS.run, word: lead };
  return lead !== undefined && PATH_READS.has(lead) ? { op: OPS.read, word: lead } : null;
}

/**
 * The operation a URL path names, by its last segment (its dotted parts from the last,
 * `chat.postMessage` → `postMessage`), version and `api` segments aside: `…/search` reads,
 * `…/chat/completions` reads, `/oauth2/token` reads, `…/course/register` adds. When the last
 * segment names none, the segment right before it does, if no route parameter sits between them
 * (`/_apis/search/codesearchresults`: a search, of code); a segment before a parameter names the
 * collection the request acts in (`…/search/{id}/feedback` sends feedback). That collection is the
 * object of the verb, which tells a secret rotated (`/keys/{id}/rotate`, `/api-keys/{id}/rotate`,
 * `/secrets/{id}/regenerate`: api-verbs.ts) from an image turned (`/images/{id}/rotate`, no
 * operation). Null when neither is a verb nor an operation of {@link PATH_READS} (a collection:
 * `…/projects/{}/surveys`).
 */
export function pathPurpose(url: string): RequestPurpose | null {
  const raw = pathOf(url).split('/').filter((s) => s.length > 0 && !NEUTRAL_SEGMENT.test(s));
  // Each segment's text without placeholders ('' for a route parameter); a literal one has none.
  const text = raw.map((s) => segmentsOf(s)[0] ?? '');
  const literal = (i: number): boolean => i >= 0 && text[i] !== '' && text[i] === raw[i];
  let last = text.length - 1;
  while (last >= 0 && text[last] === '') last--;
  if (last < 0) return null;
  const candidates = literal(last) && literal(last - 1) ? [last, last - 1] : [last];
  for (const at of candidates) {
    const segment = text[at]!;
    // The nearest named segment before it, route parameters aside: what the verb acts on.
    let before = at - 1;
    while (before >= 0 && text[before] === '') before--;
    const object = before >= 0 ? text[before] : undefined;
    for (const part of segment.split('.').reverse()) {
      const found = operationOfName(part, object);
      if (found) return { op: postedOp(found.op), why: `${found.op.access === 'read' ? 'a read' : 'a write'} by its path (\`${found.word}\`)`, byName: true };
    }
  }
  return null;
}

/**
 * What a POST whose path names `op` does: the verb's operation (`…/delete` deletes,
 * `…/update-regions` sets what it is given, `…/enable-x` sets a flag), but a write whose
 * idempotence the verb leaves open keeps POST's (not idempotent, RFC 9110 §9.3.3).
 */
function postedOp(op: OpEffect): OpEffect {
  if (op.access !== 'write' || op.idempotent !== null) return op;
  return { ...op, idempotent: false };
}

/**
 * The operation of a GraphQL document (https://spec.graphql.org/October2021/#sec-Language.Operations):
 * `mutation` writes; `query`, `subscription` and the `{ ... }` shorthand read. Null when the text
 * is not a GraphQL document: SQL never starts with these (`query Name {`, `query(`, `{ field`), nor
 * does JSON (`{"query": ...}`).
 */
export function graphqlOperation(text: string): 'mutation' | 'query' | null {
  const match = /^\s*(?:#[^\n]*\n\s*)*(?:(query|mutation|subscription)\b\s*(?:[A-Za-z_]\w*\s*)?[({@]|\{\s*[A-Za-z_])/.exec(afterFragments(text));
  if (!match) return null;
  // A document may hold more than one operation: any mutation among them may be the one sent.
  return match[1] === 'mutation' || /(?:^|\}\s*)mutation\b\s*(?:[A-Za-z_]\w*\s*)?[({@]/.test(text) ? 'mutation' : 'query';
}

/** A fragment definition at the start of a document (`fragment ItemData on Item @dir { ... }`), with what precedes it. */
const LEADING_FRAGMENT = /^\s*(?:#[^\n]*\n\s*)*fragment\s+[A-Za-z_]\w*\s+on\s+[A-Za-z_]\w*[^{]*\{/;

/**
 * The text after the fragment definitions a document starts with (graphql-codegen and hand-written
 * documents put `fragment X on T { ... }` before the operation that spreads it), so that the
 * operation is read; the text itself when it starts with none. Braces inside strings are rare
 * enough in selection sets to be counted as written.
 */
function afterFragments(text: string): string {
  let rest = text;
  for (let match = LEADING_FRAGMENT.exec(rest); match; match = LEADING_FRAGMENT.exec(rest)) {
    let depth = 1;
    let i = match[0].length;
    for (; i < rest.length && depth > 0; i++) {
      if (rest[i] === '{') depth++;
      else if (rest[i] === '}') depth--;
    }
    if (depth > 0) return rest;
    rest = rest.slice(i);
  }
  return rest;
}

/**
 * The purpose of a GraphQL document sent as a request body (`text`, as far as it is known): a
 * query reads; a mutation writes, judged by the verb of its first root field when it has one
 * (`mutation { change_column_value(...) }` changes, `delete_item` deletes, `create_board` adds:
 * api-verbs.ts), else a write of unknown kind.
 */
export function graphqlPurpose(operation: 'mutation' | 'query', text = ''): RequestPurpose {
  if (operation === 'query') return { op: OPS.read, why: 'a read (a GraphQL query)' };
  const field = mutationField(text);
  const named = field === null ? null : namedVerb(field);
  if (field !== null && named && named.effect.access === 'write') return { op: named.effect, why: `a GraphQL mutation (\`${field}\`: ${named.effect.label})` };
  return { op: OPS.write, why: 'a GraphQL mutation' };
}

/** The first root field of a mutation document (`mutation Name($id: ID!) { alias: change_value(...) {...} }` → `change_value`), or null. */
function mutationField(text: string): string | null {
  const start = /\bmutation\b/.exec(text);
  if (!start) return null;
  const rest = text.slice(start.index + start[0].length);
  // The selection set opens after the name, the variable definitions and directives.
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '{' && depth === 0) {
      const field = /^\s*(?:[A-Za-z_]\w*\s*:\s*)?([A-Za-z_]\w*)/.exec(rest.slice(i + 1));
      return field ? field[1]! : null;
    }
  }
  return null;
}

/**
 * The operation a JSON-RPC method names (https://www.jsonrpc.org/specification §4: `method`): its
 * parts separated by `.`, `/` or `_`, from the last, read with the verb table (`eth_getBalance`
 * reads, `tools/list` reads, `eth_sendTransaction` adds). Null when no part names one.
 */
export function rpcPurpose(method: string): RequestPurpose | null {
  for (const part of method.split(/[./_]/).filter((p) => p.length > 0).reverse()) {
    const found = operationOfName(part);
    if (found) return { op: found.op, why: `${found.op.access === 'read' ? 'a read' : 'a write'} by its JSON-RPC method \`${method}\`` };
  }
  return null;
}
