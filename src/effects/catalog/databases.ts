import type { Effectish, SinkEntry } from './entry.js';

/** Database sinks: SQL clients whose statement text decides the effect (classifySql in sql.ts). */

const database = (description: string): Effectish => ({
  kind: 'database',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  // A database the server is configured with is part of its own domain (issue #4: closed-world by default).
  openWorld: false,
  description,
  sqlArgument: 0,
});

/** SQL clients: each method that runs SQL text, by its access path (`Pool.new().query` is `new Pool().query`). */
const SQL_CLIENTS: Record<string, string[]> = {
  pg: ['Pool.new().query', 'Client.new().query', 'Pool.new().connect().query'],
  mysql2: ['createConnection().query', 'createConnection().execute', 'createPool().query', 'createPool().execute'],
  'mysql2/promise': ['createConnection().query', 'createConnection().execute', 'createPool().query', 'createPool().execute'],
  'better-sqlite3': ['new().prepare', 'new().exec'],
  sqlite3: ['Database.new().run', 'Database.new().all', 'Database.new().get', 'Database.new().each', 'Database.new().exec'],
  '@libsql/client': ['createClient().execute'],
  // postgres.js: `` sql`SELECT ...` `` (the template tag) and `sql.unsafe(text)`.
  postgres: ['()', '().unsafe'],
};

/** SQL client sinks. */
export const DATABASE_SINKS: readonly SinkEntry[] = Object.entries(SQL_CLIENTS).flatMap(([module, paths]) => paths.map((path): SinkEntry => ({ module, export: path, ...database('runs a SQL statement') })));
