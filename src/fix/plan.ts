import type { ObjectLiteralExpression, Project, PropertyAssignment, SourceFile, ts as TS } from 'ts-morph';
import { wrapped } from '../analysis/nodes.js';
import { Node, ts } from '../ts-morph.js';
import { changesOf } from '../engine/collector.js';
import type { SuggestedChange } from '../engine/rule.js';
import type { Finding, Fix, HintChange, SourceLocation, Suggestion, ToolFacts } from '../model.js';
import { whyNotEditable } from './editable.js';
import { mergeEdits } from './merge.js';

/**
 * The fix planner: turns the hint changes rules state (`fix`, `suggest`; rules never see syntax)
 * into text edits of the source, where the source allows it (issue 17):
 * - a hint written as `true` or `false` in an object literal is replaced, or removed with its comma;
 * - a hint written in a preset that other tools share (`const READ_ONLY = {...}`, spread or named)
 *   is edited there only when every tool that shares it gets the same change; otherwise, when the
 *   tool has its own object that spreads the preset, the hint is added after the spread
 *   (`{ ...READ_ONLY, readOnlyHint: false }`), which changes that tool only;
 * - anything else is not edited, and the finding says why (`fixUnavailable`): a computed value, a
 *   file under node_modules, compiled JavaScript, a preset other tools share as a whole.
 */

/** A planned edit, or why there is none. */
type Planned = { fix: Fix } | { unavailable: string; instead?: Suggestion };

/** `file:line:column` of a location. */
function keyOf(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

/** `file:line` as a message shows it: the file's base name. */
function shown(location: SourceLocation): string {
  return `${location.file.split(/[\\/]/).pop()}:${location.line}`;
}

/**
 * The innermost node that starts at `location` and passes `is`, or undefined. Descends the
 * compiler's tree (`ts.forEachChild`) and wraps only the nodes on the way down: ts-morph's
 * `getDescendantAtPos` wraps every sibling at every level, which never ends on a huge file (fuzz).
 */
function nodeAt<T extends Node>(project: Project, location: SourceLocation, is: (node: Node) => node is T): T | undefined {
  const sf = project.getSourceFile(location.file);
  if (!sf) return undefined;
  const root = sf.compilerNode;
  let pos: number;
  try {
    pos = root.getPositionOfLineAndCharacter(location.line - 1, location.column - 1);
  } catch {
    return undefined;
  }
  const chain: TS.Node[] = [];
  for (let node: TS.Node | undefined = root; node; ) {
    const parent: TS.Node = node;
    node = ts.forEachChild(parent, (child) => (child.getStart(root) <= pos && pos < child.end ? child : undefined));
    if (node) chain.push(node);
  }
  for (const node of chain.reverse()) {
    const start = node.getStart(root);
    if (start < pos) break;
    const [wrapper] = wrapped(sf, [node]);
    if (wrapper && is(wrapper)) return wrapper;
  }
  return undefined;
}

/** The indentation of the line `pos` is on. */
function indentAt(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The line break the file uses: CRLF when it has one, else LF. */
function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** True when the object literal is written over several lines. */
function isMultiline(sf: SourceFile, obj: ObjectLiteralExpression): boolean {
  return sf.getFullText().slice(obj.getStart(), obj.getEnd()).includes('\n');
}

/** The `true`/`false` a hint's property is set to, or why it cannot be edited as one. */
function literalValue(prop: Node): { at: [number, number] } | { unavailable: string } {
  if (!Node.isPropertyAssignment(prop)) {
    return { unavailable: Node.isShorthandPropertyAssignment(prop) ? `its value is the variable ${prop.getName()}, not a literal` : 'it is not written as `key: value` in an object literal' };
  }
  const init = prop.getInitializerOrThrow();
  if (Node.isTrueLiteral(init) || Node.isFalseLiteral(init)) return { at: [init.getStart(), init.getEnd()] };
  const text = init.getText();
  return { unavailable: `its value is computed (${text.length > 40 ? `${text.slice(0, 37)}...` : text}), not true or false` };
}

/** The edit that removes a property and its separator, leaving the other properties, their comments and the layout as they are. */
function removal(sf: SourceFile, prop: PropertyAssignment): Fix {
  const file = sf.getFilePath();
  const text = sf.getFullText();
  const obj = prop.getParentOrThrow() as ObjectLiteralExpression;
  const props = obj.getProperties();
  const i = props.indexOf(prop);
  const next = props[i + 1];
  const previous = props[i - 1];
  const lineStart = text.lastIndexOf('\n', prop.getStart() - 1) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, prop.getStart()));
  // Through the comma that follows it, if any.
  let end = prop.getEnd();
  const after = /^[ \t]*,/.exec(text.slice(end));
  if (after) end += after[0].length;
  if (ownLine) {
    // On a line of its own: the whole line, with what trails it there (its comment) and the line break.
    const lineEnd = text.indexOf('\n', end);
    const beforeNext = next ? next.getStart() : obj.getEnd() - 1;
    const restOfLine = text.slice(end, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '');
    if (lineEnd >= 0 && lineEnd < beforeNext && /^[ \t]*(\/\/.*)?$/.test(restOfLine)) return { file, range: [lineStart, lineEnd + 1], text: '' };
  }
  if (next) return { file, range: [prop.getStart(), next.getStart()], text: '' };
  if (previous) return { file, range: [previous.getEnd(), prop.getEnd()], text: '' };
  // The only property: the object is left empty.
  return { file, range: [obj.getStart() + 1, obj.getEnd() - 1], text: '' };
}

