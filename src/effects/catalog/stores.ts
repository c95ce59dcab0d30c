import type { SinkEntry } from './entry.js';
import { type Op, opEntry, opTable } from './ops.js';

/**
 * Document databases: the MongoDB Node.js driver and Mongoose. A database server the server is
 * configured with is part of its own domain: closed-world (issue #4).
 */

/**
 * Methods of a MongoDB `Collection` (https://mongodb.github.io/node-mongodb-native/6.0/classes/Collection.html):
 * queries read; inserts add a document with a fresh `_id` each time (not idempotent); updates
 * change documents (`$inc` repeats, so not idempotent in general), replaces overwrite (idempotent);
 * deletes and drops are idempotent; creating an index that exists does nothing (additive,
 * idempotent); `bulkWrite` runs operations of any kind. `aggregate` is read unless its pipeline
 * writes (`pipelineArgument`, below).
 */
const COLLECTION: Record<string, Op> = {
  find: 'read',
  findOne: 'read',
  countDocuments: 'read',
  estimatedDocumentCount: 'read',
  count: 'read',
  distinct: 'read',
  watch: 'read',
  listIndexes: 'read',
  indexes: 'read',
  indexExists: 'read',
  indexInformation: 'read',
  listSearchIndexes: 'read',
  options: 'read',
  isCapped: 'read',
  insertOne: 'add',
  insertMany: 'add',
  updateOne: 'change',
  updateMany: 'change',
  findOneAndUpdate: 'change',
  replaceOne: 'set',
  findOneAndReplace: 'set',
  deleteOne: 'delete',
  deleteMany: 'delete',
  findOneAndDelete: 'delete',
  drop: 'delete',
  dropIndex: 'delete',
  dropIndexes: 'delete',
  dropSearchIndex: 'delete',
  createIndex: 'add-once',
  createIndexes: 'add-once',
  createSearchIndex: 'add-once',
  rename: 'change',
  bulkWrite: 'write',
  initializeOrderedBulkOp: 'write',
  initializeUnorderedBulkOp: 'write',
};

/** Methods of a MongoDB `Db`: `collection()` is a factory (a prefix of the collection paths). */
const DB: Record<string, Op> = {
  listCollections: 'read',
  collections: 'read',
  stats: 'read',
  dropDatabase: 'delete',
  dropCollection: 'delete',
  createCollection: 'add-once',
  createIndex: 'add-once',
  renameCollection: 'change',
  command: 'unknown',
  runCursorCommand: 'unknown',
  admin: 'pure',
};

/** Where a `Db` comes from: `new MongoClient(url).db()`, also after `connect()` (instance or static). */
const MONGO_DBS = ['MongoClient.new().db()', 'MongoClient.new().connect().db()', 'MongoClient.connect().db()'];

/**
 * The MongoDB aggregation, whose pipeline decides whether it writes: given as an array, or built
 * on the cursor (`aggregate().match(q).out("x")`, also Mongoose's `Aggregate`).
 */
function aggregate(module: string, root: string, library: string): SinkEntry {
  return { ...opEntry(module, `${root}.aggregate`, 'read', 'database', false, `${library} \`aggregate\``), pipelineArgument: 0, chain: { out: 'set', merge: 'change' } };
}

const mongodb: SinkEntry[] = [
  ...opTable('mongodb', MONGO_DBS.map((db) => `${db}.collection()`), COLLECTION, 'database', false, 'MongoDB'),
  ...opTable('mongodb', MONGO_DBS, DB, 'database', false, 'MongoDB'),
  ...MONGO_DBS.flatMap((db) => [aggregate('mongodb', `${db}.collection()`, 'MongoDB'), aggregate('mongodb', db, 'MongoDB')]),
  ...opTable('mongodb', ['MongoClient.new()', 'MongoClient.new().connect()'], { startSession: 'pure', withSession: 'pure', watch: 'read' }, 'database', false, 'MongoDB'),
  // BSON values: `new ObjectId(id)`, `ObjectId.isValid(id)`.
  ...['ObjectId', 'ObjectId.*', 'Long', 'Decimal128', 'Timestamp', 'UUID', 'Binary'].map((path) => opEntry('mongodb', path, 'pure', 'database', false, 'MongoDB')),
];

