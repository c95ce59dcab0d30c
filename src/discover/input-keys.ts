import type { CallExpression, ObjectLiteralExpression } from 'ts-morph';
import { Node } from '../ts-morph.js';
import type { Bindings } from '../analysis/bindings.js';
import { evaluate } from '../analysis/evaluate.js';
import { bindingsOf, type Resolver } from '../analysis/resolve.js';
import { unwrap } from '../analysis/syntax.js';
import type { Arg } from './tool-facts.js';

/**
 * The names of the arguments a tool requires, read from its input schema as written: a Zod raw
 * shape (`{ key: z.string() }`), a Zod object (`z.object({...})`, also through `.shape`, `.extend`,
 * `.strict()`, `.describe()`, `.transform()` and the like) or a JSON Schema object literal
 * (`{ type: "object", properties, required: ["key"] }`), through consts, imports and namespace
 * members. Fields of a required nested object count too (a generated SDK's `request: {
 * featureFlagBody: { key } }`), to {@link MAX_NESTING} levels. A field is optional when its Zod
 * schema is `.optional()`, `.nullish()`, `.default(...)` or `.catch(...)`, or a JSON Schema leaves
 * it out of `required`. Each name maps to the field's description as written (Zod's
 * `.describe("...")`, JSON Schema's `description`), or null. Null when the schema cannot be read.
 */
export function requiredInputNames(schema: Arg, resolver: Resolver): RequiredInputs | null {
  const names = new Map<string, string | null>();
  return collect(schema.node, schema.bindings, resolver, names, 0, 'any', new Set()) ? names : null;
}

/** The names of the arguments a tool requires, each with its description (null when it has none). */
export type RequiredInputs = ReadonlyMap<string, string | null>;

/** How many levels of nested objects are read. */
const MAX_NESTING = 3;

/** How many names, calls and members are followed to reach one schema. */
const MAX_STEPS = 12;

/** Zod methods that return the same object schema, changed in ways that keep its fields. */
const SAME_FIELDS = new Set(['strict', 'strip', 'passthrough', 'describe', 'transform', 'refine', 'superRefine', 'pipe', 'brand', 'readonly', 'catchall', 'meta']);

/** Zod methods and wrappers that make a field optional. */
const OPTIONAL = new Set(['optional', 'nullish', 'default', 'catch', 'prefault']);

/** Zod functions that make an object schema of a shape. */
const OBJECT_MAKERS = new Set(['object', 'strictObject', 'looseObject']);

/**
 * What a schema expression may be: at the top, a raw shape, a Zod object or a JSON Schema; inside
 * a JSON Schema, another JSON Schema; inside a Zod shape, a Zod schema (never a plain literal).
 */
type Expected = 'any' | 'json' | 'zod';

/**
 * Adds to `names` the required fields of the schema `expr` holds; false when it is not a schema the
 * reader knows. `reading` holds the object literals whose fields are being read: a shape that
 * spreads itself (`const S = { ...S, key }`, also through another const) is read once, the cycle cut.
 */
function collect(expr: Node, b: Bindings, resolver: Resolver, names: Map<string, string | null>, nesting: number, expected: Expected, reading: Set<Node>): boolean {
  const found = schemaObject(expr, b, resolver);
  if (!found || (expected === 'json' && !found.json) || (expected === 'zod' && found.literal)) return false;
  if (reading.has(found.shape)) return true;
  reading.add(found.shape);
  try {
    return readFields(found, resolver, names, nesting, reading);
  } finally {
    reading.delete(found.shape);
  }
}

