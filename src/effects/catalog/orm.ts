import type { SinkEntry } from './entry.js';
import { type Op, opEntry, opTable } from './ops.js';

/**
 * ORMs and query builders: Prisma, drizzle, knex, kysely, TypeORM, Sequelize. A builder chain is
 * classified by the operation that starts it (`db.insert(t)`, `db("t").where(...).del()`); its
 * other steps and its terminal `.execute()` / `await` are results of that sink (no effect of their
 * own); a step that changes the operation (`onConflictDoNothing`) refines it (`chain`). Raw SQL
 * goes through the SQL classifier. A database server the server is configured with is
 * closed-world (issue #4).
 */

const DB = 'database' as const;

/** `<root>.<method>` for every method, running the SQL of argument 0. */
function sqlEntries(module: string, roots: readonly string[], methods: readonly string[], library: string): SinkEntry[] {
  return roots.flatMap((root) => methods.map((m): SinkEntry => ({ ...opEntry(module, `${root}.${m}`, 'unknown', DB, false, `${library} \`${m}\``), description: 'runs a SQL statement', sqlArgument: 0 })));
}

/** A method that runs a callback with a client (`$transaction(async (tx) => ...)`): no effect itself; calls on `tx` are calls on `client`. */
function transaction(module: string, path: string, client: string): SinkEntry {
  return { ...opEntry(module, path, 'pure', DB, false, 'a transaction'), callbackParameters: [client] };
}

/** `entry` with builder steps that change its operation. */
function withChain(entries: SinkEntry[], chain: NonNullable<SinkEntry['chain']>): SinkEntry[] {
  return entries.map((e) => ({ ...e, chain }));
}

// ---------------------------------------------------------------------------------------------
// Prisma (https://www.prisma.io/docs/orm/reference/prisma-client-reference)

/**
 * Where a Prisma client class is imported from: `@prisma/client` (and `/edge`, ...), the default
 * generated folder `.prisma/client`, and a custom `output` path (`./generated/prisma`,
 * `../prisma/client`): any specifier with `prisma` in it. Decision: only the `PrismaClient` export
 * under such a specifier is read as the client, so the glob cannot catch another package's calls.
 * A generated client that is itself part of the linted files (Prisma 7's `prisma-client`
 * generator writes TypeScript) is followed as project code instead.
 */
const PRISMA_MODULE = '*prisma*';
const PRISMA_CLIENTS = ['PrismaClient.new()', 'PrismaClient.new().$extends()'];

/** Model operations (`prisma.user.findMany()`): `upsert` overwrites or inserts (idempotent); `update` may `increment` (not idempotent). */
const PRISMA_MODEL: Record<string, Op> = {
  findMany: 'read',
  findUnique: 'read',
  findUniqueOrThrow: 'read',
  findFirst: 'read',
  findFirstOrThrow: 'read',
  count: 'read',
  aggregate: 'read',
  groupBy: 'read',
  create: 'add',
  createMany: 'add',
  createManyAndReturn: 'add',
  update: 'change',
  updateMany: 'change',
  updateManyAndReturn: 'change',
  upsert: 'set',
  delete: 'delete',
  deleteMany: 'delete',
};

/** Client methods: raw SQL (tagged templates and `*Unsafe(text)`), and what changes no data. `$queryRawTyped` runs SQL kept in a `.sql` file. */
const prisma: SinkEntry[] = [
  ...opTable(PRISMA_MODULE, PRISMA_CLIENTS.map((c) => `${c}.*`), PRISMA_MODEL, DB, false, 'Prisma'),
  ...sqlEntries(PRISMA_MODULE, PRISMA_CLIENTS, ['$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe'], 'Prisma'),
  ...opTable(PRISMA_MODULE, PRISMA_CLIENTS, { $queryRawTyped: 'unknown', $runCommandRaw: 'write', $connect: 'pure', $disconnect: 'pure', $on: 'pure', $use: 'pure' }, DB, false, 'Prisma'),
  // `$transaction([...])` runs the calls listed (each a sink itself); `$transaction(async (tx) => ...)` gives the callback the client.
  ...PRISMA_CLIENTS.map((c) => transaction(PRISMA_MODULE, `${c}.$transaction`, c)),
  // `Prisma.sql`, `Prisma.join`, `Prisma.raw`, `new Prisma.Decimal(x)`: values and fragments.
  ...['Prisma.*', 'Prisma.*.*'].map((path) => opEntry(PRISMA_MODULE, path, 'pure', DB, false, 'Prisma')),
];

