import type { Effect } from '../model.js';

/** What a SQL statement does, for the hints: access, and the traits of a write. */
export type SqlEffect = Pick<Effect, 'access' | 'destructive' | 'idempotent'> & { label: string };

/**
 * Classifies SQL text by its statement (issue #4's policy, after the MCP spec's hint meanings,
 * 2025-11-25 `ToolAnnotations`): SELECT, WITH ... SELECT, EXPLAIN, SHOW, DESCRIBE read; INSERT
 * adds and is not idempotent, unless it skips conflicts (`ON CONFLICT DO NOTHING`, `INSERT OR
 * IGNORE`, `INSERT IGNORE`), which adds idempotently; UPDATE, DELETE, MERGE, REPLACE, upserts
 * (`ON CONFLICT DO UPDATE`, `ON DUPLICATE KEY UPDATE`) and DDL (CREATE, DROP, ALTER, TRUNCATE)
 * destroy; transaction and session control (BEGIN, COMMIT, ROLLBACK, SET) change no data. `text` may be only the start of the statement (a template's head); null when no
 * statement keyword can be read.
 */
export function classifySql(text: string): SqlEffect | null {
  const sql = text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').trim().toUpperCase();
  let keyword = /^[A-Z]+/.exec(sql)?.[0];
  if (!keyword) return null;
  if (keyword === 'WITH') {
    // The statement a common table expression feeds: the first write keyword after it, else SELECT.
    keyword = /\b(INSERT|UPDATE|DELETE|MERGE)\b/.exec(sql)?.[1] ?? 'SELECT';
  }
  switch (keyword) {
    case 'SELECT':
    case 'EXPLAIN':
    case 'SHOW':
    case 'DESCRIBE':
    case 'DESC':
    case 'VALUES':
      return { access: 'read', destructive: null, idempotent: null, label: keyword };
    case 'INSERT':
      if (/ON\s+CONFLICT[\s\S]*DO\s+UPDATE|ON\s+DUPLICATE\s+KEY\s+UPDATE/.test(sql)) return { access: 'write', destructive: true, idempotent: true, label: 'INSERT ... UPDATE (upsert)' };
      if (/ON\s+CONFLICT[\s\S]*DO\s+NOTHING|^INSERT\s+(OR\s+)?IGNORE/.test(sql)) return { access: 'write', destructive: false, idempotent: true, label: 'INSERT skipping conflicts' };
      if (/^INSERT\s+OR\s+REPLACE/.test(sql)) return { access: 'write', destructive: true, idempotent: true, label: 'INSERT OR REPLACE' };
      return { access: 'write', destructive: false, idempotent: false, label: 'INSERT' };
    case 'UPDATE':
    case 'MERGE':
    case 'UPSERT':
      return { access: 'write', destructive: true, idempotent: null, label: keyword };
    case 'REPLACE':
    case 'DELETE':
    case 'TRUNCATE':
    case 'DROP':
      return { access: 'write', destructive: true, idempotent: true, label: keyword };
    // Transaction and session control change no data.
    case 'BEGIN':
    case 'START':
    case 'COMMIT':
    case 'ROLLBACK':
    case 'SAVEPOINT':
    case 'RELEASE':
    case 'SET':
    case 'RESET':
      return { access: 'read', destructive: null, idempotent: null, label: keyword };
    case 'CREATE':
    case 'ALTER':
    case 'GRANT':
    case 'REVOKE':
      return { access: 'write', destructive: true, idempotent: null, label: keyword };
    default:
      return null;
  }
}

/**
 * What a batch of statements does as a whole: it writes if one writes; it is destructive if one
 * is, additive only if all writes are; idempotent only if every write is. The labels are joined.
 */
export function worstSql(statements: readonly SqlEffect[]): SqlEffect {
  if (statements.length === 1) return statements[0]!;
  const writes = statements.filter((s) => s.access === 'write');
  const some = (key: 'destructive' | 'idempotent', value: boolean): boolean => writes.some((w) => w[key] === value);
  return {
    access: writes.length > 0 ? 'write' : 'read',
    destructive: writes.length === 0 ? null : some('destructive', true) ? true : writes.every((w) => w.destructive === false) ? false : null,
    idempotent: writes.length === 0 ? null : some('idempotent', false) ? false : writes.every((w) => w.idempotent === true) ? true : null,
    label: [...new Set(statements.map((s) => s.label))].join(' + '),
  };
}

/**
 * The statements of a text that runs several, separated by `;` outside quotes
 * (`exec("CREATE TABLE a (...); INSERT INTO a ...")`), comments removed; the text itself when it
 * holds one.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ')) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
    } else if (ch === ';') {
      if (current.trim()) out.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current);
  return out.length > 0 ? out : [text];
}
