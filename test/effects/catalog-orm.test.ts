import { describe, expect, it } from 'vitest';
import { chain, effectsOf, server } from './library-helpers.js';

describe('Prisma', () => {
  it('model operations, raw SQL as tagged templates and as text, transactions and connections', async () => {
    const r = await effectsOf(
      server(
        `import { PrismaClient, Prisma } from "@prisma/client";\nconst prisma = new PrismaClient();`,
        [
          `  await prisma.$connect();`,
          `  await prisma.note.findMany({ where: { tag: args.tag } });`,
          `  await prisma.note.create({ data: { body: args.body } });`,
          `  await prisma.note.update({ where: { id: 1 }, data: { views: { increment: 1 } } });`,
          `  await prisma.tag.upsert({ where: { name: "a" }, create: { name: "a" }, update: {} });`,
          `  await prisma.$transaction([prisma.note.deleteMany({ where: { done: true } })]);`,
          `  await prisma.$executeRaw\`DELETE FROM notes WHERE id = \${args.id}\`;`,
          `  await prisma.$queryRaw(Prisma.sql\`SELECT * FROM notes\`);`,
          `  await prisma.$executeRawUnsafe(args.statement);`,
        ].join('\n'),
      ),
    );
    const at = '@prisma/client PrismaClient.new()';
    expect(r.rows).toEqual([
      `database read d:null i:null closed certain | ${at}.note.findMany`,
      `database write d:false i:false closed certain | ${at}.note.create`,
      `database write d:true i:null closed certain | ${at}.note.update`,
      `database write d:true i:true closed certain | ${at}.tag.upsert`,
      `database write d:true i:true closed certain | ${at}.note.deleteMany`,
      `database write d:true i:true closed certain | ${at}.$executeRaw DELETE`,
      `database read d:null i:null closed certain | ${at}.$queryRaw SELECT`,
      `database unknown d:null i:null closed certain | ${at}.$executeRawUnsafe`,
    ]);
    expect(r.effects[7]!.description).toBe('runs a SQL statement known only at run time');
    expect(r.unresolved).toEqual([]);
  });

  it('a client generated to a custom output path (./generated/prisma, .prisma/client) is recognised by its PrismaClient export', async () => {
    const r = await effectsOf(
      server(
        `import { PrismaClient } from "./generated/prisma";\nimport { PrismaClient as Legacy } from ".prisma/client";\nconst db = new PrismaClient();\nconst legacy = new Legacy();`,
        `  await db.user.delete({ where: { id: args.id } });\n  await legacy.user.count();`,
      ),
    );
    expect(r.rows).toEqual(['database write d:true i:true closed certain | ./generated/prisma PrismaClient.new().user.delete', 'database read d:null i:null closed certain | .prisma/client PrismaClient.new().user.count']);
    expect(r.unresolved).toEqual([]);
  });

  it('a repository class holding the client in a field, called from the handler: the evidence goes through the method', async () => {
    const r = await effectsOf(
      server(`import { UserRepo } from "./repo";\nconst users = new UserRepo();`, `  await users.remove(args.id);`, {
        'repo.ts': `import { PrismaClient } from "@prisma/client";\nexport class UserRepo {\n  private readonly prisma = new PrismaClient();\n  async remove(id: string) {\n    await this.prisma.session.deleteMany({ where: { userId: id } });\n    return this.prisma.user.delete({ where: { id } });\n  }\n}\n`,
      }),
    );
    expect(r.rows).toEqual(['database write d:true i:true closed certain | @prisma/client PrismaClient.new().session.deleteMany', 'database write d:true i:true closed certain | @prisma/client PrismaClient.new().user.delete']);
    expect(r.effects.map(chain)).toEqual(['users.remove@7 > sink@5', 'users.remove@7 > sink@6']);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });
});

