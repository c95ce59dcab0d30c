import { describe, expect, it } from 'vitest';
import { found, foundIn, serverWith } from './catalog-helpers.js';

describe('WebSockets', () => {
  it('takes connecting for an open-world read and send() for an additive, non-idempotent write (ws and the global)', async () => {
    const r = await foundIn(
      `import WebSocket from "ws";\nimport { WebSocket as Named } from "ws";`,
      `  const ws = new WebSocket("wss://x"); ws.on("open", () => ws.send("hi")); ws.ping(); ws.close();
  const n = new Named("wss://y"); n.send("yo"); const g = new globalThis.WebSocket("wss://z"); g.send("hey"); g.close();`,
    );
    expect(r.rows).toEqual([
      'ws  | network read d=null i=null open=true certain',
      'ws new().send | network write d=false i=false open=true certain',
      'ws WebSocket | network read d=null i=null open=true certain',
      'ws WebSocket.new().send | network write d=false i=false open=true certain',
      'WebSocket | network read d=null i=null open=true certain',
      'WebSocket.new().send | network write d=false i=false open=true certain',
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: true });
  });
});

describe('node:net, node:tls', () => {
  it('takes connections and socket writes for unknown open-world effects; end, destroy and listeners for none', async () => {
    const r = await foundIn(
      `import net from "node:net";\nimport { createConnection } from "net";\nimport tls from "node:tls";`,
      `  const a = net.connect(80, "h"); a.write("x"); a.end(); a.destroy(); const b = createConnection({ port: 1 }); b.on("data", () => {});
  const s = new net.Socket(); s.connect(25, "m"); s.write("y"); const t = tls.connect(443, "h"); t.write("z");`,
    );
    expect(r.rows).toEqual([
      'net connect | network unknown d=null i=null open=true certain',
      'net connect().write | network unknown d=null i=null open=true certain',
      'net createConnection | network unknown d=null i=null open=true certain',
      'net Socket.new().connect | network unknown d=null i=null open=true certain',
      'net Socket.new().write | network unknown d=null i=null open=true certain',
      'tls connect | network unknown d=null i=null open=true certain',
      'tls connect().write | network unknown d=null i=null open=true certain',
    ]);
    expect(r.unresolved).toEqual([]);
  });
});

