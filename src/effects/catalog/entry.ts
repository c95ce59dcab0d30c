import type { EffectAccess, EffectKind } from '../../model.js';
import type { Op } from './ops.js';

/**
 * The sink catalog: plain data mapping a module export (or a global) to the effect of calling it.
 *
 * Policy (DESIGN.md §1, "What counts as an effect"): deletes and overwrites are destructive;
 * mkdir, append and exclusive create are additive; append is not idempotent; network and spawned
 * processes are open-world; local files are closed-world.
 */
export interface SinkEntry {
  /**
   * Module specifier without the `node:` prefix (`fs/promises`), or `global` for globals. A `*`
   * matches any run of characters (`@aws-sdk/client-*`).
   */
  module: string;
  /**
   * The export and the access path after the module, dotted, with `()` after a call and `new()`
   * for a construction (`writeFile`, `promises.writeFile`, `Pool.new().query`). A `*` segment
   * matches any one segment (`PrismaClient.new().*.findMany`: any model); a `**` segment matches
   * any number of them, none included.
   */
  export: string;
  kind: EffectKind;
  access: EffectAccess;
  destructive: boolean | null;
  idempotent: boolean | null;
  openWorld: boolean;
  /** What the call does, for messages: "writes a file". */
  description: string;
  /**
   * How the HTTP method is read from the arguments, for network sinks whose access depends on it:
   * `fetch`, options second; `node-request`, an options object among the first two arguments
   * (`http.request`, `axios(config)`, `got(url, options)`), GET by default; `get`, always GET;
   * `fixed`, the method is in the name (`axios.delete`), given by `fixedMethod`.
   */
  httpMethod?: 'fetch' | 'node-request' | 'get' | 'fixed';
  /** The method of a `fixed` sink (`DELETE` for `axios.delete`). */
  fixedMethod?: string;
  /**
   * Where the file-system open flag is (`writeFile(p, d, { flag: 'wx' })`, `open(p, 'a')`): the
   * argument index, the options property when the argument is an object, and the default flag.
   */
  fileFlag?: { index: number; property: string; default: string };
  /** The argument index of a copy mode; `COPYFILE_EXCL` in it makes the copy fail rather than overwrite (additive). */
  exclusiveMode?: number;
  /**
   * Where the SQL text is: an argument index (a string, a template, `{ sql }`, `{ text }`, an array
   * of statements; for a template tag, the template), or `receiver` for a method of a statement
   * made earlier: the SQL given to the call that made the receiver (`db.prepare(sql).run()`, a
   * `stmt.all()` of a `const stmt = db.prepare(sql)`) or the template of the tag that made it
   * (`` sql`...`.execute(db) ``).
   */
  sqlArgument?: number | 'receiver';
  /** True for a template tag that runs its statement (postgres.js `` sql`...` ``) and, called as a function (`sql(values)`), only builds a fragment: no effect. */
  tagOnly?: boolean;
  /**
   * `verb`: the access, destructiveness and idempotence come from the leading verb of the called
   * method's name (`issues.create` creates, `files.list` reads; api-verbs.ts), for client libraries
   * whose methods are named after what they do. The entry's own values apply when no verb is known.
   * `redis`: the method's name is a Redis command (`hset`, `hSet`), classified by the command
   * table in redis.ts; client management (`connect`, `multi`, `exec`) has no effect.
   */
  classifyBy?: 'verb' | 'redis';
  /**
   * The argument index of a Redis command's name for a generic command call: a string
   * (ioredis `call('SET', k, v)`) or an array whose first item is the name (node-redis
   * `sendCommand(['SET', k, v])`).
   */
  commandNameArgument?: number;
  /**
   * The argument index naming the endpoint the call runs: an HTTP route (`"DELETE /repos/{owner}/{repo}"`:
   * its method decides; a route without one is a GET), a dotted method name (`"chat.postMessage"`:
   * its last part's verb decides), or a reference to a method of the client
   * (`octokit.rest.issues.listForRepo`, whose verb decides).
   */
  endpointArgument?: number;
  /** The argument index of a GraphQL document (a string, or `{ query }`): a `mutation` writes, a query reads. */
  graphqlArgument?: number;
  /** The argument index of a MongoDB aggregation pipeline: a `$out` or `$merge` stage writes its result into a collection. */
  pipelineArgument?: number;
  /**
   * Builder steps that change what the operation this entry starts does, by method name: a later
   * call in the same chain (`db.insert(t).values(v).onConflictDoNothing()`, knex
   * `.onConflict().merge()`), or a call inside a callback given to one (kysely
   * `.onConflict((oc) => oc.doNothing())`), gives that operation instead; the last one wins.
   */
  chain?: Readonly<Record<string, Exclude<Op, 'pure'>>>;
  /**
   * The argument index of a command object whose class names the operation (AWS SDK v3:
   * `client.send(new PutObjectCommand(...))`): its leading verb decides, as for `classifyBy: 'verb'`.
   */
  commandArgument?: number;
  /**
   * Which arguments are paths, for file sinks: the file written or read (`target`) and, for
   * operations from one path to another (`rename(from, to)`, `copyFile`), the `source`. Effects
   * carry their text so that a file read and rewritten in one function is recognised.
   */
  pathArguments?: { target: number; source?: number };
  /** True for an entry whose calls have no effect: a builder step, a factory, a command's constructor. */
  pure?: boolean;
  /**
   * How a process runner's call gives the command it runs, for the table of commands whose effect
   * is known (commands.ts): `line`, one command line as argument 0 (`exec("git status")`,
   * `execaCommand(...)`); `argv`, the program as argument 0 and its arguments as an array in
   * argument 1 (`execFile("git", ["log"])`, `spawn`, `execa`). Used as a template tag
   * (zx's and execa's `` $`git status` ``), the template is a command line.
   */
  commandLine?: 'line' | 'argv';
  /**
   * Where an option that lets a copy or move replace what is at the destination is: the argument
   * index of the options object, the option's names, and its default (fs-extra's `overwrite` and
   * its older name `clobber`, https://github.com/jprichardson/node-fs-extra/blob/master/docs/copy.md;
   * node:fs `cp`'s `force`, https://nodejs.org/api/fs.html#fspromisescpsrc-dest-options). The entry's own
   * values are the effect without replacing; replacing (the option true, or computed) is destructive.
   */
  overwriteOption?: { index: number; properties: readonly string[]; default: boolean };
  /**
   * For a call that writes a file only when its options name one (puppeteer and Playwright
   * `page.screenshot({ path })`, `page.pdf({ path })`): the argument index of the options object
   * and the property. Without the property the call has no effect.
   */
  pathOption?: { index: number; property: string };
  /**
   * For a call that runs a callback with values of its library (`prisma.$transaction(async (tx) =>
   * ...)`, `db.transaction((trx) => ...)`, `http.createServer((req, res) => ...)`): the catalog path
   * (under the same module) of what each of the callback's parameters is, by position
   * (`['PrismaClient.new()']`, `['IncomingMessage.new()', 'ServerResponse.new()']`), so that calls
   * on them are judged as calls on those values.
   */
  callbackParameters?: readonly string[];
}

