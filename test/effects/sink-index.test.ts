import { describe, expect, it } from 'vitest';
import type { SinkEntry } from '../../src/effects/catalog/index.js';
import { SinkIndex } from '../../src/effects/sink-index.js';

const entry = (module: string, path: string, description: string, pure = false): SinkEntry => ({
  module,
  export: path,
  kind: 'network',
  access: 'read',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description,
  ...(pure ? { pure: true } : {}),
});

describe('SinkIndex', () => {
  it('tries patterns in catalog order, whether their module is exact or a glob', () => {
    const index = new SinkIndex([entry('@x/client-*', '*.send', 'glob first'), entry('@x/client-a', '*.send', 'exact second'), entry('@x/client-b', '*.send', 'exact first'), entry('@x/client-*', 'C.*', 'glob second')]);
    expect(index.lookup('@x/client-a', ['C', 'send'])?.description).toBe('glob first');
    expect(index.lookup('@x/client-b', ['C', 'send'])?.description).toBe('glob first');
    expect(index.lookup('@x/client-b', ['D', 'send'])?.description).toBe('glob first');
    expect(index.lookup('@x/client-c', ['C', 'get'])?.description).toBe('glob second');
    expect(index.lookup('@x/other', ['C', 'send'])).toBeUndefined();
    const exactFirst = new SinkIndex([entry('@y/a', '*.q', 'exact'), entry('@y/*', '*.q', 'glob')]);
    expect(exactFirst.lookup('@y/a', ['C', 'q'])?.description).toBe('exact');
    expect(exactFirst.lookup('@y/b', ['C', 'q'])?.description).toBe('glob');
  });

  it('does not take every call for a factory because a pattern starts with `**`; anchored patterns still make factories', () => {
    const index = new SinkIndex([entry('lib', '**.goto', 'navigates'), entry('lib', 'Client.new().**', 'any method')]);
    expect(index.isFactory('lib', ['launch'])).toBe(false);
    expect(index.isFactory('lib', ['Client'])).toBe(true);
  });

  it('vouches for methods of what a pure entry returned only when they are built-in value methods', () => {
    const index = new SinkIndex([entry('lib', '**.title', 'title', true), entry('lib', '**.fetch', 'fetches'), entry('lib', '', 'main')]);
    expect(index.isResultOf('lib', ['page', 'title', '()', 'trim'])).toBe(true);
    expect(index.isResultOf('lib', ['page', 'title', '()', 'frobnicate'])).toBe(false);
    expect(index.isResultOf('lib', ['page', 'fetch', '()', 'frobnicate'])).toBe(true);
    // The module itself called (a default export): `(await lib(url)).json()`.
    expect(index.isResultOf('lib', ['()', 'json'])).toBe(true);
  });
});

const dbEntry = (module: string, path: string, description: string): SinkEntry => ({ module, export: path, kind: 'database', access: 'read', destructive: null, idempotent: null, openWorld: false, description });

/** `a.b().c` → `['a', 'b', '()', 'c']`: a path of the resolver's form, with the same catalog key. */
const path = (key: string): string[] => key.split('.').flatMap((seg) => seg.split(/(?=\(\))/));

describe('SinkIndex: model-style patterns', () => {
  const index = new SinkIndex([
    dbEntry('lib', 'Client.new().*.findMany', 'model op'),
    dbEntry('lib', 'Client.new().raw', 'exact'),
    dbEntry('lib', 'Client.new().*', 'any method'),
    dbEntry('lib', 'model().*().save', 'a fetched document'),
    dbEntry('lib', 'model().new().save', 'a new document'),
    dbEntry('lib', 'db().**.del', 'anywhere in a chain'),
    dbEntry('@scope/client-*', '*.new().send', 'glob module'),
    dbEntry('@scope/client-*', '*Command', 'glob segment'),
  ]);
  const found = (module: string, key: string) => index.lookup(module, path(key))?.description;

  it('`*` matches one named segment, not a call; `*()` matches one call; `**` any number of segments', () => {
    expect(found('lib', 'Client.new().user.findMany')).toBe('model op');
    expect(found('lib', 'Client.new().query')).toBe('any method');
    // `*` does not take the result of a call for a namespace.
    expect(found('lib', 'Client.new().connect().findMany')).toBeUndefined();
    expect(found('lib', 'model().findById().save')).toBe('a fetched document');
    expect(found('lib', 'db().del')).toBe('anywhere in a chain');
    expect(found('lib', 'db().where().orderBy().del')).toBe('anywhere in a chain');
  });

  it('an exact entry wins over a pattern listed before it', () => {
    expect(found('lib', 'Client.new().raw')).toBe('exact');
    expect(found('lib', 'model().new().save')).toBe('a new document');
  });

  it('module globs and segment globs', () => {
    expect(found('@scope/client-s3', 'S3Client.new().send')).toBe('glob module');
    expect(found('@scope/client-s3', 'PutObjectCommand')).toBe('glob segment');
    expect(found('@scope/other', 'S3Client.new().send')).toBeUndefined();
  });

  it('a proper prefix of a catalogued path is a factory; a method of a sink\'s result is part of the sink', () => {
    expect(index.isFactory('lib', ['Client'])).toBe(true);
    expect(index.isFactory('lib', ['db'])).toBe(true);
    expect(index.isFactory('lib', path('db().where'))).toBe(true);
    expect(index.isFactory('lib', path('Client.new().connect'))).toBe(false);
    expect(index.isResultOf('lib', path('Client.new().user.findMany().then'))).toBe(true);
    expect(index.isResultOf('lib', path('Client.new().user.other().then'))).toBe(false);
  });
});