describe('node:dns', () => {
  it('takes every query for an open-world read, in callback, promises and Resolver forms; settings are no effect', async () => {
    const r = await foundIn(
      `import dns from "node:dns";\nimport { resolveMx } from "dns/promises";\nimport { Resolver } from "node:dns/promises";`,
      `  dns.lookup("a", () => {}); await dns.promises.reverse("1.1.1.1"); await resolveMx("b"); const res = new Resolver(); res.setServers(["1.1.1.1"]); await res.resolveTxt("c"); dns.setDefaultResultOrder("ipv4first");`,
    );
    expect(r.rows).toEqual([
      'dns lookup | network read d=null i=null open=true certain',
      'dns promises.reverse | network read d=null i=null open=true certain',
      'dns/promises resolveMx | network read d=null i=null open=true certain',
      'dns/promises Resolver.new().resolveTxt | network read d=null i=null open=true certain',
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });
});

describe('nodemailer', () => {
  it('takes sendMail for sending an email (additive, not idempotent, open world), through a helper, and verify for a read', async () => {
    const files = {
      ...serverWith(`import { notify } from "./mail.js";`, { t: `  await notify("a@example.com");` }),
      'mail.ts': `import nodemailer from "nodemailer";\nconst transport = nodemailer.createTransport({ host: "smtp.example.com" });\nexport async function notify(to: string) {\n  await transport.verify();\n  await transport.sendMail({ to, subject: "hi" });\n}\n`,
    };
    const t = (await found(files, ['t'])).t!;
    expect(t.rows).toEqual(['nodemailer createTransport().verify | network read d=null i=null open=true certain', 'nodemailer createTransport().sendMail | network write d=false i=false open=true certain']);
    expect(t.effects[1]!.description).toBe('sends an email');
    expect(t.effects[1]!.via.map((h) => [h.callee, h.location.line])).toEqual([['notify', 6]]);
    expect(t.effects[1]!.location.line).toBe(5);
    expect(t.unresolved).toEqual([]);
  });
});

describe('HTTP requests checked for issue #4', () => {
  it('reads the method of a Request, also held in a const', async () => {
    const r = await foundIn(``, `  await fetch(new Request("https://x", { method: "DELETE" })); const req = new Request("https://y", { method: "PUT" }); await fetch(req);`);
    expect(r.rows).toEqual(['fetch DELETE | network write d=true i=true open=true certain', 'fetch PUT | network write d=true i=true open=true certain']);
    expect(r.unresolved).toEqual([]);
  });

  it('reads the method of undici dispatchers\' request({ method })', async () => {
    const r = await foundIn(
      `import { Pool, Client, Agent, getGlobalDispatcher, stream } from "undici";\nconst pool = new Pool("https://x");`,
      `  await pool.request({ path: "/", method: "DELETE" }); await new Client("https://y").request({ path: "/", method: "GET" }); const agent = new Agent();
  await agent.request({ origin: "https://z", path: "/", method: "POST" }); await getGlobalDispatcher().request({ origin: "https://w", path: "/", method: "PATCH" }); await pool.close();`,
    );
    expect(r.rows).toEqual([
      'undici Pool.new().request DELETE | network write d=true i=true open=true certain',
      'undici Client.new().request GET | network read d=null i=null open=true certain',
      'undici Agent.new().request POST | network write d=false i=false open=true likely',
      'undici getGlobalDispatcher().request PATCH | network write d=true i=null open=true certain',
    ]);
    expect(r.unresolved).toEqual([]);
  });

  it('treats methods of a node-fetch response as part of the request', async () => {
    const r = await foundIn(`import fetch from "node-fetch";`, `  const res = await fetch("https://x"); const body = await res.json();`);
    expect(r.rows).toEqual(['node-fetch  GET | network read d=null i=null open=true certain']);
    expect(r.unresolved).toEqual([]);
  });
});

describe('logging', () => {
  it('has no effect through pino, winston, debug, loglevel, consola, signale, log4js, bunyan, npmlog, tslog or Sentry', async () => {
    const r = await foundIn(
      `import pino from "pino";
import winston from "winston";
import createDebug from "debug";
import log from "loglevel";
import { consola } from "consola";
import signale from "signale";
import log4js from "log4js";
import bunyan from "bunyan";
import npmlog from "npmlog";
import { Logger } from "tslog";
import * as Sentry from "@sentry/node";
const logger = pino({ level: "info" });
const wlog = winston.createLogger({ transports: [new winston.transports.File({ filename: "app.log" })] });
const debug = createDebug("app");`,
      `  logger.info("x"); logger.child({ tool: "t" }).warn("y"); wlog.error("z"); debug("a"); log.warn("b"); consola.info("c"); signale.success("d");
  log4js.getLogger("x").error("e"); bunyan.createLogger({ name: "x" }).info("f"); npmlog.info("p", "g"); new Logger().info("h");
  Sentry.captureException(new Error("i")); Sentry.addBreadcrumb({ message: "j" });`,
    );
    expect(r.rows).toEqual([]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });
});

describe('product analytics', () => {
  it('has no effect through posthog-node, Segment, Mixpanel, Amplitude, RudderStack or a vendor logger: usage reports are telemetry', async () => {
    const r = await foundIn(
      `import { PostHog } from "posthog-node";
import { Analytics } from "@segment/analytics-node";
import Mixpanel from "mixpanel";
import { track } from "@amplitude/analytics-node";
import RudderAnalytics from "@rudderstack/rudder-sdk-node";
import log from "@apify/log";
const posthog = new PostHog("key", { host: "https://eu.i.posthog.com" });
const segment = new Analytics({ writeKey: "key" });
const mixpanel = Mixpanel.init("token");
const rudder = new RudderAnalytics("key", { dataPlaneUrl: "https://example.dataplane.rudderstack.com" });`,
      `  posthog.capture({ distinctId: "u", event: "tool call" }); posthog.captureException(new Error("x"));
  segment.track({ userId: "u", event: "tool call" }); mixpanel.track("tool call", {}); track("tool call");
  rudder.track({ userId: "u", event: "tool call" }); log.info("called"); log.softFail("soft");`,
    );
    expect(r.rows).toEqual([]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
  });
});

describe('telemetry methods on receivers the linter cannot resolve', () => {
  it('has no effect through a Workers Analytics Engine binding, an injected error tracker, a usage hook or a worker context\'s waitUntil; an unknown write stays one', async () => {
    const r = await foundIn(
      `interface Env { ANALYTICS: { writeDataPoint(p: unknown): void }; STORE: { put(k: string, v: string): Promise<void> } }
declare const env: Env;
declare const tracker: { captureException(e: unknown): void; captureMessage(m: string): void; addBreadcrumb(b: unknown): void };
import { McpServer as Tmcp } from "tmcp";
const usage = new Tmcp({ name: "x", version: "1" }, {}).withContext<{ track(session: string, event: string): void }>();
declare const workerCtx: { waitUntil(p: Promise<unknown>): void };`,
      `  env.ANALYTICS.writeDataPoint({ blobs: ["tool"], doubles: [1] });
  usage.ctx.custom.track("session", "tool");
  workerCtx.waitUntil(Promise.resolve());
  tracker.captureException(new Error("x")); tracker.captureMessage("m"); tracker.addBreadcrumb({ message: "b" });
  await env.STORE.put("k", String(args.v));`,
    );
    expect(r.rows).toEqual(['env.STORE.put | api write d=true i=true open=false likely']);
    expect(r.unresolved).toEqual([]);
  });
});

describe('node:http servers', () => {
  it('a local OAuth redirect server: starting it, listening and answering with the response are no effect; a request it makes still is', async () => {
    const r = await foundIn(
      `import { createServer, IncomingMessage, ServerResponse } from "node:http";\nimport https from "node:https";`,
      `  const code = await new Promise<string>((resolve, reject) => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url || "", "http://localhost:8765");
      if (url.pathname !== "/callback") { res.writeHead(404).end("Not Found"); return; }
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<p>You can close this tab.</p>");
      server.close();
      resolve(url.searchParams.get("code") ?? "");
    });
    server.listen(8765, "localhost");
    server.on("error", reject);
  });
  const other = new https.Server(); other.listen(0); other.close();
  https.request({ method: "POST", host: "auth.example.com", path: "/oauth/token" }).end(code);`,
    );
    expect(r.rows).toEqual(['https request POST | network read d=null i=null open=true certain']);
    expect(r.unresolved).toEqual([]);
  });
});
