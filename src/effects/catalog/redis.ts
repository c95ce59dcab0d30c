import type { SinkEntry } from './entry.js';
import type { Op } from './ops.js';

/**
 * Redis clients: ioredis (`new Redis()`, `new Redis.Cluster()`), node-redis v4+ (`createClient()`,
 * `createCluster()`, also from `@redis/client`) and Upstash (`new Redis({ url, token })`,
 * `Redis.fromEnv()`). Each method is a Redis command, named in lower case (ioredis `hset`) or
 * camel case (node-redis `hSet`), classified by the command table below. A Redis server the
 * server is configured with is part of its own domain: closed-world (issue #4).
 */

/**
 * Redis commands (lower case) → what they do, after the command reference
 * (https://redis.io/docs/latest/commands/): reads; SET-like writes overwrite a key (destructive,
 * idempotent); `*NX` forms only add (idempotent); DEL-like deletes are destructive and idempotent;
 * pops and moves remove what they return (not idempotent); counters and list pushes are not
 * idempotent; set and sorted-set adds are; `PUBLISH` sends a message (additive, not idempotent).
 * `pure`: connection and transaction management, no data. Scripts (`EVAL`, `FCALL`) do anything.
 */
export const REDIS_COMMANDS: Readonly<Record<string, Op>> = {
  ...ops('read', [
    'get', 'mget', 'getrange', 'substr', 'strlen', 'getbit', 'bitcount', 'bitpos', 'bitfield_ro', 'lcs',
    'hget', 'hmget', 'hgetall', 'hkeys', 'hvals', 'hlen', 'hexists', 'hstrlen', 'hscan', 'hrandfield', 'httl',
    'lrange', 'lindex', 'llen', 'lpos',
    'smembers', 'sismember', 'smismember', 'scard', 'srandmember', 'sscan', 'sdiff', 'sinter', 'sunion', 'sintercard',
    'zrange', 'zrangebyscore', 'zrangebylex', 'zrevrange', 'zrevrangebyscore', 'zrevrangebylex', 'zscore', 'zmscore', 'zrank', 'zrevrank',
    'zcard', 'zcount', 'zlexcount', 'zscan', 'zrandmember', 'zdiff', 'zinter', 'zunion', 'zintercard',
    'exists', 'ttl', 'pttl', 'expiretime', 'pexpiretime', 'type', 'keys', 'scan', 'randomkey', 'dbsize', 'dump', 'object', 'memory',
    'xrange', 'xrevrange', 'xlen', 'xread', 'xinfo', 'xpending',
    'pfcount', 'geopos', 'geodist', 'geohash', 'geosearch', 'georadius_ro', 'georadiusbymember_ro',
    'info', 'ping', 'echo', 'time', 'lastsave', 'role', 'sort_ro',
    'subscribe', 'psubscribe', 'ssubscribe', 'unsubscribe', 'punsubscribe', 'sunsubscribe',
    'scaniterator', 'hscaniterator', 'sscaniterator', 'zscaniterator', 'scanstream', 'hscanstream', 'sscanstream', 'zscanstream',
  ]),
  ...ops('set', [
    'set', 'setex', 'psetex', 'mset', 'getset', 'setrange', 'setbit', 'hset', 'hmset', 'lset',
    'expire', 'pexpire', 'expireat', 'pexpireat', 'persist', 'getex', 'hexpire', 'hpexpire', 'hpersist',
    'rename', 'restore', 'copy', 'move',
    'sdiffstore', 'sinterstore', 'sunionstore', 'zdiffstore', 'zinterstore', 'zunionstore', 'zrangestore', 'bitop', 'pfmerge',
  ]),
  ...ops('add-once', ['setnx', 'msetnx', 'hsetnx', 'renamenx', 'sadd', 'zadd', 'pfadd', 'geoadd']),
  ...ops('delete', [
    'del', 'unlink', 'getdel', 'hdel', 'srem', 'zrem', 'zremrangebyscore', 'zremrangebyrank', 'zremrangebylex', 'lrem', 'ltrim',
    'xdel', 'xtrim', 'flushdb', 'flushall',
  ]),
  ...ops('pop', ['lpop', 'rpop', 'blpop', 'brpop', 'lmpop', 'blmpop', 'spop', 'zpopmin', 'zpopmax', 'bzpopmin', 'bzpopmax', 'zmpop', 'bzmpop', 'lmove', 'blmove', 'rpoplpush', 'brpoplpush', 'smove', 'xreadgroup', 'xclaim', 'xautoclaim']),
  ...ops('count', ['incr', 'decr', 'incrby', 'decrby', 'incrbyfloat', 'hincrby', 'hincrbyfloat', 'zincrby']),
  ...ops('add', ['lpush', 'rpush', 'lpushx', 'rpushx', 'linsert', 'append', 'xadd', 'publish', 'spublish']),
  ...ops('unknown', ['eval', 'evalsha', 'eval_ro', 'evalsha_ro', 'fcall', 'fcall_ro', 'script', 'function', 'bitfield', 'sort', 'georadius', 'georadiusbymember', 'geosearchstore', 'xgroup', 'xack', 'xsetid', 'migrate', 'swapdb', 'config', 'debug']),
  ...ops('pure', [
    'connect', 'disconnect', 'quit', 'close', 'destroy', 'on', 'once', 'off', 'removelistener', 'addlistener', 'removealllisteners',
    'select', 'auth', 'hello', 'reset', 'client', 'readonly', 'readwrite',
    'multi', 'pipeline', 'exec', 'execaspipeline', 'discard', 'watch', 'unwatch',
    'duplicate', 'definecommand', 'isready', 'isopen', 'ref', 'unref', 'monitor',
  ]),
};

