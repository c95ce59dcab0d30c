import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * A collection a function makes for one call and hands to a helper (`walk(id, visited, depthMap)`
 * with `const visited = new Set()`): the helper's `visited.add(id)` and `depthMap.set(id, depth)`
 * act on that call's memory, not on some API named by the method. Shaped after a task manager's
 * dependency-graph walk (a recursive method passing its Set and Map on); written for this test.
 * A parameter some caller fills with long-lived state is a write of that state (found when this
 * rule was written: `remember(registry, key)` hid the write to `registry` behind `store.set`).
 */
const TOP = `const registry = new Map<string, number>();
class Graph {
  constructor(private readonly edges: Record<string, string[]>) {}
  walkAll(ids: string[]) {
    const visited = new Set<string>();
    const depthMap = new Map<string, number>();
    for (const id of ids) this.walk(id, visited, depthMap);
    return depthMap;
  }
  walk(id: string, visited: Set<string>, depthMap: Map<string, number>, depth = 0): void {
    if (visited.has(id) || depth > 5) return;
    visited.add(id);
    if (!depthMap.has(id) || depth < depthMap.get(id)!) depthMap.set(id, depth);
    for (const next of this.edges[id] ?? []) this.walk(next, visited, depthMap, depth + 1);
  }
}
function remember(store: Map<string, number>, key: string) { store.set(key, Date.now()); }
export function exported(store: Map<string, number>) { remember(store, "x"); }
export function registered() { return [...registry.keys()]; }`;

describe('a collection made for the call and handed to a helper', () => {
  it('is acted on in memory through the parameter, also along a recursive walk', async () => {
    const result = await found(serverWith(TOP, {
      graph: `  const g = new Graph({ a: ["b"], b: [] });\n  const depths = g.walkAll([String(args.id)]);`,
      stored: `  remember(registry, String(args.id));`,
    }), ['graph', 'stored']);
    expect(result.graph!.rows).toEqual([]);
    expect(result.graph!.unresolved).toEqual([]);
    expect(result.graph!.inferred.readOnly).toBe(true);
    // `registry` is module state a caller hands over: the write through the parameter is a write of it.
    expect(result.stored!.effects.map((e) => e.description)).toEqual(['sets an entry of server state `registry`, replacing any previous one, read back at server.ts:22']);
  });

  it('is acted on in memory when the code declares it a collection: an interface member `T[]`, a helper declared to return a Map', async () => {
    const top = `interface TreeNode { name: string; children: TreeNode[] }
interface KeyValueClient { set(key: string, value: string): Promise<void> }
const lookups = new WeakMap<TreeNode, Map<string, TreeNode>>();
const childrenOf = (node: TreeNode): Map<string, TreeNode> => {
  let map = lookups.get(node);
  if (!map) { map = new Map(); lookups.set(node, map); }
  return map;
};
function addPath(root: TreeNode, path: string): void {
  let current = root;
  for (const part of path.split("/")) {
    const children = childrenOf(current);
    let child = children.get(part);
    if (!child) { child = { name: part, children: [] }; current.children.push(child); children.set(part, child); }
    current = child;
  }
}
async function store(kv: KeyValueClient, key: string, value: string) { await kv.set(key, value); }
export async function save(kv: KeyValueClient) { await store(kv, "k", "v"); }`;
    const result = await found(serverWith(top, {
      tree: `  const root: TreeNode = { name: "root", children: [] };\n  for (const p of String(args.paths).split(",")) addPath(root, p);`,
      kv: `  await save(args.kv as KeyValueClient);`,
    }), ['tree', 'kv']);
    expect(result.tree!.rows).toEqual([]);
    expect(result.tree!.inferred.readOnly).toBe(true);
    // A client's `set`, declared by a project interface that is no collection: still judged by the name.
    expect(result.kv!.rows).toEqual(['kv.set | api write d=true i=true open=false likely']);
  });

  it('is acted on in memory when an Array method is given a callback; a find given a query stays judged by the name', async () => {
    const top = `declare const db: any;
function subtaskOf(task: any, id: number) { return task.subtasks.find((s: any) => s.id === id); }
function ordered(task: any) { return task.subtasks.filter((s: any) => !s.done).sort((a: any, b: any) => a.n - b.n); }`;
    const result = await found(serverWith(top, {
      local: `  const t = JSON.parse(String(args.task));\n  subtaskOf(t, 1); ordered(t);`,
      query: `  await db.find({ id: args.id });`,
    }), ['local', 'query']);
    expect(result.local!.rows).toEqual([]);
    expect(result.query!.rows).toEqual(['db.find | api read d=null i=null open=false likely']);
  });
});