/**
 * What a node:fs open flag does (https://nodejs.org/api/fs.html#file-system-flags): `a` appends
 * (additive, not idempotent); `x` creates exclusively and fails if the file exists (additive,
 * idempotent); `w` truncates or creates (overwrite: destructive, idempotent); `r+` writes in place
 * (destructive); `r` only reads.
 */
export function fileFlagEffect(flag: string): Pick<SinkEntry, 'kind' | 'access' | 'destructive' | 'idempotent' | 'description'> {
  if (flag.startsWith('a')) return { kind: 'fs.write', access: 'write', destructive: false, idempotent: false, description: 'appends to a file' };
  if (flag.includes('x')) return { kind: 'fs.write', access: 'write', destructive: false, idempotent: true, description: 'creates a new file (fails if it exists)' };
  if (flag.startsWith('w')) return { kind: 'fs.write', access: 'write', destructive: true, idempotent: true, description: 'writes a file (overwrites it if it exists)' };
  if (flag.includes('+')) return { kind: 'fs.write', access: 'write', destructive: true, idempotent: null, description: 'writes into a file' };
  return { kind: 'fs.read', access: 'read', destructive: null, idempotent: null, description: 'reads a file' };
}


/** A sink's effect without its module and export: what family helpers build. */
export type Effectish = Omit<SinkEntry, 'module' | 'export'>;

/**
 * The catalog key of an access path: `['open', '()', 'write']` → `open().write`,
 * `['Client', 'new()', 'send']` → `Client.new().send`.
 */
export function pathKey(path: readonly string[]): string {
  return path.join('.').replace(/\.\(\)/g, '()');
}

