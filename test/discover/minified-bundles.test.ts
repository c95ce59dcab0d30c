import { describe, expect, it } from 'vitest';
import { lint } from '../../src/index.js';
import { stylish } from '../../src/formatters/stylish.js';
import { lintFiles, writeProject } from '../helpers.js';

/**
 * A minified copy of the SDK's server class (renamed `a`, its methods kept, as minifiers keep
 * property names), then the server's own code on the same line.
 */
const MINIFIED_SDK = 'var a=class{constructor(e){this.s=e;this._t={}}registerTool(e,t,r){return this._c(e,t,r)}tool(e,...t){return this._c(e,{},t.pop())}_c(e,t,r){if(this._t[e])throw new Error(`Tool ${e} is already registered`);this._t[e]={config:t,cb:r};this.setToolRequestHandlers();return{enable(){},disable(){},remove(){}}}setToolRequestHandlers(){}sendToolListChanged(){}async connect(e){}}';

describe('a minified bundle with the SDK inlined', () => {
  it('recognises the SDK server class by its methods, whatever its name, and reads the registrations on it', async () => {
    const result = await lintFiles({
      'dist/index.js': `#!/usr/bin/env node\nimport{writeFile as w}from"node:fs/promises";${MINIFIED_SDK},s=new a({name:"m",version:"1"});s.registerTool("save_note",{description:"d",annotations:{readOnlyHint:!0}},async e=>(await w("n",e.text),{content:[]}));s.tool("list_notes",async()=>({content:[]}));\n`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['save_note', 'list_notes']);
    expect(result.tools[0]!.annotations!.properties.readOnlyHint).toMatchObject({ value: true, known: true });
    expect(result.findings.filter((f) => f.ruleId === 'optimistic-read-only').map((f) => f.tool)).toEqual(['save_note']);
  });

  it('says that a minified bundle serving tools could not be read, rather than that it has no tools', async () => {
    // A server class the linter does not know, minified: it handles "tools/call" itself.
    const dir = writeProject({
      'dist/index.js': `var q=class{constructor(){this.h=new Map}a(e,t,r){this.h.set(e,{c:t,f:r})}async k(e){if(e.method==="tools/call")return this.h.get(e.params.name).f(e.params.arguments)}},s=new q;s.a("save_note",{annotations:{readOnlyHint:!0}},async e=>({content:[]}));/*${'-'.repeat(1000)}*/\n`,
    });
    const result = await lint({ paths: ['.'], cwd: dir });
    expect(result.tools).toEqual([]);
    expect(result.unresolvedRegistrations.map((u) => `${u.location.line} ${u.reason}`)).toEqual([
      '1 this minified bundle serves MCP tools ("tools/call"), but no tool registration in it could be read; lint the server\'s source or an unminified build',
    ]);
    const text = stylish(result, { cwd: dir, color: false });
    expect(text).toContain('No tool could be named in 1 file.');
    expect(text).not.toContain('No tool registrations found');
  });
});
