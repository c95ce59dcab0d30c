import type { SinkEntry } from './entry.js';
import { type Op, opEntry, opTable } from './ops.js';

/**
 * Third-party SaaS SDKs: GitHub (Octokit), Slack, Notion, Linear, Google APIs, AWS SDK v3,
 * Stripe, Apify, Algolia. Every call reaches a service outside the server: open-world (DESIGN.md §1). Their
 * methods are named after what they do, so the verb of the method's name decides
 * (`classifyBy: 'verb'`, api-verbs.ts); a method whose name has no known verb keeps the access
 * unknown, except the reads a small table names per SDK.
 */

const api = (module: string, path: string, extra: Partial<SinkEntry> = {}): SinkEntry => ({
  module,
  export: path,
  kind: 'api',
  access: 'unknown',
  destructive: null,
  idempotent: null,
  openWorld: true,
  description: `calls the ${LIBRARIES[module] ?? module} API`,
  ...extra,
});

/** Names for messages. */
const LIBRARIES: Record<string, string> = {
  octokit: 'GitHub',
  '@octokit/rest': 'GitHub',
  '@octokit/core': 'GitHub',
  '@octokit/graphql': 'GitHub GraphQL',
  '@octokit/request': 'GitHub',
  '@slack/web-api': 'Slack',
  '@slack/bolt': 'Slack',
  '@notionhq/client': 'Notion',
  '@linear/sdk': 'Linear',
  googleapis: 'Google',
  '@googleapis/*': 'Google',
  '@aws-sdk/client-*': 'AWS',
  '@aws-sdk/lib-dynamodb': 'AWS DynamoDB',
  '@aws-sdk/lib-storage': 'AWS S3',
  stripe: 'Stripe',
  'apify-client': 'Apify',
  algoliasearch: 'Algolia',
  'algoliasearch/lite': 'Algolia',
  '@algolia/client-search': 'Algolia',
};

/** Methods classified by their verb under each root, at each of `namespaces` (`rest.*.*` for `rest.issues.create`). */
function byVerb(module: string, roots: readonly string[], namespaces: readonly string[]): SinkEntry[] {
  return roots.flatMap((root) => namespaces.map((ns) => api(module, `${root}.${ns}`, { classifyBy: 'verb' })));
}

/** Entries of one operation: `paths` under each root. */
function fixed(module: string, roots: readonly string[], paths: readonly string[], op: Op): SinkEntry[] {
  return roots.flatMap((root) => paths.map((path) => opEntry(module, root ? `${root}.${path}` : path, op, 'api', true, `${LIBRARIES[module] ?? module} \`${path}\``)));
}

// ---------------------------------------------------------------------------------------------
// GitHub: Octokit (https://octokit.github.io/rest.js/, https://github.com/octokit/octokit.js)

const OCTOKIT_MODULES = ['octokit', '@octokit/rest', '@octokit/core'];
/** A client: `new Octokit()`, a class made with plugins or defaults, an App's installation client. */
const OCTOKITS = ['Octokit.new()', 'Octokit.plugin().new()', 'Octokit.defaults().new()', 'Octokit.plugin().defaults().new()', 'App.new().octokit', 'App.new().getInstallationOctokit()', 'OAuthApp.new().octokit'];

/**
 * REST methods by verb (`rest.issues.listForRepo` reads, `rest.repos.createOrUpdateFileContents`
 * overwrites), also in the older form without `rest` (`octokit.issues.create`); `request` and
 * `paginate` by the route or method they are given; `graphql` by its operation. Reads named
 * otherwise: the `search` namespace, `checkCollaborator`-like checks (verb `check`), `compareCommits`.
 */
const octokit: SinkEntry[] = OCTOKIT_MODULES.flatMap((module) => [
  ...fixed(module, OCTOKITS, ['rest.search.*', 'search.*', 'rest.rateLimit.get', 'rest.meta.*', 'rest.markdown.*'], 'read'),
  ...fixed(module, OCTOKITS, ['auth', 'hook.*', 'log.*'], 'pure'),
  ...OCTOKITS.flatMap((root) => ['request', 'paginate', 'paginate.iterator'].map((m) => api(module, `${root}.${m}`, { endpointArgument: 0 }))),
  ...OCTOKITS.flatMap((root) => ['graphql', 'graphql.paginate'].map((m) => api(module, `${root}.${m}`, { graphqlArgument: 0 }))),
  ...byVerb(module, OCTOKITS, ['rest.*.*', '*.*']),
]);
const octokitStandalone: SinkEntry[] = [
  ...['graphql', 'graphql.defaults()', 'withCustomRequest()'].map((path) => api('@octokit/graphql', path, { graphqlArgument: 0 })),
  ...['request', 'request.defaults()'].map((path) => api('@octokit/request', path, { endpointArgument: 0 })),
];

