import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index.js';
import { RULE_DESCRIPTORS } from '../src/engine/descriptors.js';

/** Every rule has its doc, its test and its registry entry (ESLint's checkRuleFiles). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ruleFiles = readdirSync(path.join(ROOT, 'rules'))
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.slice(0, -3));

describe('rule files', () => {
  it('registers every rule module, under the id of its file name, alphabetically', () => {
    expect([...RULES.keys()]).toEqual([...ruleFiles].sort());
    for (const [id, rule] of RULES) expect(rule.id).toBe(id);
  });

  for (const id of ruleFiles) {
    it(`${id}: has a doc with its title and examples, a test, and a description in the README`, () => {
      const doc = readFileSync(path.join(ROOT, 'rules', `${id}.md`), 'utf8');
      expect(doc.startsWith(`# ${id}\n`)).toBe(true);
      expect(doc).toMatch(/### Incorrect/);
      expect(doc).toMatch(/### Correct/);
      const test = readFileSync(path.join(ROOT, 'test', 'rules', `${id}.test.ts`), 'utf8');
      for (const messageId of Object.keys(RULES.get(id)!.meta.messages)) expect(test, `${id} test uses ${messageId}`).toContain(messageId);
      expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(`[${id}](rules/${id}.md)`);
    });
  }
});

describe('rule descriptors', () => {
  it('every rule and engine finding has its doc under the help URL findings give (rules/<id>.md), named in the README', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const d of RULE_DESCRIPTORS.values()) {
      expect(readFileSync(path.join(ROOT, 'rules', `${d.id}.md`), 'utf8').startsWith(`# ${d.id}\n`), d.id).toBe(true);
      expect(d.helpUri.endsWith(`/rules/${d.id}.md`)).toBe(true);
      expect(readme, d.id).toContain(`[${d.id}](rules/${d.id}.md)`);
    }
  });
});
