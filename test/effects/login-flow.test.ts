import { describe, expect, it } from 'vitest';
import { found, serverWith } from './catalog-helpers.js';

/**
 * Issue 15 (readOnly accuracy): an OAuth authorization-code login that a tool runs on its first
 * call starts a local HTTP server for the redirect, opens the authorization page in the user's
 * browser, waits for the code the redirect brings and closes the server. None of it changes what a
 * later tool call sees: the tool keeps the hints of what it does with the token.
 */
const LOGIN = `import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import open from "open";

export function startRedirectServer(port: number): Promise<{ server: ReturnType<typeof createServer>; waitForCode: () => Promise<string> }> {
  let resolveCode: (code: string) => void;
  let rejectCode: (error: Error) => void;
  const codePromise = new Promise<string>((resolve, reject) => {
    resolveCode = resolve;
    rejectCode = reject;
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "", \`http://localhost:\${port}\`);
    const code = url.searchParams.get("code");
    if (!code) {
      res.writeHead(400, { "Content-Type": "text/html" });
      res.end("<h1>Missing code</h1>");
      rejectCode(new Error("missing code"));
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<h1>Signed in</h1>");
    resolveCode(code);
  });
  return new Promise((resolve, reject) => {
    server.listen(port, "localhost", () => resolve({ server, waitForCode: () => codePromise }));
    server.on("error", reject);
  });
}

export async function login(authorizeUrl: string): Promise<string> {
  const { server, waitForCode } = await startRedirectServer(5344);
  try {
    const browser = await open(authorizeUrl);
    browser.on("error", () => console.error("open the URL yourself"));
    const code = await waitForCode();
    const response = await fetch("https://sso.example.com/oauth2/token", { method: "POST", body: new URLSearchParams({ code }) });
    return ((await response.json()) as { access_token: string }).access_token;
  } finally {
    server.close();
  }
}
`;

describe('a local OAuth login flow', () => {
  it('the redirect server, its answers, the browser and the promise of the code are no writes: the tool stays read-only', async () => {
    const files = { ...serverWith(`import { login } from "./login.js";`, { t: '  const token = await login("https://sso.example.com/authorize");\n  await fetch("https://api.example.com/env", { headers: { authorization: token } });' }), 'login.ts': LOGIN };
    const r = (await found(files, ['t'])).t!;
    expect(r.rows).toEqual([
      "open  | process.spawn read d=null i=null open=true certain",
      'fetch POST | network read d=null i=null open=true certain',
      'fetch GET | network read d=null i=null open=true certain',
    ]);
    expect(r.unresolved).toEqual([]);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
  });
});