function ops(op: Op, names: string[]): Record<string, Op> {
  return Object.fromEntries(names.map((n) => [n, op]));
}

/**
 * What a Redis client method or command name does (`hSet`, `hset`, ioredis `getBuffer`), or
 * undefined for a name that is no command of the table.
 */
export function redisOp(name: string): Op | undefined {
  const lower = name.toLowerCase();
  return REDIS_COMMANDS[lower] ?? (lower.endsWith('buffer') ? REDIS_COMMANDS[lower.slice(0, -'buffer'.length)] : undefined);
}

const redis = (module: string, path: string, extra: Partial<SinkEntry> = {}): SinkEntry => ({
  module,
  export: path,
  kind: 'database',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: false,
  description: 'runs a Redis command',
  classifyBy: 'redis',
  ...extra,
});

/**
 * The clients by module and the paths of a connected client; each gets its commands, its generic
 * command call, and its transaction and pipeline chains (`client.multi().set(k, v).incr(n).exec()`).
 */
const CLIENTS: Record<string, { roots: string[]; call?: string }> = {
  ioredis: { roots: ['new()', 'Redis.new()', 'Cluster.new()', 'Redis.Cluster.new()'], call: 'call' },
  redis: { roots: ['createClient()', 'createClient().connect()', 'createCluster()', 'createCluster().connect()'], call: 'sendCommand' },
  '@redis/client': { roots: ['createClient()', 'createClient().connect()', 'createCluster()', 'createCluster().connect()'], call: 'sendCommand' },
  '@upstash/redis': { roots: ['Redis.new()', 'Redis.fromEnv()'] },
};

/** Redis sinks. */
export const REDIS_SINKS: readonly SinkEntry[] = Object.entries(CLIENTS).flatMap(([module, { roots, call }]) =>
  roots.flatMap((root) => [
    ...(call ? [redis(module, `${root}.${call}`, { commandNameArgument: 0 })] : []),
    redis(module, `${root}.*`),
    redis(module, `${root}.duplicate().*`),
    redis(module, `${root}.multi().**.*`),
    redis(module, `${root}.pipeline().**.*`),
  ]),
);
