import { describe, expect, it } from 'vitest';
import { chain, effectsOf, server } from './library-helpers.js';

describe('SQL clients: the gaps of the first catalog', () => {
  it('pg: a client from pool.connect(), a { text } query, and a query text the tool is given (unknown, so at worst destructive)', async () => {
    const r = await effectsOf(
      server(
        `import pg from "pg";\nconst pool = new pg.Pool();`,
        `  const client = await pool.connect();\n  await client.query({ text: "UPDATE notes SET body = $1", values: [args.body] });\n  client.release();\n  await pool.query(args.sql);`,
      ),
    );
    expect(r.rows).toEqual(['database write d:true i:null closed certain | pg Pool.new().connect().query UPDATE', 'database unknown d:null i:null closed certain | pg Pool.new().query']);
    expect(r.effects[1]!.description).toBe('runs a SQL statement known only at run time');
    expect(r.unresolved).toEqual([]);
    // The statement the tool is given may be anything: not read-only, and possibly destructive.
    expect(r.inferred.readOnly).toBe(false);
    expect(r.inferred.destructive).toBe(true);
  });

  it('mysql2: promise() wrappers and pooled connections', async () => {
    const r = await effectsOf(
      server(
        `import mysql from "mysql2";\nconst pool = mysql.createPool({}).promise();`,
        `  await pool.query("SELECT * FROM notes");\n  const conn = await pool.getConnection();\n  await conn.execute("INSERT IGNORE INTO tags VALUES (?)", [args.tag]);\n  conn.release();`,
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | mysql2 createPool().promise().query SELECT',
      'database write d:false i:true closed certain | mysql2 createPool().promise().getConnection().execute INSERT skipping conflicts',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('better-sqlite3: a statement prepared at module level is judged where it runs, with the SQL given to prepare()', async () => {
    const r = await effectsOf(
      server(
        `import Database from "better-sqlite3";\nconst db = new Database("notes.db");\nconst insert = db.prepare("INSERT INTO notes (body) VALUES (?)");\nconst wipe = db.prepare(\`DELETE FROM notes\`);`,
        `  insert.run(args.body);\n  db.prepare("SELECT count(*) FROM notes").pluck().get();\n  if (args.reset) wipe.run();`,
      ),
    );
    expect(r.rows).toEqual([
      'database write d:false i:false closed certain | better-sqlite3 new().prepare().run INSERT',
      'database read d:null i:null closed certain | better-sqlite3 new().prepare().pluck().get SELECT',
      'database write d:true i:true closed certain | better-sqlite3 new().prepare().run DELETE',
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: false });
  });

  it('a text of several statements does what its worst statement does; a semicolon inside quotes does not split it', async () => {
    const r = await effectsOf(
      server(
        `import Database from "better-sqlite3";\nconst db = new Database(":memory:");\nconst SCHEMA = "CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT); INSERT INTO kv VALUES ('a;b', 'c')";`,
        `  db.exec(SCHEMA);`,
      ),
    );
    expect(r.rows).toEqual(['database write d:true i:false closed certain | better-sqlite3 new().exec CREATE + INSERT']);
  });

  it('@libsql/client: a batch is as destructive as its worst statement', async () => {
    const r = await effectsOf(
      server(
        `import { createClient } from "@libsql/client";\nconst db = createClient({ url: "file:local.db" });`,
        `  await db.batch([{ sql: "INSERT INTO t VALUES (?)", args: [1] }, "DELETE FROM t WHERE id = 0"], "write");`,
      ),
    );
    expect(r.rows).toEqual(['database write d:true i:false closed certain | @libsql/client createClient().batch INSERT + DELETE']);
  });

  it('postgres.js: sql.unsafe(text) runs SQL; sql(values) inside a template only builds a fragment', async () => {
    const r = await effectsOf(
      server(`import postgres from "postgres";\nconst sql = postgres("postgres://x");`, `  await sql\`INSERT INTO users \${sql(args.user, "name")}\`;\n  await sql.unsafe("TRUNCATE users");`),
    );
    expect(r.rows).toEqual(['database write d:false i:false closed certain | postgres () INSERT', 'database write d:true i:true closed certain | postgres ().unsafe TRUNCATE']);
    expect(r.unresolved).toEqual([]);
  });
});

describe('MongoDB', () => {
  it('collection methods reached as MongoClient.new().db().collection().<m>: reads, inserts, updates, replaces, deletes, index creation', async () => {
    const r = await effectsOf(
      server(
        `import { MongoClient, ObjectId } from "mongodb";\nconst client = new MongoClient("mongodb://localhost");`,
        [
          `  const notes = client.db("app").collection("notes");`,
          `  await notes.find({ _id: new ObjectId(args.id) }).sort({ at: -1 }).toArray();`,
          `  await notes.insertOne({ body: args.body });`,
          `  await notes.updateOne({ _id: 1 }, { $set: { body: "x" } });`,
          `  await notes.replaceOne({ _id: 1 }, { body: "x" });`,
          `  await notes.deleteMany({ done: true });`,
          `  await notes.createIndex({ at: 1 });`,
          `  await notes.bulkWrite([]);`,
        ].join('\n'),
      ),
    );
    const at = 'mongodb MongoClient.new().db().collection()';
    expect(r.rows).toEqual([
      `database read d:null i:null closed certain | ${at}.find`,
      `database write d:false i:false closed certain | ${at}.insertOne`,
      `database write d:true i:null closed certain | ${at}.updateOne`,
      `database write d:true i:true closed certain | ${at}.replaceOne`,
      `database write d:true i:true closed certain | ${at}.deleteMany`,
      `database write d:false i:true closed certain | ${at}.createIndex`,
      `database write d:null i:null closed certain | ${at}.bulkWrite`,
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: false });
  });

  it('a Db and a Collection held in module consts and in a class field; dropDatabase and createCollection; an aggregation that writes with $out', async () => {
    const r = await effectsOf(
      server(
        `import { MongoClient } from "mongodb";\nimport { Archive } from "./archive";\nconst client = await new MongoClient("mongodb://x").connect();\nconst db = client.db("app");\nconst archive = new Archive();`,
        `  await db.createCollection("logs");\n  await archive.roll(args.day);\n  if (args.reset) await db.dropDatabase();`,
        {
          'archive.ts': `import { MongoClient } from "mongodb";\nconst client = new MongoClient("mongodb://x");\nexport class Archive {\n  private events = client.db("app").collection("events");\n  async roll(day: string) {\n    await this.events.aggregate([{ $match: { day } }, { $out: "archive_" + day }]).toArray();\n    return this.events.aggregate([{ $group: { _id: "$day" } }]).toArray();\n  }\n}\n`,
        },
      ),
    );
    expect(r.rows).toEqual([
      'database write d:false i:true closed certain | mongodb MongoClient.new().connect().db().createCollection',
      'database write d:true i:true closed certain | mongodb MongoClient.new().db().collection().aggregate ($out)',
      'database read d:null i:null closed certain | mongodb MongoClient.new().db().collection().aggregate',
      'database write d:true i:true closed certain | mongodb MongoClient.new().connect().db().dropDatabase',
    ]);
    expect(r.unresolved).toEqual([]);
    // The class method sits between the handler and the sink.
    expect(chain(r.effects[1]!)).toBe('archive.roll@11 > sink@6');
  });
});

describe('Mongoose', () => {
  it('models exported from another file: reads, create, updates, deletes; new Model(doc).save() adds, a fetched document\'s save() changes', async () => {
    const r = await effectsOf(
      server(
        `import mongoose from "mongoose";\nimport { Note } from "./models";`,
        [
          `  await Note.find({ tag: args.tag }).sort({ at: -1 }).lean();`,
          `  const note = await Note.findById(args.id);`,
          `  note!.body = args.body;`,
          `  await note!.save();`,
          `  await new Note({ body: args.body }).save();`,
          `  await Note.create({ body: "x" });`,
          `  await Note.findByIdAndUpdate(args.id, { $inc: { views: 1 } });`,
          `  await mongoose.models.Tag.deleteMany({ unused: true });`,
          `  await Note.aggregate().match({ done: true }).out("done_notes");`,
        ].join('\n'),
        { 'models.ts': `import { Schema, model } from "mongoose";\nexport const Note = model("Note", new Schema({ body: String }));\n` },
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | mongoose model().find',
      'database read d:null i:null closed certain | mongoose model().findById',
      'database write d:true i:null closed certain | mongoose model().findById().save',
      'database write d:false i:false closed certain | mongoose model().new().save',
      'database write d:false i:false closed certain | mongoose model().create',
      'database write d:true i:null closed certain | mongoose model().findByIdAndUpdate',
      'database write d:true i:true closed certain | mongoose models.Tag.deleteMany',
      'database write d:true i:true closed certain | mongoose model().aggregate .out()',
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('Redis', () => {
  it('ioredis: lower-case commands classified by the command table; a transaction chain; call() with a literal command; listeners are no effect', async () => {
    const r = await effectsOf(
      server(
        `import Redis from "ioredis";\nconst redis = new Redis();\nconst cluster = new Redis.Cluster([{ host: "a", port: 6379 }]);\nredis.on("error", () => {});`,
        [
          `  await redis.get("a"); await redis.hgetall("h"); await redis.set("a", "1"); await redis.del("x"); await redis.incr("n");`,
          `  await redis.lpush("queue", args.job); await redis.sadd("tags", "t"); await redis.expire("a", 60);`,
          `  await redis.multi().hset("h", "k", "v").zadd("z", 1, "m").exec();`,
          `  await redis.call("FLUSHDB");`,
          `  redis.on("ready", () => {});`,
          `  await cluster.zrem("z", "m");`,
        ].join('\n'),
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | ioredis new().get (GET)',
      'database read d:null i:null closed certain | ioredis new().hgetall (HGETALL)',
      'database write d:true i:true closed certain | ioredis new().set (SET)',
      'database write d:true i:true closed certain | ioredis new().del (DEL)',
      'database write d:false i:false closed certain | ioredis new().incr (INCR)',
      'database write d:false i:false closed certain | ioredis new().lpush (LPUSH)',
      'database write d:false i:true closed certain | ioredis new().sadd (SADD)',
      'database write d:true i:true closed certain | ioredis new().expire (EXPIRE)',
      'database write d:false i:true closed certain | ioredis new().multi().hset().zadd (ZADD)',
      'database write d:true i:true closed certain | ioredis new().multi().hset (HSET)',
      'database write d:true i:true closed certain | ioredis new().call (FLUSHDB)',
      'database write d:true i:true closed certain | ioredis Cluster.new().zrem (ZREM)',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('node-redis v4: camelCase commands, a connected client, sendCommand([...]), a cluster; a command the table lacks is of unknown access', async () => {
    const r = await effectsOf(
      server(
        `import { createClient, createCluster } from "redis";\nconst client = await createClient({ url: "redis://x" }).connect();\nconst cluster = createCluster({ rootNodes: [] });`,
        `  await client.hSet("h", "k", "v"); await client.lRange("l", 0, -1); await client.publish("ch", "m"); await client.sendCommand(["UNLINK", "k"]);\n  await cluster.zIncrBy("z", 1, "m"); await client.frobnicate();`,
      ),
    );
    expect(r.rows).toEqual([
      'database write d:true i:true closed certain | redis createClient().connect().hSet (HSET)',
      'database read d:null i:null closed certain | redis createClient().connect().lRange (LRANGE)',
      'database write d:false i:false closed certain | redis createClient().connect().publish (PUBLISH)',
      'database write d:true i:true closed certain | redis createClient().connect().sendCommand (UNLINK)',
      'database write d:false i:false closed certain | redis createCluster().zIncrBy (ZINCRBY)',
      'database unknown d:null i:null closed certain | redis createClient().connect().frobnicate (frobnicate)',
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred.readOnly).toBe(false);
    expect(r.inferred.openWorld).toBeNull();
  });

  it('a client held in a class field, reached through a helper: the evidence names each hop', async () => {
    const r = await effectsOf(
      server(`import { Cache } from "./cache";\nconst cache = new Cache();\nasync function forget(key: string) { await cache.drop(key); }`, `  await forget(args.key);`, {
        'cache.ts': `import Redis from "ioredis";\nexport class Cache {\n  private redis = new Redis(process.env.REDIS_URL!);\n  async drop(key: string) {\n    await this.redis.unlink(key);\n  }\n}\n`,
      }),
    );
    expect(r.rows).toEqual(['database write d:true i:true closed certain | ioredis new().unlink (UNLINK)']);
    expect(chain(r.effects[0]!)).toBe('forget@8 > cache.drop@6 > sink@5');
  });
});
