import { describe, expect, it } from 'vitest';
import { found, foundIn, serverWith } from './catalog-helpers.js';

/**
 * Issue 15 (readOnly accuracy): tracing and metrics are not modifications (corpus README, "What the
 * labels mean": telemetry, tracing and logs are not). `@opentelemetry/api` is a pure module; what it
 * hands back (a tracer, a span, a meter) is reached through the project's own getters and context
 * objects, and the linter follows how the value was made there rather than judging `startSpan` or
 * `setStatus` by their verbs.
 */
const TRACING = `import { trace, metrics, type Span } from "@opentelemetry/api";
export function getTracer() { return trace.getTracer("svc"); }
export function getMeter() { return metrics.getMeter("svc"); }
export function createToolSpan(name: string): Span {
  const tracer = getTracer();
  const span = tracer.startSpan(\`tool.\${name}\`, { attributes: { "tool.name": name } });
  return span;
}
export interface ToolContext { span: Span; extra?: unknown }
export function createToolContext(name: string, extra?: unknown): ToolContext {
  const span = createToolSpan(name);
  return { span, extra };
}
`;

describe('tracing and metrics through the project\'s own getters', () => {
  it('a span from a context object a project function returns, and a counter from a getter: no effect, the tool stays read-only', async () => {
    const files = {
      ...serverWith(`import { createToolContext, getMeter } from "./tracing.js";\nimport { SpanStatusCode } from "@opentelemetry/api";`, {
        t: `  const ctx = createToolContext("t");
  try {
    getMeter().createCounter("calls").add(1);
    ctx.span.setAttribute("input.size", 3);
    ctx.span.setStatus({ code: SpanStatusCode.OK });
  } catch (error) {
    ctx.span.recordException(error as Error);
  } finally {
    ctx.span.end();
  }`,
      }),
      'tracing.ts': TRACING,
    };
    const r = (await found(files, ['t'])).t!;
    expect(r.rows).toEqual([]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });

  it('a package client a project getter returns is looked up in the catalog: its DELETE is a certain write', async () => {
    const r = await foundIn(
      `import axios from "axios";\nfunction api() { return axios.create({ baseURL: "https://api.example.com" }); }`,
      `  await api().delete(\`/items/\${args.id}\`);`,
    );
    expect(r.rows).toEqual(['axios create().delete DELETE | network write d=true i=true open=true certain']);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: true });
  });

  it('a getter of a package the catalog does not model still leaves its methods judged by their names', async () => {
    const r = await foundIn(`import { connect } from "some-sdk";\nfunction sdk() { return connect(); }`, `  await sdk().deleteItem(args.id);`);
    expect(r.rows).toEqual(['some-sdk connect().deleteItem | api write d=true i=true open=false likely']);
    expect(r.inferred.readOnly).toBe(false);
  });
});
