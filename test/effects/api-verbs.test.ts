import { describe, expect, it } from 'vitest';
import { namedVerb } from '../../src/effects/api-verbs.js';
import { foundIn } from './catalog-helpers.js';

/** `verb access d=destructive i=idempotent` of a name, or null. */
function judged(name: string, argumentCount?: number): string | null {
  const named = namedVerb(name, argumentCount);
  return named && `${named.verb} ${named.effect.access} d=${named.effect.destructive} i=${named.effect.idempotent}`;
}

/**
 * Issue 15: what a method name says it does, by the corpus semantics (corpus README, "What the
 * labels mean"): deleting is idempotent, an update sets what it is given, reversible flags and
 * moves destroy nothing, and a noun after a reading verb is no second verb.
 */
describe('verbs of method names', () => {
  it('takes a deletion and an update (abort, stop, cancel) for idempotent; a deletion and an update for destructive', () => {
    expect(judged('deleteSchedule')).toBe('delete write d=true i=true');
    expect(judged('update')).toBe('update write d=true i=true');
    expect(judged('abort')).toBe('abort write d=true i=true');
  });

  it('takes reversible flags and moves for not destructive and idempotent', () => {
    expect(judged('enableBackup')).toBe('enable write d=false i=true');
    expect(judged('unpublish')).toBe('unpublish write d=false i=true');
    expect(judged('archiveProject')).toBe('archive write d=false i=true');
    expect(judged('move_item_to_group')).toBe('move write d=false i=true');
  });

  it('takes `publish()` on a resource for a flag, and `publish(message)` for sending', () => {
    expect(judged('publish', 0)).toBe('publish write d=false i=true');
    expect(judged('publish', 1)).toBe('publish write d=false i=false');
    expect(judged('publishMessage', 0)).toBe('publish write d=false i=false');
  });

  it('reads a reading verb followed by a noun (`getStart`), and takes a change joined by a conjunction (`getOrCreateUser`, `findOneAndUpdate`)', () => {
    expect(judged('getStart')).toBe('get read d=null i=null');
    expect(judged('getDeleteStatus')).toBe('get read d=null i=null');
    expect(judged('getOrCreateUser')).toBe('create write d=false i=false');
    expect(judged('findOneAndUpdate')).toBe('update write d=true i=true');
    expect(judged('isCancel')).toBe('is read d=null i=null');
  });

  it('takes a deployment (deploy, rollback, promote) for a destructive write whose repeat is unknown', () => {
    expect(judged('deployApp')).toBe('deploy write d=true i=null');
    expect(judged('rollbackRelease')).toBe('rollback write d=true i=null');
  });

  it('reads a computation a service answers (explain, summarize, estimate, chat), and leaves generate unjudged', () => {
    expect(judged('explainDqlInNaturalLanguage')).toBe('explain read d=null i=null');
    expect(judged('summarizeThread')).toBe('summarize read d=null i=null');
    expect(judged('estimateCost')).toBe('estimate read d=null i=null');
    expect(judged('chatWithCopilot')).toBe('chat read d=null i=null');
    expect(judged('generateApiKey')).toBeNull();
  });

  it('judges calls of a client the linter cannot see by these verbs, as likely effects', async () => {
    const r = await foundIn(
      `import { Client } from "task-sdk";\nconst client = new Client({ token: "t" });`,
      `  await client.task(args.id).publish();
  await client.task(args.id).unpublish();
  await client.topic("t").publish({ text: args.text });
  await client.run(args.runId).abort();
  await client.schedules(args.id).delete();`,
    );
    expect(r.effects.map((e) => `${e.access} ${e.confidence} d=${e.destructive} i=${e.idempotent} \`${e.description.match(/\(`(\w+)`\)/)?.[1]}\``)).toEqual([
      'write likely d=false i=true `publish`',
      'write likely d=false i=true `unpublish`',
      'write likely d=false i=false `publish`',
      'write likely d=true i=true `abort`',
      'write likely d=true i=true `delete`',
    ]);
  });
});
