import { describe, expect, it } from 'vitest';
import { chain, effectsOf, server } from './library-helpers.js';
import { SERVER_HEADER, lintFiles, tool } from '../helpers.js';

describe('GitHub (Octokit)', () => {
  it('REST methods by verb, the older form without rest, request() by its route, graphql() by its operation, paginate() by the method it is given', async () => {
    const r = await effectsOf(
      server(
        `import { Octokit } from "@octokit/rest";\nconst octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });\nconst VIEWER = \`query { viewer { login } }\`;`,
        [
          `  await octokit.rest.issues.listForRepo({ owner: args.owner, repo: args.repo });`,
          `  await octokit.rest.issues.create({ owner: "o", repo: "r", title: args.title });`,
          `  await octokit.rest.repos.createOrUpdateFileContents({ owner: "o", repo: "r", path: "p", message: "m", content: "" });`,
          `  await octokit.pulls.update({ owner: "o", repo: "r", pull_number: 1 });`,
          `  await octokit.request("DELETE /repos/{owner}/{repo}/labels/{name}", { owner: "o", repo: "r", name: "n" });`,
          `  await octokit.request("/user");`,
          `  await octokit.graphql(VIEWER);`,
          `  await octokit.graphql(\`mutation { addStar(input: { starrableId: "x" }) { clientMutationId } }\`);`,
          `  await octokit.paginate(octokit.rest.issues.listForRepo, { owner: "o", repo: "r" });`,
          `  await octokit.rest.search.issuesAndPullRequests({ q: "x" });`,
        ].join('\n'),
      ),
    );
    const at = '@octokit/rest Octokit.new()';
    expect(r.rows).toEqual([
      `api read d:null i:null open certain | ${at}.rest.issues.listForRepo (listForRepo)`,
      `api write d:false i:false open certain | ${at}.rest.issues.create (create)`,
      `api write d:true i:true open certain | ${at}.rest.repos.createOrUpdateFileContents (createOrUpdateFileContents)`,
      `api write d:true i:true open certain | ${at}.pulls.update (update)`,
      `api write d:true i:true open certain | ${at}.request DELETE`,
      `api read d:null i:null open certain | ${at}.request GET`,
      `api read d:null i:null open certain | ${at}.graphql (GraphQL query)`,
      `api write d:null i:null open certain | ${at}.graphql (GraphQL mutation)`,
      `api read d:null i:null open certain | ${at}.paginate (listForRepo)`,
      `api read d:null i:null open certain | ${at}.rest.search.issuesAndPullRequests`,
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: true });
  });

  it('an App\'s installation client', async () => {
    const r = await effectsOf(
      server(`import { App } from "octokit";\nconst app = new App({ appId: 1, privateKey: "k" });`, `  const octokit = await app.getInstallationOctokit(args.installation);\n  await octokit.rest.issues.createComment({ owner: "o", repo: "r", issue_number: 1, body: args.body });`),
    );
    expect(r.rows).toEqual(['api write d:false i:false open certain | octokit App.new().getInstallationOctokit().rest.issues.createComment (createComment)']);
    expect(r.unresolved).toEqual([]);
  });

  it('an Octokit held in a class field, from the octokit package, with a read-only tool: only reads, still open-world', async () => {
    const r = await effectsOf(
      server(`import { GitHub } from "./github";\nconst gh = new GitHub();`, `  return { content: [{ type: "text", text: JSON.stringify(await gh.openIssues(args.repo)) }] };`, {
        'github.ts': `import { Octokit } from "octokit";\nexport class GitHub {\n  private octokit = new Octokit({ auth: process.env.TOKEN });\n  openIssues(repo: string) {\n    return this.octokit.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo, state: "open" });\n  }\n}\n`,
      }),
    );
    expect(r.rows).toEqual(['api read d:null i:null open certain | octokit Octokit.new().paginate GET']);
    expect(chain(r.effects[0]!)).toBe('gh.openIssues@7 > sink@5');
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });
});

