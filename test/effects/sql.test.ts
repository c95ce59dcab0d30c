import { describe, expect, it } from 'vitest';
import { classifySql } from '../../src/effects/sql.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

describe('classifySql', () => {
  it('reads SELECT, WITH ... SELECT, EXPLAIN; INSERT adds; conflicts skipped add idempotently; upserts, UPDATE, DELETE and DDL destroy', () => {
    const of = (sql: string) => {
      const c = classifySql(sql);
      return c && `${c.access}:${c.destructive}:${c.idempotent}`;
    };
    expect(of('  -- list\n select * from notes')).toBe('read:null:null');
    expect(of('WITH recent AS (SELECT 1) SELECT * FROM recent')).toBe('read:null:null');
    expect(of('WITH gone AS (SELECT id FROM t) DELETE FROM t WHERE id IN (SELECT id FROM gone)')).toBe('write:true:true');
    expect(of('EXPLAIN SELECT 1')).toBe('read:null:null');
    expect(of('INSERT INTO notes (body) VALUES ($1)')).toBe('write:false:false');
    expect(of('INSERT INTO tags (name) VALUES ($1) ON CONFLICT DO NOTHING')).toBe('write:false:true');
    expect(of('INSERT OR IGNORE INTO tags VALUES (?)')).toBe('write:false:true');
    expect(of('INSERT INTO kv VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = $2')).toBe('write:true:true');
    expect(of('INSERT INTO kv VALUES (?, ?) ON DUPLICATE KEY UPDATE v = ?')).toBe('write:true:true');
    expect(of('UPDATE notes SET body = $1')).toBe('write:true:null');
    expect(of('/* purge */ DELETE FROM notes')).toBe('write:true:true');
    expect(of('DROP TABLE notes')).toBe('write:true:true');
    expect(of('CREATE TABLE t (id int)')).toBe('write:true:null');
    expect(of('BEGIN TRANSACTION READ ONLY')).toBe('read:null:null');
    expect(of('ROLLBACK')).toBe('read:null:null');
    expect(of('VACUUM')).toBeNull();
    expect(of('')).toBeNull();
    expect(of('$1')).toBeNull();
  });
});

/** One tool "t" whose handler body is `body`. */
async function effectsOf(top: string, body: string) {
  const result = await lintFiles({ 'server.ts': `${SERVER_HEADER}${top}\nserver.registerTool("t", { description: "d" }, async (args: any) => {\n${body}\n  return { content: [] };\n});\n` });
  const t = tool(result, 't');
  return { effects: t.effects!.effects.map((e) => `${e.kind}:${e.access}:${e.sink}`), unresolved: t.effects!.unresolved.map((u) => u.reason) };
}

describe('SQL database sinks', () => {
  it('pg: Pool and Client query, through connect(); literal, template head and a const', async () => {
    const r = await effectsOf(
      `import { Pool, Client } from "pg";\nconst pool = new Pool();\nconst client = new Client();\nconst LIST = "SELECT * FROM notes";`,
      `  await pool.query(LIST); await client.query(\`DELETE FROM notes WHERE id = \${args.id}\`); const c = await pool.connect(); await c.query("INSERT INTO notes VALUES ($1)", [args.x]); c.release();`,
    );
    expect(r.effects).toEqual(['database:read:pg Pool.new().query SELECT', 'database:write:pg Client.new().query DELETE', 'database:write:pg Pool.new().connect().query INSERT']);
    expect(r.unresolved).toEqual([]);
  });

  it('a query whose text is the tool\'s argument is a write of unknown kind', async () => {
    const r = await effectsOf(`import { Pool } from "pg";\nconst pool = new Pool();`, `  await pool.query(args.sql);`);
    expect(r.effects).toEqual(['database:unknown:pg Pool.new().query']);
  });

  it('a client the catalog does not know: the statement of a string or of an options object (text, sql, query); a request of another query language is no SQL', async () => {
    const r = await effectsOf(
      `declare const db: { query(q: unknown): Promise<unknown>; queryExecute(q: unknown): Promise<unknown> };`,
      `  await db.query({ text: "DELETE FROM t WHERE id = $1", values: [args.id] }); await db.queryExecute({ body: { query: args.dql } });`,
    );
    expect(r.effects).toEqual(['database:write:db.query DELETE', 'api:read:db.queryExecute']);
  });

  it('a method named like a query runner given a call\'s arguments object (a tool registry\'s `execute(args)`) is no SQL', async () => {
    const r = await effectsOf(
      `declare const registry: { lookup(name: string): { execute(input: unknown): Promise<unknown> } };\ndeclare const db: { execute(q: unknown): Promise<unknown> };`,
      `  await registry.lookup("t").execute(args); await registry.lookup("u").execute(args.params); await db.execute(args.sql);`,
    );
    expect(r.effects).toEqual(['api:read:registry.lookup', 'api:read:registry.lookup', 'database:unknown:db.execute']);
  });

  it('mysql2, better-sqlite3, sqlite3, @libsql/client and postgres.js', async () => {
    const r = await effectsOf(
      `import mysql from "mysql2/promise";\nimport Database from "better-sqlite3";\nimport sqlite3 from "sqlite3";\nimport { createClient } from "@libsql/client";\nimport postgres from "postgres";\nconst db = new Database("notes.db");\nconst lite = new sqlite3.Database("x.db");\nconst libsql = createClient({ url: "file:x.db" });\nconst sql = postgres("postgres://x");`,
      `  const conn = await mysql.createConnection({}); await conn.execute("UPDATE t SET a = 1"); db.prepare("SELECT 1").all(); lite.run("INSERT INTO t VALUES (1)"); await libsql.execute({ sql: "DELETE FROM t", args: [] }); await sql\`SELECT * FROM t WHERE id = \${args.id}\`;`,
    );
    expect(r.effects).toEqual([
      'database:write:mysql2/promise createConnection().execute UPDATE',
      'database:read:better-sqlite3 new().prepare().all SELECT',
      'database:write:sqlite3 Database.new().run INSERT',
      'database:write:@libsql/client createClient().execute DELETE',
      'database:read:postgres () SELECT',
    ]);
    expect(r.unresolved).toEqual([]);
  });
});