/**
 * Static methods of a Mongoose model (https://mongoosejs.com/docs/api/model.html): as for a
 * collection; `create` and `insertMany` add documents with fresh ids; `findByIdAndUpdate` and
 * `findOneAndUpdate` change; `replaceOne` overwrites; deletes are idempotent; `syncIndexes`
 * drops the indexes the schema no longer has (destructive).
 */
const MODEL: Record<string, Op> = {
  find: 'read',
  findOne: 'read',
  findById: 'read',
  countDocuments: 'read',
  estimatedDocumentCount: 'read',
  count: 'read',
  exists: 'read',
  distinct: 'read',
  where: 'read',
  populate: 'read',
  hydrate: 'pure',
  watch: 'read',
  listIndexes: 'read',
  create: 'add',
  insertMany: 'add',
  updateOne: 'change',
  updateMany: 'change',
  findByIdAndUpdate: 'change',
  findOneAndUpdate: 'change',
  replaceOne: 'set',
  findOneAndReplace: 'set',
  deleteOne: 'delete',
  deleteMany: 'delete',
  findByIdAndDelete: 'delete',
  findOneAndDelete: 'delete',
  findByIdAndRemove: 'delete',
  findOneAndRemove: 'delete',
  bulkWrite: 'write',
  bulkSave: 'write',
  createIndexes: 'add-once',
  ensureIndexes: 'add-once',
  createCollection: 'add-once',
  syncIndexes: 'change',
  init: 'pure',
};

/**
 * Methods of a Mongoose document. Decision: `new Model(doc).save()` inserts a new document (a
 * fresh `_id` per call: additive, not idempotent), like `Model.create`; `save()` of a document a
 * query returned (`(await Model.findById(id)).save()`) writes its changes over the stored one:
 * destructive, and not known to be idempotent (the changes may count, `doc.n += 1`).
 */
const FETCHED_DOCUMENT: Record<string, Op> = {
  save: 'change',
  updateOne: 'change',
  replaceOne: 'set',
  deleteOne: 'delete',
  remove: 'delete',
};

/** Where a Mongoose model comes from: `model()` / `mongoose.model()`, `mongoose.models.X`, a connection's `model()`. */
const MONGOOSE_MODELS = ['model()', 'models.*', 'connection.model()', 'createConnection().model()', 'Mongoose.new().model()'];

const mongoose: SinkEntry[] = [
  ...opTable('mongoose', MONGOOSE_MODELS, MODEL, 'database', false, 'Mongoose'),
  ...MONGOOSE_MODELS.map((model) => aggregate('mongoose', model, 'Mongoose')),
  ...MONGOOSE_MODELS.map((model) => opEntry('mongoose', `${model}.new().save`, 'add', 'database', false, 'Mongoose `new Model(doc).save`')),
  ...opTable('mongoose', MONGOOSE_MODELS.map((model) => `${model}.*()`), FETCHED_DOCUMENT, 'database', false, 'Mongoose document'),
  // The driver's objects Mongoose exposes: `Model.collection`, `mongoose.connection.db`, `connection.collection(name)`.
  ...opTable('mongoose', [...MONGOOSE_MODELS.map((model) => `${model}.collection`), 'connection.collection()', 'connection.db.collection()'], COLLECTION, 'database', false, 'MongoDB'),
  // Connection management and value helpers.
  ...['connect', 'disconnect', 'set', 'startSession', 'connection.close', 'connection.startSession', 'connection.transaction', 'Schema', 'Schema.Types.*', 'Types.*', 'Types.*.*', 'isValidObjectId', 'isObjectIdOrHexString'].map((path) => opEntry('mongoose', path, 'pure', 'database', false, 'Mongoose')),
];

/** Document-database sinks. */
export const DOCUMENT_STORE_SINKS: readonly SinkEntry[] = [...mongodb, ...mongoose];