// ---------------------------------------------------------------------------------------------
// drizzle (https://orm.drizzle.team/docs/overview)

/** Any driver entry point: `drizzle-orm/node-postgres`, `drizzle-orm/better-sqlite3`, `drizzle-orm/libsql`, ... */
const DRIZZLE_DRIVERS = 'drizzle-orm/*';
const DRIZZLE_DBS = ['drizzle()', 'drizzle().with()'];

const drizzle: SinkEntry[] = [
  ...withChain(opTable(DRIZZLE_DRIVERS, DRIZZLE_DBS, { insert: 'add' }, DB, false, 'drizzle'), { onConflictDoNothing: 'add-once', onConflictDoUpdate: 'set', onDuplicateKeyUpdate: 'set', ignore: 'add-once' }),
  ...opTable(DRIZZLE_DRIVERS, DRIZZLE_DBS, { select: 'read', selectDistinct: 'read', selectDistinctOn: 'read', $count: 'read', update: 'change', delete: 'delete' }, DB, false, 'drizzle'),
  ...opTable(DRIZZLE_DRIVERS, ['drizzle().query.*'], { findMany: 'read', findFirst: 'read' }, DB, false, 'drizzle'),
  ...opTable(DRIZZLE_DRIVERS, ['drizzle()'], { batch: 'pure', $with: 'pure', refreshMaterializedView: 'change' }, DB, false, 'drizzle'),
  transaction(DRIZZLE_DRIVERS, 'drizzle().transaction', 'drizzle()'),
  ...sqlEntries(DRIZZLE_DRIVERS, ['drizzle()'], ['execute', 'run', 'all', 'get', 'values'], 'drizzle'),
  // `drizzle-orm/node-postgres/migrator` and the like: migrations change the schema.
  opEntry('drizzle-orm/*/migrator', 'migrate', 'change', DB, false, 'drizzle `migrate`'),
  // The query helpers (`eq`, `and`, `desc`, the `sql` tag and `sql.raw`): they build expressions.
  ...['*', 'sql.*'].map((path) => opEntry('drizzle-orm', path, 'pure', DB, false, 'drizzle')),
];

// ---------------------------------------------------------------------------------------------
// knex (https://knexjs.org/guide/query-builder.html)

/**
 * A knex instance (`knex(config)`, `require("knex")(config)`) starts a chain with a table
 * (`db("users")`) or a method (`db.from("users")`, `db.insert(...).into("users")`); the operation
 * may come anywhere in it (`db("users").where({ id }).del()`), so it is matched at any depth.
 */
const KNEX_INSTANCES = ['()', 'knex()'];
const KNEX_OPS: Record<string, Op> = {
  select: 'read',
  first: 'read',
  pluck: 'read',
  count: 'read',
  countDistinct: 'read',
  min: 'read',
  max: 'read',
  sum: 'read',
  sumDistinct: 'read',
  avg: 'read',
  avgDistinct: 'read',
  columnInfo: 'read',
  update: 'change',
  upsert: 'set',
  del: 'delete',
  delete: 'delete',
  truncate: 'delete',
  increment: 'count',
  decrement: 'count',
};
const KNEX_SCHEMA: Record<string, Op> = {
  hasTable: 'read',
  hasColumn: 'read',
  createTable: 'change',
  createTableIfNotExists: 'change',
  createTableLike: 'change',
  createView: 'change',
  createSchema: 'change',
  createSchemaIfNotExists: 'change',
  alterTable: 'change',
  table: 'change',
  renameTable: 'change',
  dropTable: 'delete',
  dropTableIfExists: 'delete',
  dropView: 'delete',
  dropViewIfExists: 'delete',
  dropSchema: 'delete',
  dropSchemaIfExists: 'delete',
};

