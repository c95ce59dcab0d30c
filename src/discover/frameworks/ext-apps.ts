import { expandArguments } from '../../analysis/resolve.js';
import { callContexts, callsTo, fromDefinition, isExportOf, type RegistrationAdapter } from '../adapter.js';
import type { Discovery } from '../tool-facts.js';

/** `@modelcontextprotocol/ext-apps` and its `/server` entry. */
const EXT_APPS = /^@modelcontextprotocol\/ext-apps(\/|$)/;

/**
 * MCP Apps (package `@modelcontextprotocol/ext-apps`, `/server`): the free function
 * `registerAppTool(server, name, config, cb)`, which is `server.registerTool(name, config, cb)`
 * with the server as argument 0 and a required `config._meta.ui.resourceUri`. The name is
 * argument 1, the annotations `config.annotations`, the handler argument 3. Plain
 * `server.registerTool` calls beside it are the SDK's.
 * Docs: https://modelcontextprotocol.github.io/ext-apps/
 */
export const extApps: RegistrationAdapter = {
  id: 'ext-apps',
  mayRegister: (text) => text.includes('registerAppTool'),
  discover(sf, ctx) {
    const found: Discovery = { tools: [], unresolved: [] };
    for (const call of callsTo(sf, new Set(['registerAppTool']))) {
      if (!isExportOf(call.getExpression(), EXT_APPS, ['registerAppTool'], ctx.resolver)) continue;
      const written = call.getArguments();
      if (written.length !== 4) continue;
      for (const context of callContexts(call, written.slice(1, 3), ctx, found)) {
        const [, name, config, handler] = expandArguments(written, context.bindings);
        if (!name || !config || !handler) continue;
        found.tools.push(fromDefinition('ext-apps registerAppTool', config, { name: 'name', annotations: 'annotations', handler: [] }, context, ctx.resolver, { nameArg: name, handlerArg: handler }));
      }
    }
    return found;
  },
};