/** Adds to `names` the required fields of the object literal `found` (see {@link collect}). */
function readFields(found: SchemaObject, resolver: Resolver, names: Map<string, string | null>, nesting: number, reading: Set<Node>): boolean {
  const { shape, json, bindings } = found;
  const required = json ? requiredList(shape, bindings, resolver) : null;
  const fields = json ? propertiesOf(shape, bindings, resolver) : { object: shape, bindings };
  if (!fields) return false;
  for (const prop of fields.object.getProperties()) {
    // `{ ...baseId, name: z.string() }`: the fields of a shared raw shape.
    if (Node.isSpreadAssignment(prop) && !json) collect(prop.getExpression(), fields.bindings, resolver, names, nesting, 'any', reading);
    if (!Node.isPropertyAssignment(prop) && !Node.isShorthandPropertyAssignment(prop)) continue;
    const name = prop.getName().replace(/^["']|["']$/g, '');
    const value = Node.isPropertyAssignment(prop) ? prop.getInitializerOrThrow() : prop.getNameNode();
    if (json ? !required?.has(name) : isOptionalZod(value)) continue;
    names.set(name, json ? jsonDescription(value, fields.bindings, resolver) : zodDescription(value, fields.bindings, resolver));
    if (nesting + 1 < MAX_NESTING) collect(value, fields.bindings, resolver, names, nesting + 1, json ? 'json' : 'zod', reading);
  }
  return true;
}

/** The fields of a schema: the object literal, whether it is a JSON Schema (else a Zod shape), and whether it was written as a plain literal (not given to `z.object`). */
interface SchemaObject {
  shape: ObjectLiteralExpression;
  json: boolean;
  literal: boolean;
  bindings: Bindings;
}

/**
 * The object literal of fields a schema expression stands for: a raw shape or JSON Schema literal
 * (`json` when it has `properties`), or the shape given to `z.object(...)`, through names and the
 * methods that keep the fields.
 */
function schemaObject(expr: Node, b: Bindings, resolver: Resolver, steps = 0): SchemaObject | null {
  if (steps > MAX_STEPS) return null;
  const node = unwrap(expr);
  if (Node.isObjectLiteralExpression(node)) {
    const json = node.getProperty('properties') !== undefined && node.getProperty('type') !== undefined;
    return { shape: node, json, literal: true, bindings: b };
  }
  if (Node.isCallExpression(node)) return zodObjectShape(node, b, resolver, steps);
  // `Schema.shape`: the fields of the object schema.
  if (Node.isPropertyAccessExpression(node) && node.getName() === 'shape') {
    const found = schemaObject(node.getExpression(), b, resolver, steps + 1);
    if (found) return found;
  }
  if (!Node.isIdentifier(node) && !Node.isPropertyAccessExpression(node)) return null;
  // A const (also imported, or a namespace import's member): its initializer, not the value the resolver makes of a call to the schema library.
  const declared = declaredInitializer(node);
  if (declared) return schemaObject(declared, b, resolver, steps + 1);
  // A field of an object a parameter is bound to (`def.schema` of a tool definition a wrapper registers, also spread into it).
  if (Node.isPropertyAccessExpression(node)) {
    const holder = resolver.resolve(node.getExpression(), 0, b);
    const field = holder.kind === 'value' ? fieldOf(holder.node, node.getName(), bindingsOf(holder), resolver, steps) : null;
    if (field) return schemaObject(field.node, field.bindings, resolver, steps + 1);
  }
  const target = resolver.resolve(node, 0, b);
  if (target.kind !== 'value' || unwrap(target.node) === node) return null;
  return schemaObject(target.node, bindingsOf(target), resolver, steps + 1);
}

/** The value of field `name` of the object literal `expr` is, the last written winning (a spread's when it comes after), or null. */
function fieldOf(expr: Node, name: string, b: Bindings, resolver: Resolver, steps: number): { node: Node; bindings: Bindings } | null {
  const object = unwrap(expr);
  if (steps > MAX_STEPS || !Node.isObjectLiteralExpression(object)) return null;
  for (const prop of [...object.getProperties()].reverse()) {
    if (Node.isPropertyAssignment(prop) && prop.getName() === name) return { node: prop.getInitializerOrThrow(), bindings: b };
    if (Node.isShorthandPropertyAssignment(prop) && prop.getName() === name) return { node: prop.getNameNode(), bindings: b };
    if (Node.isSpreadAssignment(prop)) {
      const spread = resolver.resolve(prop.getExpression(), 0, b);
      const found = spread.kind === 'value' ? fieldOf(spread.node, name, bindingsOf(spread), resolver, steps + 1) : null;
      if (found) return found;
    }
  }
  return null;
}

/** The initializer of the `const` a name or a namespace member (`ns.Schema`) declares, through imports; undefined for anything else. */
function declaredInitializer(node: Node): Node | undefined {
  const parent = node.getParent();
  // `{ schema }`: the name's own symbol is the property's; the value is the variable's.
  const symbol = parent && Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === node ? parent.getValueSymbol() : (Node.isPropertyAccessExpression(node) ? node.getNameNode() : node).getSymbol();
  const target = symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol;
  const decl = target?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getVariableStatement()?.getDeclarationKind() !== 'const') return undefined;
  return decl.getInitializer();
}

/** `z.object({...})` and the methods that keep its fields (`.strict()`, `.transform(f)`, `.extend({...})` adds some). */
function zodObjectShape(call: CallExpression, b: Bindings, resolver: Resolver, steps: number): SchemaObject | null {
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return null;
  const method = callee.getName();
  const [first] = call.getArguments();
  if (OBJECT_MAKERS.has(method) && first) {
    const shape = unwrap(first);
    const found = Node.isObjectLiteralExpression(shape) ? { shape, json: false, literal: false, bindings: b } : schemaObject(shape, b, resolver, steps + 1);
    return found && { ...found, literal: false };
  }
  // `Base.extend({...})`: the added fields are read; the base's are the base's (read when the base is the shape given).
  if (method === 'extend' && first) return schemaObject(first, b, resolver, steps + 1);
  if (SAME_FIELDS.has(method)) return schemaObject(callee.getExpression(), b, resolver, steps + 1);
  return null;
}

/** True when a Zod field schema is optional: a method of {@link OPTIONAL} in its chain, or `z.optional(x)`. */
function isOptionalZod(expr: Node): boolean {
  let node = unwrap(expr);
  while (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    if (!Node.isPropertyAccessExpression(callee)) return false;
    if (OPTIONAL.has(callee.getName())) return true;
    node = unwrap(callee.getExpression());
  }
  return false;
}

/** The text a Zod field schema's chain gives `.describe(...)`, or null. */
function zodDescription(expr: Node, b: Bindings, resolver: Resolver): string | null {
  let node = unwrap(expr);
  while (Node.isCallExpression(node)) {
    const callee = unwrap(node.getExpression());
    if (!Node.isPropertyAccessExpression(callee)) return null;
    const [first] = node.getArguments();
    if (callee.getName() === 'describe' && first) {
      const text = evaluate(first, resolver, 0, b);
      return text.known && typeof text.value === 'string' ? text.value : null;
    }
    node = unwrap(callee.getExpression());
  }
  return null;
}

/** The `description` of a JSON Schema property literal, or null. */
function jsonDescription(expr: Node, b: Bindings, resolver: Resolver): string | null {
  const node = unwrap(expr);
  const prop = Node.isObjectLiteralExpression(node) ? node.getProperty('description') : undefined;
  if (!prop || !Node.isPropertyAssignment(prop)) return null;
  const text = evaluate(prop.getInitializerOrThrow(), resolver, 0, b);
  return text.known && typeof text.value === 'string' ? text.value : null;
}

/** The `properties` object literal of a JSON Schema literal, with its bindings. */
function propertiesOf(schema: ObjectLiteralExpression, b: Bindings, resolver: Resolver): { object: ObjectLiteralExpression; bindings: Bindings } | null {
  const prop = schema.getProperty('properties');
  if (!prop || !Node.isPropertyAssignment(prop)) return null;
  const value = unwrap(prop.getInitializerOrThrow());
  if (Node.isObjectLiteralExpression(value)) return { object: value, bindings: b };
  const target = resolver.resolve(value, 0, b);
  const resolved = target.kind === 'value' ? unwrap(target.node) : null;
  return resolved && Node.isObjectLiteralExpression(resolved) ? { object: resolved, bindings: bindingsOf(target) } : null;
}

/** The names a JSON Schema literal's `required` lists (none when it has no readable list). */
function requiredList(schema: ObjectLiteralExpression, b: Bindings, resolver: Resolver): Set<string> {
  const prop = schema.getProperty('required');
  if (!prop || !Node.isPropertyAssignment(prop)) return new Set();
  const value = evaluate(prop.getInitializerOrThrow(), resolver, 0, b);
  return new Set(value.known && Array.isArray(value.value) ? value.value.filter((v): v is string => typeof v === 'string') : []);
}
