import type { RegistrationAdapter } from '../adapter.js';
import { extApps } from './ext-apps.js';
import { fastmcp } from './fastmcp.js';
import { mastra } from './mastra.js';
import { mcpFramework } from './mcp-framework.js';
import { mcpLite } from './mcp-lite.js';
import { mcpNest } from './mcp-nest.js';
import { mcpUse } from './mcp-use.js';
import { tmcp } from './tmcp.js';
import { xmcp } from './xmcp.js';

/**
 * The frameworks whose registrations discovery reads, in order of use. One module each; each has a
 * fixture under test/fixtures/frameworks/ and a line in the README's support table.
 */
export const FRAMEWORKS: readonly RegistrationAdapter[] = [fastmcp, mastra, mcpUse, xmcp, mcpNest, mcpFramework, tmcp, extApps, mcpLite];
