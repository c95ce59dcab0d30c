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