/** The edit that adds `hint: value` right after the last spread of `obj` (so that it wins over the preset). */
function overrideAfterSpread(sf: SourceFile, obj: ObjectLiteralExpression, change: HintChange): Fix | null {
  const spreads = obj.getProperties().filter((p) => Node.isSpreadAssignment(p));
  const spread = spreads[spreads.length - 1];
  if (!spread || change.to === null) return null;
  // The key written before the spread too would be a duplicate key (TS1117): not added.
  if (obj.getProperties().some((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && p.getName() === change.hint)) return null;
  return entriesAfter(sf, obj, spread, [entryOf(change)]);
}

/**
 * The edit that adds `entries` (`key: value` texts) at the end of `obj`, in its layout (see
 * {@link entriesAfter}); into an empty object, on its line.
 */
function insertion(sf: SourceFile, obj: ObjectLiteralExpression, entries: string[]): Fix {
  const props = obj.getProperties();
  const last = props[props.length - 1];
  if (!last) return { file: sf.getFilePath(), range: [obj.getStart() + 1, obj.getEnd() - 1], text: ` ${entries.join(', ')} ` };
  return entriesAfter(sf, obj, last, entries);
}

/**
 * The edit that adds `entries` right after the member `after` of `obj`, in the object's layout: on
 * lines of their own at the indentation of `after` when the object spans lines (with the file's
 * line break), else on its line; after the comma that follows `after` when it has one (each entry
 * then ends with a comma, as the object's members do), else each after a comma of its own.
 */
function entriesAfter(sf: SourceFile, obj: ObjectLiteralExpression, after: Node, entries: string[]): Fix {
  const file = sf.getFilePath();
  const text = sf.getFullText();
  const multiline = isMultiline(sf, obj);
  const indent = indentAt(text, after.getStart());
  const eol = eolOf(text);
  const comma = /^[ \t]*,/.exec(text.slice(after.getEnd()));
  if (comma) {
    const at = after.getEnd() + comma[0].length;
    return { file, range: [at, at], text: entries.map((e) => (multiline ? `${eol}${indent}${e},` : ` ${e},`)).join('') };
  }
  return { file, range: [after.getEnd(), after.getEnd()], text: entries.map((e) => (multiline ? `,${eol}${indent}${e}` : `, ${e}`)).join('') };
}

/** `key: value` of a change that sets a hint. */
function entryOf(change: HintChange): string {
  return `${change.hint}: ${String(change.to)}`;
}

/**
 * Plans the fixes and suggestions of `findings` (those {@link changesOf} knows), returning each
 * finding with `fix`, `suggestions` or `fixUnavailable` set (new objects; the others as they were).
 *
 * @param tools every tool the run discovered, reported or not (a run over changed files reports
 *   only some): a hint written in a preset is edited there only when every tool that shares it
 *   has a finding with the same change. Tools are told apart by their location and name.
 * @param project the run's ts-morph project, whose source files hold the text the edits apply to.
 * @param linted the files the run lints (absolute): only they are edited. A file the run only
 *   imports or reads as context may hold a preset that tools it does not see share.
 */
export function planFixes(findings: readonly Finding[], tools: readonly ToolFacts[], project: Project, linted: ReadonlySet<string>): Finding[] {
  /** Why `file` must not be edited (whyNotEditable), or because this run does not lint it. */
  const notEditable = (file: string, text: string): string | null =>
    linted.has(file) ? whyNotEditable(file, text) : 'this run does not lint that file (it only reads it for the files named): run --fix on the files or the project that hold it';
  // Every tool that declares each hint at each place, and the changes the findings ask of each tool.
  const sharing = new Map<string, ToolFacts[]>();
  const idOf = (tool: ToolFacts): string => `${keyOf(tool.location)}\0${tool.displayName}`;
  for (const tool of tools) {
    for (const [hint, declared] of Object.entries(tool.annotations?.properties ?? {})) {
      const key = `${hint}@${keyOf(declared.location)}`;
      const list = sharing.get(key);
      if (list) list.push(tool);
      else sharing.set(key, [tool]);
    }
  }
  const objectSharers = new Map<string, number>();
  for (const tool of tools) if (tool.annotations) objectSharers.set(keyOf(tool.annotations.location), (objectSharers.get(keyOf(tool.annotations.location)) ?? 0) + 1);
  const asked = new Map<string, HintChange[]>();
  for (const finding of findings) {
    const stated = changesOf(finding);
    if (!stated?.fix) continue;
    const list = asked.get(idOf(stated.tool));
    if (list) list.push(stated.fix);
    else asked.set(idOf(stated.tool), [stated.fix]);
  }
  const asks = (tool: ToolFacts, change: HintChange): boolean => (asked.get(idOf(tool)) ?? []).some((c) => c.hint === change.hint && c.to === change.to);

  /** The edit making `change` to `tool`'s annotations, or why there is none. */
  const plan = (tool: ToolFacts, change: HintChange): Planned => {
    const declared = tool.annotations?.properties[change.hint];
    if (!declared) return change.to === null ? { unavailable: `${change.hint} is not written in the tool's annotations` } : added(tool, [change]);
    if (!tool.annotations) return { unavailable: 'the tool has no annotations' };
    const location = declared.location;
    const sf = project.getSourceFile(location.file);
    if (!sf) return { unavailable: `${change.hint} is written in a file the linter did not load` };
    const why = notEditable(location.file, sf.getFullText());
    if (why) return { unavailable: `${change.hint} is written in ${shown(location)}, and ${why}` };
    const prop = nodeAt(project, location, (n): n is Node => Node.isPropertyAssignment(n) || Node.isShorthandPropertyAssignment(n) || Node.isSpreadAssignment(n) || Node.isBinaryExpression(n));
    if (!prop) {
      // The whole expression written there (`tool.annotations`, not `tool`).
      let at = nodeAt(project, location, (n): n is Node => Node.isExpression(n));
      while (at && at.getParent() && Node.isExpression(at.getParent()!) && at.getParent()!.getStart() === at.getStart()) at = at.getParent()!;
      const text = at ? at.getText().replace(/\s+/g, ' ') : '';
      return { unavailable: at ? `${change.hint} comes from \`${text.length > 40 ? `${text.slice(0, 37)}...` : text}\` at ${shown(location)}, a value made elsewhere: edit the hint where it is written` : `${change.hint} is not written as a property the linter can edit` };
    }
    const value = literalValue(prop);
    if ('unavailable' in value) return { unavailable: `${change.hint}: ${value.unavailable}` };
    const others = (sharing.get(`${change.hint}@${keyOf(location)}`) ?? []).filter((t) => idOf(t) !== idOf(tool));
    const edit = (): Fix => (change.to === null ? removal(sf, prop as PropertyAssignment) : { file: location.file, range: value.at, text: String(change.to) });
    if (others.every((t) => asks(t, change))) return { fix: edit() };
    // A preset that tools share and not all need the change: the tool's own object, if it has one that spreads the preset, gets the hint.
    const names = others.map((t) => `"${t.displayName}"`);
    const sharedBy = `${change.hint} is written in a preset at ${shown(location)} that ${others.length === 1 ? 'another tool shares' : `${others.length} other tools share`} (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}), which ${others.length === 1 ? 'does not need the change' : 'do not all need the change'}`;
    const own = tool.annotations.location;
    const obj = keyOf(own) !== keyOf(location) && objectSharers.get(keyOf(own)) === 1 ? nodeAt(project, own, (n): n is ObjectLiteralExpression => Node.isObjectLiteralExpression(n)) : undefined;
    const ownFile = obj?.getSourceFile();
    const ownWhy = ownFile ? notEditable(own.file, ownFile.getFullText()) : null;
    const override = obj && ownFile && !ownWhy ? overrideAfterSpread(ownFile, obj, change) : null;
    if (override) return { fix: override };
    if (change.to === null) return { unavailable: sharedBy };
    const instead = ownObject(tool, change);
    return { unavailable: `${sharedBy}: give "${tool.displayName}" its own annotations ({ ...preset, ${entryOf(change)} })${instead ? ', as its suggestion does' : ''}`, ...(instead ? { instead } : {}) };
  };

  /**
   * The suggestion that gives a tool that names a shared preset as a whole (`annotations: RO`) its
   * own object, `{ ...RO, readOnlyHint: false }`, where the registration call names it: a
   * `registerTool` config's `annotations`, or a positional argument of `tool()`. Null elsewhere.
   */
  const ownObject = (tool: ToolFacts, change: HintChange): Suggestion | null => {
    const name = nodeAt(project, tool.location, (n): n is Node => Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n));
    const call = name?.getParent();
    if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== name) return null;
    const named = (n: Node | undefined): n is Node => n !== undefined && (Node.isIdentifier(n) || Node.isPropertyAccessExpression(n));
    const config = call.getArguments()[1];
    const property = config && Node.isObjectLiteralExpression(config) ? config.getProperty('annotations') : undefined;
    const fromConfig = property && Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
    // tool(name, description?, schema?, annotations, callback): the named argument before the callback.
    const positional = tool.registration === 'tool' ? call.getArguments().slice(1, -1).filter(named) : [];
    const target = named(fromConfig) ? fromConfig : positional.length === 1 ? positional[0] : undefined;
    if (!target) return null;
    const sf = target.getSourceFile();
    if (notEditable(sf.getFilePath(), sf.getFullText())) return null;
    return { desc: `Give "${tool.displayName}" its own annotations: { ...${target.getText()}, ${entryOf(change)} }`, fix: { file: sf.getFilePath(), range: [target.getStart(), target.getEnd()], text: `{ ...${target.getText()}, ${entryOf(change)} }` } };
  };

  /**
   * The edit adding hints the tool does not write (`changes`, each setting a value): at the end of
   * the tool's own annotations object; when it has none, an `annotations` object added to the
   * `registerTool` config object its name is given with. Never into a preset other tools share.
   */
  const added = (tool: ToolFacts, changes: HintChange[]): Planned => {
    const entries = changes.map(entryOf);
    if (tool.annotations) {
      const own = tool.annotations.location;
      if (objectSharers.get(keyOf(own)) !== 1) return { unavailable: `the tool's annotations object at ${shown(own)} is shared with other tools: give it its own object to add ${entries.join(', ')}` };
      const obj = nodeAt(project, own, (n): n is ObjectLiteralExpression => Node.isObjectLiteralExpression(n));
      if (!obj) return { unavailable: `the tool's annotations at ${shown(own)} are not an object literal the linter can add to` };
      const why = notEditable(own.file, obj.getSourceFile().getFullText());
      if (why) return { unavailable: `the tool's annotations are written in ${shown(own)}, and ${why}` };
      return { fix: insertion(obj.getSourceFile(), obj, entries) };
    }
    // registerTool(name, { ... }, handler): the config object after the name gets the annotations.
    const name = nodeAt(project, tool.location, (n): n is Node => Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n));
    const call = name?.getParent();
    const config = call && Node.isCallExpression(call) && call.getArguments()[0] === name && tool.registration === 'registerTool' ? call.getArguments()[1] : undefined;
    if (!config || !Node.isObjectLiteralExpression(config)) return { unavailable: `the registration has no config object written beside the tool's name to add annotations to` };
    const why = notEditable(tool.location.file, config.getSourceFile().getFullText());
    if (why) return { unavailable: `the tool is registered in ${shown(tool.location)}, and ${why}` };
    return { fix: insertion(config.getSourceFile(), config, [`annotations: { ${entries.join(', ')} }`]) };
  };

  /** A suggestion from changes that can all be made, as one edit; null when one cannot. */
  const suggestion = (tool: ToolFacts, offered: SuggestedChange): Suggestion | null => {
    const edits: Fix[] = [];
    const absent = offered.changes.filter((c) => c.to !== null && !tool.annotations?.properties[c.hint]);
    for (const change of offered.changes.filter((c) => !absent.includes(c))) {
      const planned = plan(tool, change);
      if ('unavailable' in planned) return null;
      edits.push(planned.fix);
    }
    if (absent.length > 0) {
      const planned = added(tool, absent);
      if ('unavailable' in planned) return null;
      edits.push(planned.fix);
    }
    const fix = mergeEdits(edits, (file) => project.getSourceFile(file)?.getFullText());
    return fix ? { desc: offered.desc, fix } : null;
  };

  return findings.map((finding) => {
    const stated = changesOf(finding);
    if (!stated) return finding;
    const out: Finding = { ...finding };
    const offered: Suggestion[] = [];
    if (stated.fix) {
      const planned = plan(stated.tool, stated.fix);
      if ('fix' in planned) out.fix = planned.fix;
      else {
        out.fixUnavailable = planned.unavailable;
        if (planned.instead) offered.push(planned.instead);
      }
    }
    const suggestions = [...offered, ...(stated.suggest ?? []).map((s) => suggestion(stated.tool, s)).filter((s): s is Suggestion => s !== null)];
    if (suggestions.length > 0) out.suggestions = suggestions;
    return out;
  });
}