/** Every chain start: the instance's own methods (`db.from(...)...`) and a table (`db("t")...`). */
const knexChains = KNEX_INSTANCES.flatMap((i) => [`${i}.**`, `${i}().**`]);

const knex: SinkEntry[] = [
  ...withChain(opTable('knex', knexChains, { insert: 'add' }, DB, false, 'knex'), { ignore: 'add-once', merge: 'set' }),
  ...opTable('knex', knexChains, KNEX_OPS, DB, false, 'knex'),
  ...opTable('knex', KNEX_INSTANCES.flatMap((i) => [`${i}.schema`, `${i}.schema.withSchema()`]), { ...KNEX_SCHEMA, raw: 'unknown' }, DB, false, 'knex schema'),
  ...opTable('knex', KNEX_INSTANCES.map((i) => `${i}.migrate`), { latest: 'change', up: 'change', down: 'change', rollback: 'change', list: 'read', status: 'read', currentVersion: 'read' }, DB, false, 'knex migrations'),
  ...opTable('knex', KNEX_INSTANCES.map((i) => `${i}.seed`), { run: 'write' }, DB, false, 'knex seeds'),
  ...opTable('knex', KNEX_INSTANCES, { destroy: 'pure', ref: 'pure' }, DB, false, 'knex'),
  ...KNEX_INSTANCES.map((i) => transaction('knex', `${i}.transaction`, i)),
  ...opTable('knex', KNEX_INSTANCES.map((i) => `${i}.fn`), { now: 'pure', uuid: 'pure', uuidToBin: 'pure', binToUuid: 'pure' }, DB, false, 'knex'),
  ...sqlEntries('knex', KNEX_INSTANCES, ['raw'], 'knex'),
];

// ---------------------------------------------------------------------------------------------
// kysely (https://kysely.dev/docs/category/examples)

const KYSELY_DBS = ['Kysely.new()', 'Kysely.new().withSchema()', 'Kysely.new().with()', 'Kysely.new().withRecursive()', 'Kysely.new().startTransaction().execute()'];
const KYSELY_SCHEMA: Record<string, Op> = {
  createTable: 'change',
  createIndex: 'change',
  createView: 'change',
  createSchema: 'change',
  createType: 'change',
  alterTable: 'change',
  dropTable: 'delete',
  dropIndex: 'delete',
  dropView: 'delete',
  dropSchema: 'delete',
  dropType: 'delete',
};

const kysely: SinkEntry[] = [
  ...withChain(opTable('kysely', KYSELY_DBS, { insertInto: 'add' }, DB, false, 'kysely'), { doNothing: 'add-once', doUpdateSet: 'set', ignore: 'add-once', orIgnore: 'add-once', onDuplicateKeyUpdate: 'set', orReplace: 'set' }),
  ...opTable('kysely', KYSELY_DBS, { selectFrom: 'read', selectNoFrom: 'read', replaceInto: 'set', updateTable: 'change', deleteFrom: 'delete', mergeInto: 'change', executeQuery: 'unknown' }, DB, false, 'kysely'),
  ...opTable('kysely', KYSELY_DBS.flatMap((db) => [`${db}.schema`, `${db}.schema.withSchema()`]), KYSELY_SCHEMA, DB, false, 'kysely schema'),
  ...opTable('kysely', ['Kysely.new()'], { transaction: 'pure', startTransaction: 'pure', connection: 'pure', destroy: 'pure', 'fn.*': 'pure', 'dynamic.*': 'pure' }, DB, false, 'kysely'),
  ...['transaction().execute', 'connection().execute'].map((path) => transaction('kysely', `Kysely.new().${path}`, 'Kysely.new()')),
  // The `sql` tag builds a query or a fragment; running it (`` sql`...`.execute(db) ``) runs its SQL.
  ...['sql', 'sql.*'].map((path) => opEntry('kysely', path, 'pure', DB, false, 'kysely')),
  ...['sql().execute', 'sql.*().execute'].map((path): SinkEntry => ({ ...opEntry('kysely', path, 'unknown', DB, false, 'kysely'), description: 'runs a SQL statement', sqlArgument: 'receiver' })),
];

