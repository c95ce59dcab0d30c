import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Deleting what the same tool call created (issue 15): a tool makes a temporary branch of a
 * database through a cloud SDK, works on it, and deletes it when done or on failure, through
 * helpers that take the ids as parameters and fields of an options object. The deletion destroys
 * nothing that existed before the call: a write, not destructive. A deletion by an id the tool is
 * given, or by the id of something related to what it made, stays destructive.
 */

const TOP = `import { createApiClient } from "@acme/cloud-sdk";
const api = createApiClient({ apiKey: process.env.KEY });
async function createTemporaryBranch(projectId: string) {
  const result = await api.branches.create(projectId, { name: "tmp" });
  if (!result.branch) throw new Error("no branch");
  return result;
}
async function handleCreateBranch({ projectId, name }: { projectId: string; name?: string }) {
  const response = await api.createProjectBranch(projectId, { branch: { name } });
  if (response.status !== 201) throw new Error("failed");
  return response.data;
}
function createCloudClient() {
  return {
    async deleteProjectBranch(projectId: string, branchId: string) {
      await api.branches.delete(projectId, branchId);
      return { ok: true };
    },
  };
}
const cloud = createCloudClient();
async function handleDeleteBranch({ projectId, branchId }: { projectId: string; branchId: string }) {
  const response = await cloud.deleteProjectBranch(projectId, branchId);
  return response.ok;
}
let cachedBranch: { id: string } | undefined;
async function sharedBranch(projectId: string) {
  if (!cachedBranch) cachedBranch = (await api.branches.create(projectId, {})).branch;
  return cachedBranch;
}`;

const TOOLS = {
  // A branch made by a helper, kept in a let, deleted on failure through a helper given an options object.
  tune: `  let tempBranch: { id: string } | undefined;
  try {
    const newBranch = await createTemporaryBranch(args.projectId);
    tempBranch = newBranch.branch;
    const params = { projectId: args.projectId, branchId: tempBranch.id };
    return await api.queries.explain(params);
  } catch (error) {
    if (tempBranch) {
      await handleDeleteBranch({ projectId: args.projectId, branchId: tempBranch.id });
    }
    throw error;
  }`,
  // Made by a helper that returns the SDK response's data; the id read two fields deep.
  migrate: `  const { projectId } = args;
  const created = await handleCreateBranch({ projectId, name: "migration" });
  await api.schemas.describe(projectId, created.branch.id);
  await handleDeleteBranch({ projectId, branchId: created.branch.id });`,
  // Made and deleted in one function, the id destructured.
  scratch: `  const { id } = await api.branches.create(args.projectId, {});
  await api.branches.delete(args.projectId, id);`,
  // The tool's argument names the branch: it existed before.
  remove: `  await handleDeleteBranch({ projectId: args.projectId, branchId: args.branchId });`,
  // The id of something related to what was made (its parent), and one made once for every call.
  parent: `  const made = await api.branches.create(args.projectId, {});
  await api.branches.delete(args.projectId, made.parent_id);`,
  shared: `  const branch = await sharedBranch(args.projectId);
  await api.branches.delete(args.projectId, branch.id);`,
  // A let that may also hold one that existed.
  twice: `  let branch = await api.branches.create(args.projectId, {});
  if (args.existing) branch = await api.branches.get(args.projectId, args.existing);
  await api.branches.delete(args.projectId, branch.id);`,
  // A name that may return one that existed.
  reuse: `  const branch = await api.branches.getOrCreate(args.projectId, { name: args.name });
  await api.branches.delete(args.projectId, branch.id);`,
};

describe('deleting what the same call created', () => {
  it('is a write that destroys nothing, through helpers, a let, object fields and a returned response', async () => {
    const tools = await found(serverWith(TOP, TOOLS), ['tune', 'migrate', 'scratch']);
    for (const name of ['tune', 'migrate', 'scratch']) {
      const deletions = tools[name]!.effects.filter((e) => /delete/i.test(e.sink));
      expect(deletions.length, name).toBeGreaterThan(0);
      for (const e of deletions) expect([e.access, e.destructive, e.idempotent], name).toEqual(['write', false, true]);
      expect(tools[name]!.inferred.destructive, name).toBe(false);
    }
    expect(tools.tune!.effects.find((e) => /delete/i.test(e.sink))?.description).toMatch(/: only what this call created \(`createTemporaryBranch` at server\.ts:\d+\), nothing that existed before$/);
    expect(tools.migrate!.effects.find((e) => /delete/i.test(e.sink))?.description).toMatch(/only what this call created \(`api\.createProjectBranch` at server\.ts:\d+\)/);
  });

  it('stays destructive for an id from the arguments, of a related resource, made once for all calls, or maybe existing', async () => {
    const tools = await found(serverWith(TOP, TOOLS), ['remove', 'parent', 'shared', 'twice', 'reuse']);
    for (const name of ['remove', 'parent', 'shared', 'twice', 'reuse']) {
      const deletions = tools[name]!.effects.filter((e) => /delete/i.test(e.sink));
      expect(deletions.map((e) => e.destructive), name).toEqual([true]);
      expect(tools[name]!.inferred.destructive, name).toBe(true);
    }
  });
});