describe('drizzle', () => {
  it('select, insert (with onConflictDoNothing), update, delete, execute(sql`...`) and relational queries; builder steps are part of their operation', async () => {
    const r = await effectsOf(
      server(
        `import { drizzle } from "drizzle-orm/node-postgres";\nimport { eq, sql } from "drizzle-orm";\nimport { notes, tags } from "./schema";\nconst db = drizzle(process.env.DATABASE_URL!);`,
        [
          `  await db.select().from(notes).where(eq(notes.id, args.id)).limit(1);`,
          `  await db.insert(tags).values({ name: args.tag }).onConflictDoNothing();`,
          `  await db.insert(notes).values({ body: args.body }).returning();`,
          `  await db.update(notes).set({ body: "x" }).where(eq(notes.id, 1));`,
          `  await db.delete(notes).where(eq(notes.id, 1));`,
          `  await db.execute(sql\`TRUNCATE notes\`);`,
          `  await db.query.notes.findMany({ with: { tags: true } });`,
        ].join('\n'),
        { 'schema.ts': `export const notes: any = {};\nexport const tags: any = {};\n` },
      ),
    );
    const at = 'drizzle-orm/node-postgres drizzle()';
    expect(r.rows).toEqual([
      `database read d:null i:null closed certain | ${at}.select`,
      `database write d:false i:true closed certain | ${at}.insert .onConflictDoNothing()`,
      `database write d:false i:false closed certain | ${at}.insert`,
      `database write d:true i:null closed certain | ${at}.update`,
      `database write d:true i:true closed certain | ${at}.delete`,
      `database write d:true i:true closed certain | ${at}.execute TRUNCATE`,
      `database read d:null i:null closed certain | ${at}.query.notes.findMany`,
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('knex', () => {
  it('table chains whose operation comes anywhere in them, conflict handling, raw SQL and the schema builder', async () => {
    const r = await effectsOf(
      server(
        `import knex from "knex";\nconst db = knex({ client: "pg" });`,
        [
          `  await db("notes").where({ tag: args.tag }).where((qb) => qb.where("a", 1).orWhere("b", 2)).first();`,
          `  await db("tags").insert({ name: args.tag }).onConflict("name").ignore();`,
          `  await db("kv").insert({ k: "a", v: "b" }).onConflict("k").merge();`,
          `  await db.from("notes").where("id", args.id).update({ body: "x" });`,
          `  await db("notes").where("id", args.id).del();`,
          `  await db.raw("VACUUM");`,
          `  await db.schema.createTable("logs", (table) => { table.increments("id"); table.string("line"); });`,
        ].join('\n'),
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | knex ()().where().where().first',
      'database write d:false i:true closed certain | knex ()().insert .ignore()',
      'database write d:true i:true closed certain | knex ()().insert .merge()',
      'database write d:true i:null closed certain | knex ().from().where().update',
      'database write d:true i:true closed certain | knex ()().where().del',
      'database unknown d:null i:null closed certain | knex ().raw',
      'database write d:true i:null closed certain | knex ().schema.createTable',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('a helper in another file that runs the chain: the evidence goes through it', async () => {
    const r = await effectsOf(
      server(`import { removeNote } from "./db";`, `  await removeNote(args.id);`, {
        'db.ts': `import knex from "knex";\nconst db = knex({ client: "sqlite3", connection: { filename: "notes.db" } });\nexport async function removeNote(id: string) {\n  await db("notes").where({ id }).del();\n}\n`,
      }),
    );
    expect(r.rows).toEqual(['database write d:true i:true closed certain | knex ()().where().del']);
    expect(chain(r.effects[0]!)).toBe('removeNote@6 > sink@4');
    expect(r.unresolved).toEqual([]);
  });

  it('a helper that returns the table builder (`return db("notes")`): the returned library value is followed, so the chain on its result is the catalogued delete', async () => {
    const r = await effectsOf(
      server(`import { notes } from "./db";`, `  await notes().where({ id: args.id }).del();`, {
        'db.ts': `import knex from "knex";\nconst db = knex({ client: "pg" });\nexport function notes() {\n  return db("notes");\n}\n`,
      }),
    );
    expect(r.rows).toEqual(['database write d:true i:true closed certain | knex ()().where().del']);
    expect(r.unresolved).toEqual([]);
  });
});

describe('kysely', () => {
  it('chains classified by the operation that starts them, not by the terminal execute(); callbacks of builder steps build the query', async () => {
    const r = await effectsOf(
      server(
        `import { Kysely, sql } from "kysely";\nconst db = new Kysely<any>({ dialect: {} as any });`,
        [
          `  await db.selectFrom("person").selectAll().where((eb) => eb.or([eb("id", "=", args.id), eb("name", "=", "x")])).execute();`,
          `  await db.insertInto("tag").values({ name: args.tag }).onConflict((oc) => oc.column("name").doNothing()).execute();`,
          `  await db.updateTable("person").set({ name: "x" }).where("id", "=", 1).executeTakeFirst();`,
          `  await db.deleteFrom("person").where("id", "=", 1).execute();`,
          `  await sql\`DROP TABLE IF EXISTS scratch\`.execute(db);`,
          `  await sql.raw(args.statement).execute(db);`,
          `  await db.schema.createTable("log").addColumn("id", "integer", (col) => col.primaryKey()).execute();`,
        ].join('\n'),
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | kysely Kysely.new().selectFrom',
      'database write d:false i:true closed certain | kysely Kysely.new().insertInto .doNothing()',
      'database write d:true i:null closed certain | kysely Kysely.new().updateTable',
      'database write d:true i:true closed certain | kysely Kysely.new().deleteFrom',
      'database write d:true i:true closed certain | kysely sql().execute DROP',
      'database unknown d:null i:null closed certain | kysely sql.raw().execute',
      'database write d:true i:null closed certain | kysely Kysely.new().schema.createTable',
    ]);
    expect(r.unresolved).toEqual([]);
  });

});

describe('TypeORM', () => {
  it('repositories and the entity manager; save is a destructive upsert; query builders decided by their operation; raw SQL', async () => {
    const r = await effectsOf(
      server(
        `import { DataSource } from "typeorm";\nimport { User } from "./user";\nconst ds = new DataSource({ type: "postgres" } as any);\nconst users = ds.getRepository(User);`,
        [
          `  await users.findOneBy({ id: args.id });`,
          `  const draft = users.create({ name: args.name });`,
          `  await users.save(draft);`,
          `  await users.insert({ name: "x" });`,
          `  await ds.manager.delete(User, { id: 1 });`,
          `  await users.createQueryBuilder("u").where("u.id = :id", { id: 1 }).getMany();`,
          `  await ds.createQueryBuilder().insert().into(User).values({ name: "y" }).orIgnore().execute();`,
          `  await ds.createQueryBuilder().softDelete().from(User).where("id = :id", { id: 1 }).execute();`,
          `  await ds.query("UPDATE users SET active = false");`,
        ].join('\n'),
        { 'user.ts': `export class User { id!: number; name!: string; }\n` },
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | typeorm DataSource.new().getRepository().findOneBy',
      'database write d:true i:null closed certain | typeorm DataSource.new().getRepository().save',
      'database write d:false i:false closed certain | typeorm DataSource.new().getRepository().insert',
      'database write d:true i:true closed certain | typeorm DataSource.new().manager.delete',
      'database read d:null i:null closed certain | typeorm DataSource.new().getRepository().createQueryBuilder().where().getMany',
      'database write d:false i:true closed certain | typeorm DataSource.new().createQueryBuilder().insert .orIgnore()',
      'database write d:true i:true closed certain | typeorm DataSource.new().createQueryBuilder().softDelete',
      'database write d:true i:null closed certain | typeorm DataSource.new().query UPDATE',
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('Sequelize', () => {
  it('models from sequelize.define(): statics, instance methods of a fetched row, raw queries', async () => {
    const r = await effectsOf(
      server(
        `import { Note, sequelize } from "./models";`,
        `  await Note.findAll({ where: { tag: args.tag } });\n  const note = await Note.findByPk(args.id);\n  await note!.update({ body: "x" });\n  await Note.bulkCreate([{ body: "a" }]);\n  await Note.findOrCreate({ where: { body: "b" } });\n  await Note.destroy({ where: { done: true } });\n  await sequelize.query("SELECT 1");`,
        { 'models.ts': `import { Sequelize, DataTypes } from "sequelize";\nexport const sequelize = new Sequelize("sqlite::memory:");\nexport const Note = sequelize.define("Note", { body: DataTypes.STRING });\n` },
      ),
    );
    const at = 'sequelize Sequelize.new().define()';
    expect(r.rows).toEqual([
      `database read d:null i:null closed certain | ${at}.findAll`,
      `database read d:null i:null closed certain | ${at}.findByPk`,
      `database write d:true i:null closed certain | ${at}.findByPk().update`,
      `database write d:false i:false closed certain | ${at}.bulkCreate`,
      `database write d:false i:true closed certain | ${at}.findOrCreate`,
      `database write d:true i:true closed certain | ${at}.destroy`,
      'database read d:null i:null closed certain | sequelize Sequelize.new().query SELECT',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('a model class extending Model: its inherited static methods are the library\'s', async () => {
    const r = await effectsOf(
      server(`import { Note } from "./note";`, `  await Note.destroy({ where: { id: args.id } });`, {
        'note.ts': `import { Model } from "sequelize";\nexport class Note extends Model {}\n`,
      }),
    );
    expect(r.rows).toEqual(['database write d:true i:true closed certain | sequelize Model.destroy']);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred.readOnly).toBe(false);
  });
});

describe('transaction callbacks', () => {
  it('the client a transaction gives its callback is the library\'s client: Prisma, kysely, knex, drizzle, TypeORM', async () => {
    const r = await effectsOf(
      server(
        `import { PrismaClient } from "@prisma/client";\nimport { Kysely } from "kysely";\nimport knex from "knex";\nimport { drizzle } from "drizzle-orm/libsql";\nimport { DataSource } from "typeorm";\nimport { notes } from "./schema";\nconst prisma = new PrismaClient();\nconst ky = new Kysely<any>({ dialect: {} as any });\nconst kx = knex({ client: "pg" });\nconst db = drizzle("file:notes.db");\nconst ds = new DataSource({ type: "postgres" } as any);`,
        [
          `  await prisma.$transaction(async (tx) => { await tx.note.findMany(); await tx.note.delete({ where: { id: args.id } }); });`,
          `  await ky.transaction().execute(async (trx) => trx.deleteFrom("note").where("id", "=", args.id).execute());`,
          `  await kx.transaction(async (trx) => { await trx("note").where({ id: args.id }).update({ done: true }); });`,
          `  await db.transaction(async (tx) => { await tx.insert(notes).values({ body: "x" }); });`,
          `  await ds.transaction(async (manager) => { await manager.save({ body: "x" }); });`,
        ].join('\n'),
        { 'schema.ts': `export const notes: any = {};\n` },
      ),
    );
    expect(r.rows).toEqual([
      'database read d:null i:null closed certain | @prisma/client PrismaClient.new().note.findMany',
      'database write d:true i:true closed certain | @prisma/client PrismaClient.new().note.delete',
      'database write d:true i:true closed certain | kysely Kysely.new().deleteFrom',
      'database write d:true i:null closed certain | knex ()().where().update',
      'database write d:false i:false closed certain | drizzle-orm/libsql drizzle().insert',
      'database write d:true i:null closed certain | typeorm DataSource.new().manager.save',
    ]);
    expect(r.unresolved).toEqual([]);
  });
});