// ---------------------------------------------------------------------------------------------
// TypeORM (https://typeorm.io/docs/working-with-entity-manager/repository-api)

/** A data source (`new DataSource(...)`; 0.2's `createConnection()` / `getConnection()`), its entity manager, its repositories. */
const TYPEORM_SOURCES = ['DataSource.new()', 'createConnection()', 'getConnection()'];
const TYPEORM_MANAGERS = [...TYPEORM_SOURCES.map((ds) => `${ds}.manager`), 'getManager()'];
const TYPEORM_REPOSITORIES = [
  ...[...TYPEORM_SOURCES, ...TYPEORM_MANAGERS].map((owner) => `${owner}.getRepository()`),
  ...TYPEORM_SOURCES.flatMap((ds) => [`${ds}.getTreeRepository()`, `${ds}.getMongoRepository()`]),
  'getRepository()',
];

/**
 * Repository and EntityManager methods. Decision: `save` inserts or updates by primary key (an
 * upsert that may also insert fresh rows): destructive, not known to be idempotent; `insert`
 * adds; `create` and `merge` only build entities in memory.
 */
const TYPEORM_OPS: Record<string, Op> = {
  find: 'read',
  findBy: 'read',
  findOne: 'read',
  findOneBy: 'read',
  findOneOrFail: 'read',
  findOneByOrFail: 'read',
  findAndCount: 'read',
  findAndCountBy: 'read',
  findByIds: 'read',
  count: 'read',
  countBy: 'read',
  exist: 'read',
  exists: 'read',
  existsBy: 'read',
  sum: 'read',
  average: 'read',
  minimum: 'read',
  maximum: 'read',
  preload: 'read',
  create: 'pure',
  merge: 'pure',
  hasId: 'pure',
  getId: 'pure',
  insert: 'add',
  save: 'change',
  update: 'change',
  upsert: 'set',
  delete: 'delete',
  remove: 'delete',
  softDelete: 'delete',
  softRemove: 'delete',
  clear: 'delete',
  restore: 'change',
  recover: 'change',
  increment: 'count',
  decrement: 'count',
};

/**
 * Query builders (`createQueryBuilder("u")`): select by default; `insert`, `update`, `delete`,
 * `softDelete`, `restore` and `relation` may come anywhere in the chain and decide.
 */
const TYPEORM_QB_OPS: Record<string, Op> = {
  getMany: 'read',
  getOne: 'read',
  getOneOrFail: 'read',
  getRawMany: 'read',
  getRawOne: 'read',
  getCount: 'read',
  getManyAndCount: 'read',
  getRawAndEntities: 'read',
  getExists: 'read',
  stream: 'read',
  update: 'change',
  delete: 'delete',
  softDelete: 'delete',
  restore: 'change',
  relation: 'write',
};
const typeormBuilders = [...TYPEORM_SOURCES, ...TYPEORM_MANAGERS, ...TYPEORM_REPOSITORIES].map((owner) => `${owner}.createQueryBuilder().**`);

