import type { Effectish, SinkEntry } from './entry.js';

/**
 * SQL clients: the statement's text decides the effect (classifySql in sql.ts). A local SQLite
 * file and a database server the server is configured with are both part of its own domain:
 * closed-world (issue #4).
 */

const database = (description: string, sqlArgument: SinkEntry['sqlArgument'] = 0): Effectish => ({
  kind: 'database',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: false,
  description,
  sqlArgument,
});

const mysqlConnections = ['createConnection()', 'createPool()', 'createPool().getConnection()', 'createConnection().promise()', 'createPool().promise()', 'createPool().promise().getConnection()', 'createPoolCluster().of()'];
const libsqlClients = ['createClient()', 'createClient().transaction()'];
const pgClients = ['Pool.new()', 'Client.new()', 'Pool.new().connect()'];

/**
 * Methods that run the SQL text of their first argument, by module and access path
 * (`Pool.new().query` is `new Pool().query`). Sources: node-postgres (https://node-postgres.com/apis/pool),
 * mysql2 (https://sidorares.github.io/node-mysql2/docs), better-sqlite3's API.md, node-sqlite3's
 * wiki, sqlite (npm), node:sqlite (https://nodejs.org/api/sqlite.html), bun:sqlite, libSQL's
 * TypeScript SDK, postgres.js, @vercel/postgres, @neondatabase/serverless.
 */
const SQL_METHODS: Record<string, string[]> = {
  pg: pgClients.map((c) => `${c}.query`),
  '@neondatabase/serverless': [...pgClients.map((c) => `${c}.query`), 'neon().query'],
  mysql2: mysqlConnections.flatMap((c) => [`${c}.query`, `${c}.execute`]),
  'mysql2/promise': mysqlConnections.flatMap((c) => [`${c}.query`, `${c}.execute`]),
  mysql: ['createConnection().query', 'createPool().query'],
  'better-sqlite3': ['new().exec'],
  sqlite3: ['Database.new()', 'verbose().Database.new()'].flatMap((db) => ['run', 'all', 'get', 'each', 'exec', 'map'].map((m) => `${db}.${m}`)),
  // sqlite (npm: `open({ filename, driver })`) and node:sqlite (`new DatabaseSync(path)`).
  sqlite: [...['run', 'all', 'get', 'each', 'exec'].map((m) => `open().${m}`), 'DatabaseSync.new().exec'],
  'bun:sqlite': ['Database.new().run', 'Database.new().exec'],
  ...Object.fromEntries(['', '/web', '/http', '/ws', '/node', '/sqlite3'].map((sub) => [`@libsql/client${sub}`, libsqlClients.flatMap((c) => [`${c}.execute`, `${c}.batch`, `${c}.executeMultiple`])])),
  postgres: ['().unsafe'],
  '@vercel/postgres': ['sql.query', 'db.query', 'createPool().query', 'createClient().query'],
};

/**
 * Prepared statements: the method runs the SQL given to the call that made the statement
 * (`db.prepare(sql).run()`, or `stmt.all()` of a `const stmt = db.prepare(sql)` made once at
 * module level), whatever builder steps sit between (`.pluck()`, `.raw()`).
 */
const STATEMENTS: Record<string, { makers: string[]; runs: string[] }> = {
  'better-sqlite3': { makers: ['new().prepare()'], runs: ['run', 'all', 'get', 'iterate'] },
  sqlite3: { makers: ['Database.new().prepare()', 'verbose().Database.new().prepare()'], runs: ['run', 'all', 'get', 'each'] },
  sqlite: { makers: ['open().prepare()', 'DatabaseSync.new().prepare()'], runs: ['run', 'all', 'get', 'each', 'iterate'] },
  'bun:sqlite': { makers: ['Database.new().prepare()', 'Database.new().query()'], runs: ['run', 'all', 'get', 'values', 'iterate'] },
};

/** Template tags that run their statement (`` sql`SELECT ...` ``); called as functions they build fragments. */
const SQL_TAGS: Record<string, string[]> = {
  postgres: ['()'],
  '@vercel/postgres': ['sql', 'db.sql', 'createPool().sql', 'createClient().sql'],
  '@neondatabase/serverless': ['neon()'],
};

/** SQL client sinks. */
export const DATABASE_SINKS: readonly SinkEntry[] = [
  ...Object.entries(SQL_METHODS).flatMap(([module, paths]) => paths.map((path): SinkEntry => ({ module, export: path, ...database('runs a SQL statement') }))),
  ...Object.entries(STATEMENTS).flatMap(([module, { makers, runs }]) =>
    makers.flatMap((maker) => runs.map((run): SinkEntry => ({ module, export: `${maker}.**.${run}`, ...database('runs a prepared SQL statement', 'receiver') }))),
  ),
  ...Object.entries(SQL_TAGS).flatMap(([module, paths]) => paths.map((path): SinkEntry => ({ module, export: path, ...database('runs a SQL statement'), tagOnly: true }))),
  { module: 'postgres', export: '().file', kind: 'database', access: 'unknown', destructive: null, idempotent: null, openWorld: false, description: 'runs the SQL statements of a file' },
];