// ---------------------------------------------------------------------------------------------
// Slack Web API (https://api.slack.com/methods, https://tools.slack.dev/node-slack-sdk/web-api)

const SLACK_CLIENTS: Record<string, string[]> = { '@slack/web-api': ['WebClient.new()'], '@slack/bolt': ['App.new().client'] };
/** Slack methods named by a noun that read. */
const SLACK_READS = ['*.history', '*.info', '*.replies', '*.members', 'auth.test', 'users.profile.get', 'team.*', 'bots.*', 'dnd.info'];

const slack: SinkEntry[] = Object.entries(SLACK_CLIENTS).flatMap(([module, roots]) => [
  ...fixed(module, roots, SLACK_READS, 'read'),
  ...roots.flatMap((root) => ['apiCall', 'paginate'].map((m) => api(module, `${root}.${m}`, { endpointArgument: 0 }))),
  ...byVerb(module, roots, ['*.*', '*.*.*']),
]);

// ---------------------------------------------------------------------------------------------
// Notion (https://developers.notion.com/reference, https://github.com/makenotion/notion-sdk-js)

const NOTION = ['Client.new()'];
const notion: SinkEntry[] = [
  ...fixed('@notionhq/client', NOTION, ['users.me'], 'read'),
  // `iteratePaginatedAPI(notion.databases.query, {...})`: the method given decides.
  ...['iteratePaginatedAPI', 'collectPaginatedAPI'].map((path) => api('@notionhq/client', path, { endpointArgument: 0 })),
  ...['is*', 'extractNotionId'].map((path) => opEntry('@notionhq/client', path, 'pure', 'api', true, 'Notion helper')),
  ...byVerb('@notionhq/client', NOTION, ['*', '*.*', '*.*.*']),
];

// ---------------------------------------------------------------------------------------------
// Linear (https://linear.app/developers/sdk): mutations are named with verbs (`createIssue`,
// `archiveIssue`); queries are named by the entity they return (`issue(id)`, `issues()`).

const LINEAR = ['LinearClient.new()'];
/** Decision: the queries named by a noun, read; another name without a verb stays unknown (`issueAddLabel` changes an issue). */
const LINEAR_READS = [
  'issue', 'issues', 'issueSearch', 'searchIssues', 'team', 'teams', 'project', 'projects', 'user', 'users', 'comment', 'comments', 'cycle', 'cycles',
  'workflowState', 'workflowStates', 'issueLabel', 'issueLabels', 'document', 'documents', 'organization', 'attachment', 'attachments',
  'notification', 'notifications', 'roadmap', 'roadmaps', 'initiative', 'initiatives', 'projectMilestone', 'projectMilestones', 'viewer', 'integrations', 'webhooks',
];
const linear: SinkEntry[] = [
  ...fixed('@linear/sdk', LINEAR, LINEAR_READS, 'read'),
  api('@linear/sdk', 'LinearClient.new().client.rawRequest', { graphqlArgument: 0 }),
  ...byVerb('@linear/sdk', LINEAR, ['*']),
  // Methods of the models queries return (`(await client.issue(id)).update({...})`): `update`,
  // `delete`, `archive` by verb; the other methods fetch related entities (`issue.comments()`).
  ...LINEAR.map((root) => api('@linear/sdk', `${root}.*().*`, { classifyBy: 'verb', access: 'read' })),
];

// ---------------------------------------------------------------------------------------------
// Google APIs (https://googleapis.dev/nodejs/googleapis/latest/): `google.drive({ version })`
// and the per-API packages (`@googleapis/drive`); resource methods are verbs (`files.list`,
// `users.messages.send`, `spreadsheets.values.update`, `events.insert`).

const GOOGLE_ROOTS: Record<string, string[]> = { googleapis: ['google.*()'], '@googleapis/*': ['*()'] };
const google: SinkEntry[] = Object.entries(GOOGLE_ROOTS).flatMap(([module, roots]) => [
  // Named otherwise: Drive's `files.export` reads a file, `files.emptyTrash` deletes, Calendar's `events.quickAdd` creates, `events.instances` reads.
  ...fixed(module, roots, ['files.export', 'events.instances'], 'read'),
  ...fixed(module, roots, ['files.emptyTrash'], 'delete'),
  ...fixed(module, roots, ['events.quickAdd'], 'add'),
  ...byVerb(module, roots, ['*.*', '*.*.*', '*.*.*.*']),
]);
const googleAuth: SinkEntry[] = [
  // Authentication and options: `new google.auth.GoogleAuth({...})`, `auth.getClient()`, `google.options({...})`.
  ...['google.auth.*', 'google.auth.*.new().*', 'google.options', 'auth.*', 'auth.*.new().*'].map((path) => opEntry(path.startsWith('google') ? 'googleapis' : '@googleapis/*', path, 'pure', 'api', true, 'Google authentication')),
];

