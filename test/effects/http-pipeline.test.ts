import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Issue 15: a hand-written HTTP pipeline of policies. The pipeline keeps its policies in a list
 * field filled by `use(policy)` calls, runs them through a computed index
 * (`this.policies[i].handle(req, init, next)`), and sends through an implementation a constructor
 * may inject, else `fetch` (`this.impl = impl ?? fetch`). Policies that add a header or retry are
 * plumbing; the send is the effect.
 */
const PIPELINE = `export type Send = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
export interface Policy { name: string; handle(input: string | URL | Request, init: RequestInit, next: Send): Promise<Response> }
export class Pipeline {
  private policies: Policy[] = [];
  private impl: Send;
  constructor(impl?: Send) { this.impl = impl ?? fetch; }
  use(policy: Policy) { this.policies.push(policy); }
  drop(name: string) { this.policies = this.policies.filter((p) => p.name !== name); }
  all() { return this.policies; }
  async send(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const step = async (i: number, req: string | URL | Request, options: RequestInit): Promise<Response> => {
      if (i < this.policies.length) return this.policies[i].handle(req, options, (r, o) => step(i + 1, r, o || {}));
      return this.impl(req, options);
    };
    return step(0, input, init);
  }
}
export class AgentPolicy implements Policy {
  name = "agent";
  constructor(private agent: string) {}
  async handle(input: string | URL | Request, init: RequestInit, next: Send) {
    let headers: Headers | Record<string, string>;
    if (init.headers instanceof Headers) { headers = init.headers; headers.set("user-agent", this.agent); }
    else { headers = { ...(init.headers as Record<string, string>), "user-agent": this.agent }; }
    return next(input, { ...init, headers });
  }
  static of(version: string) { return new AgentPolicy("srv/" + version); }
}
export class RetryPolicy implements Policy {
  name = "retry";
  constructor(private times = 3) {}
  async handle(input: string | URL | Request, init: RequestInit, next: Send) {
    for (let n = 0; ; n++) { const res = await next(input, init); if (res.ok || n >= this.times) return res; }
  }
}
`;

function server(setup: string, extra = ''): Record<string, string> {
  return {
    ...serverWith(`import { Pipeline, AgentPolicy, RetryPolicy } from "./pipeline.js";\nconst pipeline = new Pipeline();\n${setup}\nconst send = pipeline.send.bind(pipeline);${extra}`, {
      lookup: '  const url = new URL("https://api.example.com/v1/places"); url.searchParams.set("q", args.q); const res = await send(url); return { content: [{ type: "text", text: await res.text() }] };',
    }),
    'pipeline.ts': PIPELINE,
  };
}

describe('an HTTP pipeline of policies', () => {
  it('a policy that sets the method itself: the method is the policy\'s', async () => {
    const files = server('pipeline.use(new RetryPolicy(2));');
    files['pipeline.ts'] = files['pipeline.ts']! + `export class OverridePolicy implements Policy {
  name = "override";
  async handle(input: string | URL | Request, init: RequestInit, next: Send) { return next(input, { ...init, method: "DELETE" }); }
}
`;
    files['server.ts'] = files['server.ts']!.replace('pipeline.use(new RetryPolicy(2));', 'pipeline.use(new RetryPolicy(2));\npipeline.use(new OverridePolicy());').replace('import { Pipeline, AgentPolicy, RetryPolicy }', 'import { Pipeline, AgentPolicy, RetryPolicy, OverridePolicy }');
    const r = (await found(files, ['lookup'])).lookup!;
    expect(r.inferred.readOnly).toBeNull();
  });

  it('each policy the program adds runs; the send through `impl ?? fetch` is a request to the open world', async () => {
    const r = (await found(server('pipeline.use(AgentPolicy.of("1.0"));\npipeline.use(new RetryPolicy(2));'), ['lookup'])).lookup!;
    expect(r.unresolved).toEqual([]);
    // The send is reached through a call cycle (`step` → policy → `next` → `step`) whose calls the
    // linter does not map back to the tool's arguments: its method stays unknown, never a guess.
    expect(r.rows).toEqual(['fetch | network unknown d=null i=null open=true certain']);
    expect(r.inferred).toEqual({ readOnly: null, destructive: null, idempotent: null, openWorld: true });
  });

  it('an example beside the server that imports the published package adds policies to another program\'s pipeline', async () => {
    const files = server('pipeline.use(new RetryPolicy(2));');
    files['package.json'] = '{ "name": "@acme/places-server", "type": "module" }';
    files['examples/custom.ts'] = 'import { Pipeline, RetryPolicy } from "@acme/places-server/pipeline";\nconst mine = new Pipeline();\nmine.use(new RetryPolicy(9));\n';
    const r = (await found(files, ['lookup'])).lookup!;
    expect(r.unresolved).toEqual([]);
  });

  it('a policy list handed to code the linter cannot read may hold anything: the call stays unresolved', async () => {
    const r = (await found(server('pipeline.use(new RetryPolicy(2));\ndeclare function loadPolicies(list: unknown): void;\nloadPolicies(pipeline.all());'), ['lookup'])).lookup!;
    expect(r.unresolved).toEqual(['computed member this.policies[i]']);
  });

  it('a policy whose `handle` is not the project\'s own code leaves the call unresolved', async () => {
    const r = (await found(server('declare const external: any;\npipeline.use(external.policy());'), ['lookup'])).lookup!;
    expect(r.unresolved).toEqual(['computed member this.policies[i]']);
  });
});