const typeorm: SinkEntry[] = [
  ...opTable('typeorm', [...TYPEORM_MANAGERS, ...TYPEORM_REPOSITORIES], TYPEORM_OPS, DB, false, 'TypeORM'),
  ...withChain(opTable('typeorm', typeormBuilders, { insert: 'add' }, DB, false, 'TypeORM query builder'), { orIgnore: 'add-once', orUpdate: 'set' }),
  ...opTable('typeorm', typeormBuilders, TYPEORM_QB_OPS, DB, false, 'TypeORM query builder'),
  ...sqlEntries('typeorm', [...TYPEORM_SOURCES, ...TYPEORM_MANAGERS, ...TYPEORM_REPOSITORIES, ...TYPEORM_SOURCES.map((ds) => `${ds}.createQueryRunner()`)], ['query'], 'TypeORM'),
  // `transaction(async (manager) => ...)` gives the callback an entity manager.
  ...TYPEORM_SOURCES.map((ds) => transaction('typeorm', `${ds}.transaction`, `${ds}.manager`)),
  ...TYPEORM_MANAGERS.map((manager) => transaction('typeorm', `${manager}.transaction`, manager)),
  ...opTable('typeorm', TYPEORM_SOURCES, { initialize: 'pure', destroy: 'pure', synchronize: 'change', dropDatabase: 'delete', runMigrations: 'change', undoLastMigration: 'change', showMigrations: 'read' }, DB, false, 'TypeORM'),
  ...opTable('typeorm', TYPEORM_SOURCES.map((ds) => `${ds}.createQueryRunner()`), { connect: 'pure', release: 'pure', startTransaction: 'pure', commitTransaction: 'pure', rollbackTransaction: 'pure' }, DB, false, 'TypeORM'),
  // Find operators and query-builder helpers: values in the options of a find (`{ id: In(ids) }`).
  ...['In', 'Not', 'Like', 'ILike', 'IsNull', 'Between', 'LessThan', 'LessThanOrEqual', 'MoreThan', 'MoreThanOrEqual', 'Equal', 'Any', 'ArrayContains', 'ArrayContainedBy', 'ArrayOverlap', 'JsonContains', 'Raw', 'And', 'Or', 'Brackets', 'NotBrackets'].map((name) =>
    opEntry('typeorm', name, 'pure', DB, false, 'TypeORM operator'),
  ),
];

// ---------------------------------------------------------------------------------------------
// Sequelize (https://sequelize.org/docs/v6/core-concepts/model-querying-basics/)

const SEQUELIZE_MODULES = ['sequelize', 'sequelize-typescript'];
const SEQUELIZE = 'Sequelize.new()';
// Models from `define()`, and classes extending `Model` (`class User extends Model {}`: the resolver roots `User.findAll` at `Model`).
const SEQUELIZE_MODELS = [`${SEQUELIZE}.define()`, `${SEQUELIZE}.model()`, `${SEQUELIZE}.models.*`, 'Model'];

/** Model statics: `findOrCreate` adds only what is missing (idempotent); `upsert` overwrites or inserts; `sync` and `drop` change the schema. */
const SEQUELIZE_MODEL: Record<string, Op> = {
  findAll: 'read',
  findOne: 'read',
  findByPk: 'read',
  findAndCountAll: 'read',
  count: 'read',
  max: 'read',
  min: 'read',
  sum: 'read',
  aggregate: 'read',
  describe: 'read',
  create: 'add',
  bulkCreate: 'add',
  findOrCreate: 'add-once',
  findCreateFind: 'add-once',
  update: 'change',
  upsert: 'set',
  destroy: 'delete',
  truncate: 'delete',
  restore: 'change',
  increment: 'count',
  decrement: 'count',
  sync: 'change',
  drop: 'delete',
  build: 'pure',
};

/** Methods of an instance a query returned (`(await User.findByPk(id)).update(...)`). */
const SEQUELIZE_INSTANCE: Record<string, Op> = { save: 'change', update: 'change', destroy: 'delete', restore: 'change', increment: 'count', decrement: 'count', reload: 'read' };

const SEQUELIZE_QUERY_INTERFACE: Record<string, Op> = {
  select: 'read',
  describeTable: 'read',
  showAllTables: 'read',
  bulkInsert: 'add',
  bulkUpdate: 'change',
  bulkDelete: 'delete',
  createTable: 'change',
  addColumn: 'change',
  changeColumn: 'change',
  renameColumn: 'change',
  renameTable: 'change',
  addIndex: 'change',
  addConstraint: 'change',
  removeColumn: 'delete',
  removeIndex: 'delete',
  removeConstraint: 'delete',
  dropTable: 'delete',
  dropAllTables: 'delete',
};