// ---------------------------------------------------------------------------------------------
// AWS SDK v3 (https://docs.aws.amazon.com/AWSJavaScriptSDK/v3/latest/): `client.send(new XCommand(...))`,
// the command class's verb decides (`PutObjectCommand` overwrites, `ListBucketsCommand` reads,
// `InvokeCommand` runs a Lambda function: anything). Constructors of clients and commands do nothing.

const AWS_CLIENTS = '@aws-sdk/client-*';
const aws: SinkEntry[] = [
  api(AWS_CLIENTS, '*.new().send', { commandArgument: 0 }),
  ...['*Command', '*.new().destroy', '*.new().middlewareStack.*'].map((path) => opEntry(AWS_CLIENTS, path, 'pure', 'api', true, 'AWS SDK')),
  // Paginators exist only for list, describe, query and scan operations; waiters poll a describe.
  ...['paginate*', 'waitFor*', 'waitUntil*'].map((path) => opEntry(AWS_CLIENTS, path, 'read', 'api', true, 'AWS paginator or waiter')),
  // The aggregated clients (`new S3({}).putObject({...})`): the method's verb.
  api(AWS_CLIENTS, '*.new().*', { classifyBy: 'verb' }),
  api('@aws-sdk/lib-dynamodb', 'DynamoDBDocumentClient.from().send', { commandArgument: 0 }),
  api('@aws-sdk/lib-dynamodb', 'DynamoDBDocument.from().*', { classifyBy: 'verb' }),
  opEntry('@aws-sdk/lib-dynamodb', '*Command', 'pure', 'api', true, 'AWS DynamoDB'),
  // `new Upload({ client, params }).done()` puts an object, replacing one under the same key.
  opEntry('@aws-sdk/lib-storage', 'Upload.new().done', 'set', 'api', true, 'AWS S3 `Upload`'),
  // Local helpers: presigning, (un)marshalling, credentials.
  opEntry('@aws-sdk/s3-request-presigner', 'getSignedUrl', 'pure', 'api', true, 'AWS presigner'),
  ...['@aws-sdk/util-dynamodb', '@aws-sdk/credential-providers'].map((module) => opEntry(module, '*', 'pure', 'api', true, 'AWS SDK')),
];

// ---------------------------------------------------------------------------------------------
// Stripe (https://docs.stripe.com/api): `new Stripe(key)` (the default export; `require("stripe")(key)`),
// resources with `create`, `retrieve`, `update`, `list`, `del`, `confirm`, `cancel`, `capture`...

const STRIPES = ['new()', '()', 'Stripe.new()'];
const stripe: SinkEntry[] = [
  // Webhook signatures are checked locally.
  ...fixed('stripe', STRIPES, ['webhooks.constructEvent', 'webhooks.constructEventAsync', 'webhooks.generateTestHeaderString'], 'pure'),
  ...byVerb('stripe', STRIPES, ['*.*', '*.*.*']),
];

// ---------------------------------------------------------------------------------------------
// Apify (https://docs.apify.com/api/client/js/reference): `new ApifyClient({ token })`; a resource
// client is picked by id or as a collection (`client.dataset(id)`, `client.run(id).log()`,
// `client.tasks()`: making it sends nothing), and its methods are verbs (`get`, `list`,
// `listItems`, `create`, `update`, `delete`, `start`, `call`, `abort`, `setRecord`, `publish`).

const APIFY = ['ApifyClient.new()'];
/** Sub-resources of a resource client (`client.run(id).log()`, `client.task(id).lastRun().dataset()`): picked, not requested. */
const APIFY_SUBRESOURCES = ['log', 'dataset', 'keyValueStore', 'requestQueue', 'lastRun', 'builds', 'runs', 'versions', 'version', 'env', 'webhooks', 'webhookDispatches'];
const apify: SinkEntry[] = [
  ...fixed('apify-client', APIFY, APIFY_SUBRESOURCES.flatMap((name) => [`*().${name}`, `*().*().${name}`]), 'pure'),
  // `await client.actor(id).defaultBuild()` fetches the actor to find its default build, and gives that build's client.
  ...fixed('apify-client', APIFY, ['*().defaultBuild'], 'read'),
  ...byVerb('apify-client', APIFY, ['*().*', '*().defaultBuild().*', ...APIFY_SUBRESOURCES.flatMap((name) => [`*().${name}().*`, `*().*().${name}().*`])]),
];