describe('Slack, Notion, Linear', () => {
  it('Slack WebClient: methods by verb, reads named by nouns, apiCall() by its method name', async () => {
    const r = await effectsOf(
      server(
        `import { WebClient } from "@slack/web-api";\nconst slack = new WebClient(process.env.SLACK_TOKEN);`,
        `  await slack.conversations.history({ channel: args.channel });\n  await slack.chat.postMessage({ channel: "c", text: args.text });\n  await slack.chat.update({ channel: "c", ts: "1", text: "x" });\n  await slack.chat.delete({ channel: "c", ts: "1" });\n  await slack.reactions.add({ channel: "c", name: "x", timestamp: "1" });\n  await slack.apiCall("conversations.archive", { channel: "c" });`,
      ),
    );
    const at = '@slack/web-api WebClient.new()';
    expect(r.rows).toEqual([
      `api read d:null i:null open certain | ${at}.conversations.history`,
      `api write d:false i:false open certain | ${at}.chat.postMessage (postMessage)`,
      `api write d:true i:true open certain | ${at}.chat.update (update)`,
      `api write d:true i:true open certain | ${at}.chat.delete (delete)`,
      `api write d:false i:false open certain | ${at}.reactions.add (add)`,
      `api write d:false i:true open certain | ${at}.apiCall (archive)`,
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('Notion Client: pages, databases, blocks and search', async () => {
    const r = await effectsOf(
      server(
        `import { Client } from "@notionhq/client";\nconst notion = new Client({ auth: process.env.NOTION_TOKEN });`,
        `  await notion.databases.query({ database_id: args.db });\n  await notion.pages.create({ parent: { page_id: "p" }, properties: {} });\n  await notion.blocks.children.append({ block_id: "b", children: [] });\n  await notion.pages.update({ page_id: "p", archived: true });\n  await notion.blocks.delete({ block_id: "b" });\n  await notion.search({ query: args.q });`,
      ),
    );
    const at = '@notionhq/client Client.new()';
    expect(r.rows).toEqual([
      `api read d:null i:null open certain | ${at}.databases.query (query)`,
      `api write d:false i:false open certain | ${at}.pages.create (create)`,
      `api write d:false i:false open certain | ${at}.blocks.children.append (append)`,
      `api write d:true i:true open certain | ${at}.pages.update (update)`,
      `api write d:true i:true open certain | ${at}.blocks.delete (delete)`,
      `api read d:null i:null open certain | ${at}.search (search)`,
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('Linear: mutations by verb, queries named by nouns from a small table, methods of a fetched model; a name without a verb outside the table is of unknown access', async () => {
    const r = await effectsOf(
      server(
        `import { LinearClient } from "@linear/sdk";\nconst linear = new LinearClient({ apiKey: process.env.LINEAR_API_KEY });`,
        `  await linear.issues({ first: 10 });\n  const issue = await linear.issue(args.id);\n  await issue.update({ title: "x" });\n  await linear.createIssue({ teamId: "t", title: "x" });\n  await linear.archiveIssue("i");\n  await linear.issueAddLabel("i", "l");`,
      ),
    );
    const at = '@linear/sdk LinearClient.new()';
    expect(r.rows).toEqual([
      `api read d:null i:null open certain | ${at}.issues`,
      `api read d:null i:null open certain | ${at}.issue`,
      `api write d:true i:true open certain | ${at}.issue().update (update)`,
      `api write d:false i:false open certain | ${at}.createIssue (createIssue)`,
      `api write d:false i:true open certain | ${at}.archiveIssue (archiveIssue)`,
      `api unknown d:null i:null open certain | ${at}.issueAddLabel (issueAddLabel)`,
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('Google APIs, AWS SDK v3, Stripe', () => {
  it('googleapis: Drive, Gmail, Sheets and Calendar resources by verb; authentication is no effect', async () => {
    const r = await effectsOf(
      server(
        `import { google } from "googleapis";\nconst auth = new google.auth.GoogleAuth({ scopes: ["x"] });\nconst drive = google.drive({ version: "v3", auth });`,
        [
          `  const client = await auth.getClient();`,
          `  await drive.files.list({ q: args.q });`,
          `  await drive.files.copy({ fileId: "f" });`,
          `  const gmail = google.gmail({ version: "v1", auth });`,
          `  await gmail.users.messages.send({ userId: "me", requestBody: {} });`,
          `  await gmail.users.messages.trash({ userId: "me", id: "m" });`,
          `  const sheets = google.sheets({ version: "v4", auth: client as any });`,
          `  await sheets.spreadsheets.values.append({ spreadsheetId: "s", range: "A1" });`,
          `  await sheets.spreadsheets.values.batchUpdate({ spreadsheetId: "s" });`,
          `  await google.calendar({ version: "v3", auth }).events.insert({ calendarId: "c" });`,
        ].join('\n'),
      ),
    );
    expect(r.rows).toEqual([
      'api read d:null i:null open certain | googleapis google.drive().files.list (list)',
      'api write d:null i:null open certain | googleapis google.drive().files.copy (copy)',
      'api write d:false i:false open certain | googleapis google.gmail().users.messages.send (send)',
      'api write d:true i:true open certain | googleapis google.gmail().users.messages.trash (trash)',
      'api write d:false i:false open certain | googleapis google.sheets().spreadsheets.values.append (append)',
      'api write d:true i:true open certain | googleapis google.sheets().spreadsheets.values.batchUpdate (batchUpdate)',
      'api write d:false i:false open certain | googleapis google.calendar().events.insert (insert)',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('AWS SDK v3: send() by its command class (also held in a const), DynamoDB document client, a Lambda invocation runs code of its own, paginators read, aggregated clients by verb', async () => {
    const r = await effectsOf(
      server(
        `import { S3, S3Client, GetObjectCommand, PutObjectCommand, paginateListObjectsV2 } from "@aws-sdk/client-s3";\nimport { LambdaClient, InvokeCommand } from "@aws-sdk/client-lambda";\nimport { DynamoDBClient } from "@aws-sdk/client-dynamodb";\nimport { DynamoDBDocumentClient, QueryCommand, BatchWriteCommand } from "@aws-sdk/lib-dynamodb";\nconst s3 = new S3Client({});\nconst lambda = new LambdaClient({});\nconst ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));`,
        [
          `  const get = new GetObjectCommand({ Bucket: "b", Key: args.key });`,
          `  await s3.send(get);`,
          `  await s3.send(new PutObjectCommand({ Bucket: "b", Key: args.key, Body: args.body }));`,
          `  await ddb.send(new QueryCommand({ TableName: "t" } as any));`,
          `  await ddb.send(new BatchWriteCommand({ RequestItems: {} }));`,
          `  await lambda.send(new InvokeCommand({ FunctionName: "f" }));`,
          `  for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: "b" })) console.error(page.KeyCount);`,
          `  await new S3({}).deleteObject({ Bucket: "b", Key: args.key });`,
        ].join('\n'),
      ),
    );
    expect(r.rows).toEqual([
      'api read d:null i:null open certain | @aws-sdk/client-s3 S3Client.new().send (GetObjectCommand)',
      'api write d:true i:true open certain | @aws-sdk/client-s3 S3Client.new().send (PutObjectCommand)',
      'api read d:null i:null open certain | @aws-sdk/lib-dynamodb DynamoDBDocumentClient.from().send (QueryCommand)',
      'api write d:true i:null open certain | @aws-sdk/lib-dynamodb DynamoDBDocumentClient.from().send (BatchWriteCommand)',
      'api write d:null i:null open certain arbitrary | @aws-sdk/client-lambda LambdaClient.new().send (InvokeCommand)',
      'api read d:null i:null open certain | @aws-sdk/client-s3 paginateListObjectsV2',
      'api write d:true i:true open certain | @aws-sdk/client-s3 S3.new().deleteObject (deleteObject)',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('Stripe: resources by verb on new Stripe(key); webhook signatures are checked locally', async () => {
    const r = await effectsOf(
      server(
        `import Stripe from "stripe";\nconst stripe = new Stripe(process.env.STRIPE_KEY!);`,
        `  stripe.webhooks.constructEvent(args.body, args.sig, "whsec");\n  await stripe.customers.retrieve(args.id);\n  await stripe.customers.list({ limit: 3 });\n  await stripe.paymentIntents.create({ amount: 100, currency: "usd" });\n  await stripe.paymentIntents.cancel("pi");\n  await stripe.customers.del("c");\n  await stripe.checkout.sessions.create({ mode: "payment" });`,
      ),
    );
    expect(r.rows).toEqual([
      'api read d:null i:null open certain | stripe new().customers.retrieve (retrieve)',
      'api read d:null i:null open certain | stripe new().customers.list (list)',
      'api write d:false i:false open certain | stripe new().paymentIntents.create (create)',
      'api write d:true i:true open certain | stripe new().paymentIntents.cancel (cancel)',
      'api write d:true i:true open certain | stripe new().customers.del (del)',
      'api write d:false i:false open certain | stripe new().checkout.sessions.create (create)',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('Apify: resource clients picked by id send nothing, their methods by verb; a sub-resource (log, dataset) and a promise method are no request; dedent is computation', async () => {
    const r = await effectsOf(
      server(
        `import { ApifyClient } from "apify-client";\nimport dedent from "dedent";\nconst client = new ApifyClient({ token: process.env.APIFY_TOKEN });`,
        [
          '  await client.dataset(args.id).get();',
          '  await client.dataset(args.id).listItems({ limit: 10 });',
          '  (await client.run(args.id).log().get())?.replace("a", "b");',
          '  await client.schedule(args.id).delete();',
          '  await client.tasks().create({ actId: "a", name: args.name });',
          '  await client.actor(args.id).defaultBuild().then((b) => b.get());',
          '  dedent`text ${args.id}`;',
        ].join('\n'),
      ),
    );
    const at = 'apify-client ApifyClient.new()';
    expect(r.rows).toEqual([
      `api read d:null i:null open certain | ${at}.dataset().get (get)`,
      `api read d:null i:null open certain | ${at}.dataset().listItems (listItems)`,
      `api read d:null i:null open certain | ${at}.run().log().get (get)`,
      `api write d:true i:true open certain | ${at}.schedule().delete (delete)`,
      `api write d:false i:false open certain | ${at}.tasks().create (create)`,
      `api read d:null i:null open certain | ${at}.actor().defaultBuild`,
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('the MCP session of a request', () => {
  it('has no effect: notifications, elicitation and sampling through `extra`, also taken out of it and called bare in a helper', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}
async function forward(params: { sendNotification: (n: unknown) => Promise<void>; sendRequest: (r: unknown, s: unknown) => Promise<unknown> }) {
  const { sendNotification, sendRequest } = params;
  await sendNotification({ method: "notifications/progress", params: { progress: 1 } });
  await sendRequest({ method: "elicitation/create", params: {} }, {});
}
server.registerTool("t", { description: "d" }, async (_args: unknown, extra: any) => {
  await extra.sendNotification({ method: "notifications/message", params: { level: "info", data: "x" } });
  await forward(extra);
  return { content: [] };
});
`,
    });
    const t = tool(result, 't');
    expect(t.effects!.effects).toEqual([]);
    expect(t.effects!.unresolved).toEqual([]);
    expect(t.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });
});

describe('Algolia (algoliasearch)', () => {
  it('v5 client methods by operation: searches and lookups read, saves, updates and deletes write; the service is open-world', async () => {
    const r = await effectsOf(
      server(
        `import { algoliasearch } from "algoliasearch";\nconst client = algoliasearch(process.env.ALGOLIA_APP_ID!, process.env.ALGOLIA_KEY!);`,
        [
          `  await client.search({ requests: [{ indexName: "docs", query: args.q }] });`,
          `  await client.searchSingleIndex({ indexName: "docs", searchParams: { query: args.q } });`,
          `  await client.getObject({ indexName: "docs", objectID: args.id });`,
          `  await client.saveObject({ indexName: "docs", body: { title: args.title } });`,
          `  await client.partialUpdateObject({ indexName: "docs", objectID: args.id, attributesToUpdate: { title: args.title } });`,
          `  await client.deleteObject({ indexName: "docs", objectID: args.id });`,
          `  await client.setSettings({ indexName: "docs", indexSettings: {} });`,
          `  client.generateSecuredApiKey({ parentApiKey: "k", restrictions: {} });`,
        ].join('\n'),
      ),
    );
    const at = 'algoliasearch algoliasearch()';
    expect(r.rows).toEqual([
      `api read d:null i:null open certain | ${at}.search`,
      `api read d:null i:null open certain | ${at}.searchSingleIndex`,
      `api read d:null i:null open certain | ${at}.getObject`,
      `api write d:null i:null open certain | ${at}.saveObject`,
      `api write d:true i:null open certain | ${at}.partialUpdateObject`,
      `api write d:true i:true open certain | ${at}.deleteObject`,
      `api write d:true i:true open certain | ${at}.setSettings`,
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('a search-only tool is read-only and open-world, also with v4\'s default export and its index', async () => {
    for (const top of [
      `import { algoliasearch } from "algoliasearch";\nconst index = { search: (q: string) => algoliasearch("app", "key").searchSingleIndex({ indexName: "docs", searchParams: { query: q } }) };`,
      `import algoliasearch from "algoliasearch";\nconst index = algoliasearch("app", "key").initIndex("docs");`,
      `import { liteClient } from "algoliasearch/lite";\nconst index = { search: (q: string) => liteClient("app", "key").search([{ indexName: "docs", params: { query: q } }]) };`,
    ]) {
      const r = await effectsOf(server(top, `  return { content: [{ type: "text", text: JSON.stringify(await index.search(args.q)) }] };`));
      expect(r.unresolved, top).toEqual([]);
      expect(r.inferred, top).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
    }
  });
});
