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
