import { describe, expect, it } from 'vitest';
import { foundIn } from './catalog-helpers.js';
import { SERVER_HEADER, lintFiles } from '../helpers.js';

/** `access confidence d=destructive i=idempotent | description` of each effect. */
const lines = (r: Awaited<ReturnType<typeof foundIn>>): string[] => r.effects.map((e) => `${e.access} ${e.confidence} d=${e.destructive} i=${e.idempotent} | ${e.description}`);

describe('HTTP methods are not semantics (issue 15): a POST is judged by what it says it does', () => {
  it('reads a POST to a search, an LLM completion, an OAuth token endpoint or a scrape by its path', async () => {
    const r = await foundIn(
      `import axios from "axios";\nconst urls = { search: "https://api.example.com/search", extract: "https://api.example.com/extract" };`,
      `  await fetch("https://api.example.com/v1/search", { method: "POST", body: "{}" });
  await fetch(\`\${args.base}/v1/chat/completions\`, { method: "POST", body: JSON.stringify({ messages: [] }) });
  const tokenUrl = new URL("/sso/oauth2/token", args.sso).toString();
  await fetch(tokenUrl, { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials" }) });
  await axios.post(urls.search, { q: args.q });
  await axios.post(urls.extract, { urls: args.urls });`,
    );
    expect(lines(r)).toEqual([
      'read certain d=null i=null | makes an HTTP request (POST to /v1/search: a read by its path (`search`))',
      'read certain d=null i=null | makes an HTTP request (POST to …/chat/completions: a read by its path (`completions`))',
      'read certain d=null i=null | makes an HTTP request (POST to …/oauth2/token: a read by its path (`token`))',
      'read certain d=null i=null | makes an HTTP request (POST to /search: a read by its path (`search`))',
      'read certain d=null i=null | makes an HTTP request (POST to /extract: a read by its path (`extract`))',
    ]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });

  it('judges a mutation by the verb of its first root field (aliases, variables and directives skipped); one without a verb is a write of unknown kind', async () => {
    const r = await foundIn(
      `const CHANGE = \`mutation Change($id: ID!, $v: JSON!) @log { result: change_column_value(item_id: $id, value: $v) { id } }\`;\nconst DROP = \`mutation { delete_item(item_id: 1) { id } }\`;\nconst OTHER = \`mutation { duplicate_board(board_id: 1) { id } }\`;`,
      `  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: CHANGE }) });
  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: DROP }) });
  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: OTHER }) });`,
    );
    expect(lines(r)).toEqual([
      'write certain d=true i=null | makes an HTTP request (POST to /graphql: a GraphQL mutation (`change_column_value`: changes existing data))',
      'write certain d=true i=true | makes an HTTP request (POST to /graphql: a GraphQL mutation (`delete_item`: deletes data))',
      'write certain d=null i=null | makes an HTTP request (POST to /graphql: a GraphQL mutation)',
    ]);
  });

  it('reads the operation of a GraphQL body (query reads, mutation writes) and of a JSON-RPC body', async () => {
    const r = await foundIn(
      `const USERS = \`query Users { users { id } }\`;\nconst ADD = \`mutation Add($n: String!) { add(name: $n) { id } }\`;`,
      `  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: USERS }) });
  const query = ADD;
  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query, variables: { n: args.n } }) });
  await fetch("https://rpc.example.com", { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: [] }) });
  await fetch("https://rpc.example.com", { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "eth_sendRawTransaction", params: [] }) });`,
    );
    expect(lines(r)).toEqual([
      'read certain d=null i=null | makes an HTTP request (POST to /graphql: a read (a GraphQL query))',
      'write certain d=false i=false | makes an HTTP request (POST to /graphql: a GraphQL mutation (`add`: adds records))',
      'read certain d=null i=null | makes an HTTP request (POST to https://rpc.example.com: a read by its JSON-RPC method `eth_getBalance`)',
      'write certain d=false i=false | makes an HTTP request (POST to https://rpc.example.com: a write by its JSON-RPC method `eth_sendRawTransaction`)',
    ]);
  });

  it('reads the operation after the fragment definitions a document starts with (written or spliced in), and a mutation anywhere in a document of several operations', async () => {
    const r = await foundIn(
      `const PAGE = \`fragment ItemData on Item { id name column_values(ids: $ids) @include(if: $withColumns) { id text } }
  query GetPage($board: ID!, $ids: [String!]) { boards(ids: [$board]) { items_page { items { ...ItemData } } } }\`;
const BOTH = \`query One { me { id } }
  mutation Two { archive_item(item_id: 1) { id } }\`;
declare function gql(parts: TemplateStringsArray, ...values: unknown[]): string;
declare const UserFields: string;
const USERS = gql\`
  \${UserFields}
  query Users($ids: [ID!]) { users(ids: $ids) { ...UserFields } }
\`;`,
      `  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: PAGE }) });
  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: BOTH }) });
  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: USERS }) });`,
    );
    expect(lines(r)).toEqual([
      'read certain d=null i=null | makes an HTTP request (POST to /graphql: a read (a GraphQL query))',
      'write certain d=false i=true | makes an HTTP request (POST to /graphql: a GraphQL mutation (`archive_item`: sets or clears a reversible flag))',
      'read certain d=null i=null | makes an HTTP request (POST to /graphql: a read (a GraphQL query))',
    ]);
  });

  it('takes a POST whose path names a write for that write, and one whose purpose cannot be read for a likely write', async () => {
    const r = await foundIn(
      ``,
      `  await fetch("https://courses.example.com/api/course/register", { method: "POST", body: JSON.stringify({ email: args.email }) });
  await fetch(\`https://x.example.com/api/items/\${args.id}/delete\`, { method: "POST" });
  await fetch(\`https://x.example.com/api/projects/\${args.id}/surveys/\`, { method: "POST", body: JSON.stringify(args.survey) });
  await fetch(\`https://x.example.com/v2/search/\${args.searchId}/feedback\`, { method: "POST", body: JSON.stringify({ rating: args.rating }) });
  await fetch(args.url, { method: "POST" });`,
    );
    expect(lines(r)).toEqual([
      // A word of the path is a name: what it says is written is likely, not certain.
      'write likely d=false i=false | makes an HTTP request (POST to …/course/register: a write by its path (`register`))',
      'write likely d=true i=true | makes an HTTP request (POST to …/{}/delete: a write by its path (`delete`))',
      'write likely d=false i=false | makes an HTTP request (POST to …/{}/surveys: neither its path nor its body names the operation, so a likely write)',
      // Only the last segment names the operation: the one before names the collection it acts in.
      'write likely d=false i=false | makes an HTTP request (POST to …/{}/feedback: neither its path nor its body names the operation, so a likely write)',
      'write likely d=false i=false | makes an HTTP request (POST to an address known only at run time: neither its path nor its body names the operation, so a likely write)',
    ]);
  });

  it('keeps PUT, PATCH and DELETE certain writes whatever their path says, and a method known only at run time an unknown access', async () => {
    const r = await foundIn(
      ``,
      `  await fetch("https://x.example.com/search/index", { method: "PUT" }); await fetch("https://x.example.com/query/1", { method: "DELETE" });
  await fetch("https://x.example.com/search", { method: "PATCH" }); await fetch(args.u, { method: args.m });`,
    );
    expect(lines(r)).toEqual([
      'write certain d=true i=true | makes an HTTP request (PUT)',
      'write certain d=true i=true | makes an HTTP request (DELETE)',
      'write certain d=true i=null | makes an HTTP request (PATCH)',
      'unknown certain d=null i=null | makes an HTTP request with a method known only at run time, which may write',
    ]);
  });

  it('reads a GraphQL document given to a client the catalog does not model as GraphQL, not as SQL; a wrapper POST by its path', async () => {
    const r = await foundIn(
      `import { ApiClient } from "some-graphql-client";\nconst api = new ApiClient({ token: "t" });\ndeclare const http: { post(path: string, body: unknown): Promise<unknown>; request(method: string, path: string): Promise<unknown> };`,
      `  await api.rawRequest(\`query IntrospectionQuery { __schema { types { name } } }\`);
  await api.request(\`mutation CreateItem($name: String!) { create_item(item_name: $name) { id } }\`, { name: args.name });
  await http.post("/v2/search", { q: args.q });
  await http.request("POST", "/v2/query");`,
    );
    expect(lines(r)).toEqual([
      'read likely d=null i=null | sends a request through `api.rawRequest` (via a client of the package `some-graphql-client`, which reaches its service): a read (a GraphQL query)',
      'write likely d=false i=false | sends a request through `api.request` (via a client of the package `some-graphql-client`, which reaches its service): a GraphQL mutation (`create_item`: adds records)',
      'read likely d=null i=null | sends a request through `http.post` to /v2/search: a read by its path (`search`)',
      'read likely d=null i=null | sends an HTTP request through `http.request` (POST to /v2/query: a read by its path (`query`))',
    ]);
  });

  it('gives an error only where the request says it writes; a POST of unreadable purpose gives a warning, and still an error against openWorldHint: false', async () => {
    const annotations = (hints: string) => `{ description: "d", inputSchema: {}, annotations: { ${hints} } }`;
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}
server.registerTool("docs_search", ${annotations('readOnlyHint: true, openWorldHint: true')}, async (args: any) => {
  await fetch("https://api.example.com/v1/chat/completions", { method: "POST", body: JSON.stringify({ messages: [args.q] }) });
  return { content: [] };
});
server.registerTool("create_survey", ${annotations('readOnlyHint: true, openWorldHint: true')}, async (args: any) => {
  await fetch(\`https://api.example.com/projects/\${args.p}/surveys/\`, { method: "POST", body: JSON.stringify(args.survey) });
  return { content: [] };
});
server.registerTool("notify", ${annotations('readOnlyHint: false, openWorldHint: false')}, async (args: any) => {
  await fetch(args.webhook, { method: "POST", body: JSON.stringify({ text: args.text }) });
  return { content: [] };
});
server.registerTool("add_item", ${annotations('readOnlyHint: true, openWorldHint: true')}, async (args: any) => {
  await fetch("https://api.example.com/graphql", { method: "POST", body: JSON.stringify({ query: "mutation { addItem(name: \\"x\\") { id } }" }) });
  return { content: [] };
});
`,
    });
    const findings = result.findings.filter((f) => f.ruleId.startsWith('optimistic-')).map((f) => `${f.tool} ${f.ruleId} ${f.severity}`);
    expect(findings).toEqual(['create_survey optimistic-read-only warning', 'notify optimistic-closed-world error', 'add_item optimistic-read-only error']);
  });

  it('takes the verb of a POST path for what it sets (update sets the values given: idempotent; enable sets a flag), and the segment before a last one that names nothing', async () => {
    const r = await foundIn(
      ``,
      `  await fetch(\`https://api.example.com/v2/redis/update-regions/\${args.id}\`, { method: "POST", body: JSON.stringify({ regions: args.regions }) });
  await fetch(\`https://api.example.com/v2/redis/enable-backup/\${args.id}\`, { method: "POST" });
  await fetch(\`https://search.example.com/\${args.org}/_apis/search/codesearchresults\`, { method: "POST", body: JSON.stringify({ searchText: args.q }) });
  await fetch("https://api.example.com/map", { method: "POST", body: JSON.stringify({ url: args.url }) });`,
    );
    expect(lines(r)).toEqual([
      'write likely d=true i=true | makes an HTTP request (POST to …/update-regions/{}: a write by its path (`update`))',
      'write likely d=false i=true | makes an HTTP request (POST to …/enable-backup/{}: a write by its path (`enable`))',
      'read certain d=null i=null | makes an HTTP request (POST to …/search/codesearchresults: a read by its path (`search`))',
      'read certain d=null i=null | makes an HTTP request (POST to /map: a read by its path (`map`))',
    ]);
  });

  it('lets the verb of a PUT or PATCH path relax the method (a flag set, a move), never worsen it', async () => {
    const r = await foundIn(
      ``,
      `  await fetch(\`https://api.example.com/v2/redis/enable-dailybackup/\${args.id}\`, { method: "PATCH" });
  await fetch(\`https://api.example.com/v2/items/\${args.id}/append\`, { method: "PUT" });`,
    );
    expect(lines(r)).toEqual([
      'write certain d=false i=true | makes an HTTP request (PATCH to …/enable-dailybackup/{}: a write by its path (`enable`))',
      // \`append\` is additive (relaxes PUT's replacing) but not idempotent, which would worsen PUT's: that part stays.
      'write certain d=false i=true | makes an HTTP request (PUT to …/{}/append: a write by its path (\`append\`))',
    ]);
  });
});
