import { describe, expect, it } from 'vitest';
import type { SinkEntry } from '../../src/effects/catalog/index.js';
import { SinkIndex } from '../../src/effects/sink-index.js';

const entry = (module: string, path: string, description: string): SinkEntry => ({ module, export: path, kind: 'database', access: 'read', destructive: null, idempotent: null, openWorld: false, description });

/** `a.b().c` → `['a', 'b', '()', 'c']`: a path of the resolver's form, with the same catalog key. */
const path = (key: string): string[] => key.split('.').flatMap((seg) => seg.split(/(?=\(\))/));

describe('SinkIndex', () => {
  const index = new SinkIndex([
    entry('lib', 'Client.new().*.findMany', 'model op'),
    entry('lib', 'Client.new().raw', 'exact'),
    entry('lib', 'Client.new().*', 'any method'),
    entry('lib', 'model().*().save', 'a fetched document'),
    entry('lib', 'model().new().save', 'a new document'),
    entry('lib', 'db().**.del', 'anywhere in a chain'),
    entry('@scope/client-*', '*.new().send', 'glob module'),
    entry('@scope/client-*', '*Command', 'glob segment'),
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