const sequelize: SinkEntry[] = SEQUELIZE_MODULES.flatMap((module) => [
  ...opTable(module, SEQUELIZE_MODELS, SEQUELIZE_MODEL, DB, false, 'Sequelize'),
  ...SEQUELIZE_MODELS.map((model) => opEntry(module, `${model}.build().save`, 'add', DB, false, 'Sequelize `build(...).save`')),
  ...opTable(module, SEQUELIZE_MODELS.map((model) => `${model}.*()`), SEQUELIZE_INSTANCE, DB, false, 'Sequelize instance'),
  ...sqlEntries(module, [SEQUELIZE], ['query'], 'Sequelize'),
  ...opTable(module, [SEQUELIZE], { sync: 'change', drop: 'delete', truncate: 'delete', authenticate: 'pure', close: 'pure', transaction: 'pure' }, DB, false, 'Sequelize'),
  ...opTable(module, [`${SEQUELIZE}.getQueryInterface()`], SEQUELIZE_QUERY_INTERFACE, DB, false, 'Sequelize query interface'),
  // Expression helpers: `Sequelize.fn(...)`, `literal(...)`, `DataTypes.STRING(64)`.
  ...['fn', 'col', 'literal', 'where', 'cast', 'json', 'Sequelize.fn', 'Sequelize.col', 'Sequelize.literal', 'Sequelize.where', 'Sequelize.cast', 'DataTypes.*'].map((path) => opEntry(module, path, 'pure', DB, false, 'Sequelize')),
]);

/** ORM and query-builder sinks. */
export const ORM_SINKS: readonly SinkEntry[] = [...prisma, ...drizzle, ...knex, ...kysely, ...typeorm, ...sequelize];

/**
 * Builder methods whose callback receives a query fragment, not a client: kysely's expression
 * builders (`.where((eb) => eb("a", "=", 1))`, `.onConflict((oc) => oc.column("id").doNothing())`,
 * `.addColumn("id", "integer", (col) => col.primaryKey())`), knex's nested clauses
 * (`.where((qb) => qb.where(...).orWhere(...))`, `.join("t", function () { this.on(...) })`) and
 * table builders (`schema.createTable("t", (table) => table.string("name"))`). Calls on that
 * parameter build the query the chain's sink runs: no effect of their own. Callbacks that
 * receive a client (`transaction((trx) => ...)`) are not listed: what they do is followed as
 * calls on an unknown value.
 */
export const FRAGMENT_CALLBACK_METHODS: ReadonlySet<string> = new Set([
  'where', 'orWhere', 'andWhere', 'whereNot', 'orWhereNot', 'andWhereNot', 'whereIn', 'orWhereIn', 'whereNotIn', 'orWhereNotIn', 'whereExists', 'orWhereExists',
  'whereNotExists', 'orWhereNotExists', 'whereRef', 'having', 'orHaving', 'on', 'andOn', 'orOn', 'onRef',
  'join', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'leftOuterJoin', 'rightOuterJoin', 'fullOuterJoin', 'innerJoinLateral', 'leftJoinLateral',
  'select', 'distinctOn', 'orderBy', 'groupBy', 'returning', 'set', 'values', 'onConflict', 'onDuplicateKeyUpdate', 'with', 'withRecursive', 'union', 'unionAll', 'intersect', 'except',
  'when', 'whenMatched', 'whenNotMatched', 'whenMatchedAnd', 'whenNotMatchedAnd', 'modifyFront', 'modifyEnd', '$call',
  'createTable', 'alterTable', 'table', 'addColumn', 'modifyColumn', 'alterColumn', 'addForeignKeyConstraint', 'createTableLike',
]);
