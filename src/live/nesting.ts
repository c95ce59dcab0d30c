/**
 * How deep a listed value nests. Values from a server are read by recursive code downstream
 * (RFC 8785 canonicalization for pins, key sorting, formatters), which a value nested some
 * thousands of levels deep would overflow; live mode refuses such a tool up front instead.
 */

/**
 * The most levels of objects and arrays a listed tool's member may nest (`{}` is 1, `{"a": []}`
 * is 2). Real schemas stay far below it; the code that reads members recursively stays far within
 * Node's stack at it.
 */
export const MAX_NESTING = 1000;

/** How many levels of objects and arrays `value` nests (a scalar 0, `{}` and `[]` 1); measured without recursion. */
export function nesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * The first member of a listed tool (`inputSchema`, `annotations`…; the tool itself when it is not
 * an object) that nests more than `max` levels deep, with its depth; undefined when none does.
 */
export function tooDeep(tool: unknown, max = MAX_NESTING): { member: string | null; depth: number } | undefined {
  if (tool === null || typeof tool !== 'object' || Array.isArray(tool)) {
    const depth = nesting(tool);
    return depth > max ? { member: null, depth } : undefined;
  }
  for (const [member, value] of Object.entries(tool)) {
    const depth = nesting(value);
    if (depth > max) return { member, depth };
  }
  return undefined;
}