// ---------------------------------------------------------------------------------------------
// Algolia search (https://www.algolia.com/doc/libraries/sdk/methods/search/): v5 `algoliasearch(appId,
// key)` (named export; `liteClient` of `algoliasearch/lite`, `searchClient` of `@algolia/client-search`)
// with the index named in each call's parameters; v4's default export (`algoliasearch(appId, key)`,
// `require("algoliasearch")(...)`) and its `client.initIndex(name)`, whose methods act on that index.

/** The clients by package: v5's factories, v4's default export, and v4's index of either. */
const ALGOLIA_CLIENTS: Record<string, string[]> = {
  algoliasearch: ['algoliasearch()', '()', '().initIndex()'],
  'algoliasearch/lite': ['liteClient()', '()', '().initIndex()'],
  '@algolia/client-search': ['searchClient()'],
};

/**
 * Methods by operation. Searches, lookups, browsing and waits read. `saveObject(s)` adds a record,
 * or replaces the one with its `objectID` (either, by the data: a write of unknown kind);
 * `addOrUpdateObject`, settings, rules, synonyms and `replaceAllObjects` overwrite; `partialUpdate*`
 * changes records (`Increment`-like operations are not idempotent); `operationIndex` copies or moves
 * an index over its destination. Making an index handle, a secured key (signed locally) or
 * setting a client option sends nothing.
 */
const ALGOLIA_METHODS: Readonly<Record<string, Op>> = {
  ...Object.fromEntries(
    [
      'search', 'searchSingleIndex', 'searchForHits', 'searchForFacets', 'searchForFacetValues', 'searchRules', 'searchSynonyms', 'searchDictionaryEntries',
      'searchUserIds', 'multipleQueries', 'findObject', 'getObject', 'getObjects', 'getObjectPosition', 'browse', 'browseObjects', 'browseRules', 'browseSynonyms',
      'getSettings', 'getRule', 'getSynonym', 'getTask', 'getAppTask', 'waitForTask', 'waitForAppTask', 'waitForApiKey', 'listIndices', 'listApiKeys',
      'getApiKey', 'getLogs', 'getDictionarySettings', 'getDictionaryLanguages', 'listClusters', 'indexExists', 'exists', 'customGet',
    ].map((m) => [m, 'read' as const]),
  ),
  ...Object.fromEntries(['saveObject', 'saveObjects', 'batch', 'multipleBatch', 'chunkedBatch', 'batchDictionaryEntries', 'customPut'].map((m) => [m, 'write' as const])),
  ...Object.fromEntries(
    ['addOrUpdateObject', 'setSettings', 'saveRule', 'saveRules', 'saveSynonym', 'saveSynonyms', 'replaceAllObjects', 'replaceAllRules', 'replaceAllSynonyms', 'setDictionarySettings', 'updateApiKey', 'assignUserId', 'batchAssignUserIds'].map((m) => [m, 'set' as const]),
  ),
  ...Object.fromEntries(['partialUpdateObject', 'partialUpdateObjects', 'operationIndex', 'copyIndex', 'moveIndex', 'restoreApiKey'].map((m) => [m, 'change' as const])),
  ...Object.fromEntries(
    ['deleteObject', 'deleteObjects', 'deleteBy', 'clearObjects', 'deleteIndex', 'delete', 'deleteRule', 'deleteSynonym', 'clearRules', 'clearSynonyms', 'deleteApiKey', 'removeUserId', 'customDelete'].map((m) => [m, 'delete' as const]),
  ),
  addApiKey: 'add',
  customPost: 'unknown',
  ...Object.fromEntries(['initIndex', 'init*', 'generateSecuredApiKey', 'getSecuredApiKeyRemainingValidity', 'setClientApiKey', 'clearCache', 'addAlgoliaAgent', 'appId', 'transporter.*'].map((m) => [m, 'pure' as const])),
};

const algolia: SinkEntry[] = Object.entries(ALGOLIA_CLIENTS).flatMap(([module, roots]) => [
  ...opTable(module, roots, ALGOLIA_METHODS, 'api', true, 'Algolia'),
  ...byVerb(module, roots, ['*']),
]);

/** Third-party API sinks. */
export const API_SINKS: readonly SinkEntry[] = [...octokit, ...octokitStandalone, ...slack, ...notion, ...linear, ...google, ...googleAuth, ...aws, ...stripe, ...apify, ...algolia];
