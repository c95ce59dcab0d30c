import { describe, expect, it } from 'vitest';
import { SERVER_HEADER, findingKeys, lintFiles } from '../helpers.js';
import { found, foundIn, serverWith } from './catalog-helpers.js';

const CHILD_PROCESS = `import { exec, execSync, execFile, execFileSync, spawn, spawnSync } from "node:child_process";`;

describe('the table of known commands', () => {
  // Each command runs through exec(), one tool per command; the row is what the linter infers.
  const TABLE: [command: string, row: string][] = [
    ['git status', 'child_process execSync (git status) | fs.read read d=null i=null open=false certain'],
    ['git log --oneline -n 5', 'child_process execSync (git log) | fs.read read d=null i=null open=false certain'],
    ['git diff HEAD~1', 'child_process execSync (git diff) | fs.read read d=null i=null open=false certain'],
    ['git show HEAD', 'child_process execSync (git show) | fs.read read d=null i=null open=false certain'],
    ['git rev-parse HEAD', 'child_process execSync (git rev-parse) | fs.read read d=null i=null open=false certain'],
    ['git ls-files', 'child_process execSync (git ls-files) | fs.read read d=null i=null open=false certain'],
    ['git blame a.ts', 'child_process execSync (git blame) | fs.read read d=null i=null open=false certain'],
    ['git fetch origin', 'child_process execSync (git fetch) | network write d=false i=true open=true certain'],
    ['git pull', 'child_process execSync (git pull) | network write d=true i=true open=true certain'],
    ['git push origin main', 'child_process execSync (git push) | network write d=false i=true open=true certain'],
    ['git clone https://example.com/r.git', 'child_process execSync (git clone) | network write d=false i=true open=true certain'],
    ['git commit -m "x"', 'child_process execSync (git commit) | fs.write write d=false i=false open=false certain'],
    ['git add .', 'child_process execSync (git add) | fs.write write d=false i=true open=false certain'],
    ['git checkout main', 'child_process execSync (git checkout) | fs.write write d=true i=true open=false certain'],
    ['git reset HEAD a.ts', 'child_process execSync (git reset) | fs.write write d=false i=true open=false certain'],
    ['git reset --hard HEAD', 'child_process execSync (git reset --hard) | fs.write write d=true i=true open=false certain'],
    ['ls -la', 'child_process execSync (ls) | fs.read read d=null i=null open=false certain'],
    ['cat a.txt', 'child_process execSync (cat) | fs.read read d=null i=null open=false certain'],
    ['pwd', 'child_process execSync (pwd) | fs.read read d=null i=null open=false certain'],
    ['whoami', 'child_process execSync (whoami) | fs.read read d=null i=null open=false certain'],
    ['head -n 3 a.txt', 'child_process execSync (head) | fs.read read d=null i=null open=false certain'],
    ['tail -n 3 a.txt', 'child_process execSync (tail) | fs.read read d=null i=null open=false certain'],
    ['wc -l a.txt', 'child_process execSync (wc) | fs.read read d=null i=null open=false certain'],
    ['grep -rn TODO src', 'child_process execSync (grep) | fs.read read d=null i=null open=false certain'],
    ['find . -name "*.ts"', 'child_process execSync (find) | fs.read read d=null i=null open=false certain'],
    ['find . -name "*.tmp" -delete', 'child_process execSync (find -delete) | fs.delete write d=true i=true open=false certain'],
    ['find . -exec rm {} ;', 'child_process execSync | process.spawn unknown d=null i=null open=true certain'],
    ['find . -exec rm {} \\;', 'child_process execSync (find -exec) | process.spawn unknown d=null i=null open=true certain'],
    ['rm -rf build', 'child_process execSync (rm) | fs.delete write d=true i=true open=false certain'],
    ['mkdir -p out', 'child_process execSync (mkdir) | fs.write write d=false i=true open=false certain'],
    ['kubectl get pods', 'child_process execSync (kubectl get) | network read d=null i=null open=true certain'],
    ['kubectl describe pod x', 'child_process execSync (kubectl describe) | network read d=null i=null open=true certain'],
    ['kubectl logs x', 'child_process execSync (kubectl logs) | network read d=null i=null open=true certain'],
    ['kubectl apply -f a.yaml', 'child_process execSync (kubectl apply) | network write d=true i=true open=true certain'],
    ['kubectl delete pod x', 'child_process execSync (kubectl delete) | network write d=true i=true open=true certain'],
    ['docker ps -a', 'child_process execSync (docker ps) | process.spawn read d=null i=null open=false certain'],
    ['docker images', 'child_process execSync (docker images) | process.spawn read d=null i=null open=false certain'],
    ['docker inspect x', 'child_process execSync (docker inspect) | process.spawn read d=null i=null open=false certain'],
    ['docker logs x', 'child_process execSync (docker logs) | process.spawn read d=null i=null open=false certain'],
    ['docker rm x', 'child_process execSync (docker rm) | process.spawn write d=true i=true open=false certain'],
    ['docker rmi x', 'child_process execSync (docker rmi) | process.spawn write d=true i=true open=false certain'],
    ['npm ls --depth 0', 'child_process execSync (npm ls) | fs.read read d=null i=null open=false certain'],
    ['npm view zod version', 'child_process execSync (npm view) | network read d=null i=null open=true certain'],
    ['pbcopy', 'child_process execSync (pbcopy) | process.spawn write d=true i=true open=false certain'],
    ['wl-copy', 'child_process execSync (wl-copy) | process.spawn write d=true i=true open=false certain'],
    ['xclip -selection clipboard', 'child_process execSync (xclip) | process.spawn write d=true i=true open=false certain'],
    ['xclip -selection clipboard -out', 'child_process execSync (xclip -out) | process.spawn read d=null i=null open=false certain'],
    ['pbpaste', 'child_process execSync (pbpaste) | process.spawn read d=null i=null open=false certain'],
    // Any program asked only for its version reads system information; with more words, it is judged as usual.
    ['python3 --version', 'child_process execSync (python3 --version) | fs.read read d=null i=null open=false certain'],
    ['/usr/bin/java --version', 'child_process execSync (java --version) | fs.read read d=null i=null open=false certain'],
    ['make --version deploy', 'child_process execSync (make) | process.spawn unknown d=null i=null open=true certain'],
  ];

  it('classifies each known command by its program and subcommand', async () => {
    const tools = Object.fromEntries(TABLE.map(([command], i) => [`c${i}`, `  execSync(${JSON.stringify(command)});`]));
    const result = await found(serverWith(CHILD_PROCESS, tools), Object.keys(tools));
    expect(TABLE.map(([command], i) => [command, result[`c${i}`]!.rows])).toEqual(TABLE.map(([command, row]) => [command, [row]]));
  });

  it('reads `${cmd} --version` over a loop of known names (a version probe for telemetry) as reading system information; not over names it cannot list', async () => {
    const probe = await foundIn(CHILD_PROCESS, `  const names = process.platform === "win32" ? ["python", "py"] : ["python3", "python"];\n  for (const cmd of names) {\n    try { execSync(\`\${cmd} --version\`); break; } catch { /* next */ }\n  }`);
    expect(probe.rows).toEqual(['child_process execSync (python|py|python3 --version) | fs.read read d=null i=null open=false certain']);
    expect(probe.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    const unknown = await foundIn(CHILD_PROCESS, `  for (const cmd of args.commands) execSync(\`\${cmd} --version\`);`);
    expect(unknown.rows).toEqual(['child_process execSync | process.spawn unknown d=null i=null open=true certain']);
  });

  it('gives a tool that only runs a reading command read-only, closed-world hints', async () => {
    const r = await foundIn(CHILD_PROCESS, `  const log = execSync("git log --oneline"); const st = execSync("git status --short");`);
    expect(r.inferred).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: false });
    expect(r.unresolved).toEqual([]);
  });

  it('reports readOnlyHint: true on `git push` but not on `git log`', async () => {
    const result = await lintFiles({
      'server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${CHILD_PROCESS}
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("history", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {
  execFileSync("git", ["log", "--oneline"]);
  return { content: [] };
});
server.registerTool("publish", { annotations: { readOnlyHint: true, openWorldHint: true } }, async () => {
  execFileSync("git", ["push"]);
  return { content: [] };
});
`,
    });
    expect(findingKeys(result)).toEqual(['optimistic-read-only@8']);
  });
});

describe('where the command is read from', () => {
  it('reads exec, execSync, execFile, execFileSync, spawn, spawnSync, promisified exec and require()', async () => {
    const r = await foundIn(
      `${CHILD_PROCESS}\nimport { promisify } from "node:util";\nconst run = promisify(exec);\nconst cp = require("child_process");\ndeclare const require: (m: string) => any;`,
      `  exec("git status", () => {}); execSync("git status"); execFile("git", ["status"], () => {}); execFileSync("git", ["status"], { cwd: "/r" });
  spawn("git", ["status"]); spawnSync("git", ["status"]); await run("git status"); cp.execSync("git status");`,
    );
    expect(r.rows).toEqual(
      ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'exec', 'execSync'].map((f) => `child_process ${f} (git status) | fs.read read d=null i=null open=false certain`),
    );
  });

  it('reads execa(file, args), execaSync, execaCommand, execa\'s and zx\'s $`...` templates, and cross-spawn', async () => {
    const r = await foundIn(
      `import { execa, execaSync, execaCommand, execaCommandSync, $ as e$ } from "execa";\nimport { $ } from "zx";\nimport spawn from "cross-spawn";`,
      `  await execa("git", ["status"]); execaSync("git", ["diff"]); await execaCommand("git log -n 1"); execaCommandSync("ls -la");
  await e$\`git status\`; await $\`git show HEAD\`; await $.sync\`pwd\`; spawn("git", ["status"]); spawn.sync("ls", ["-la"]);`,
    );
    expect(r.rows).toEqual([
      'execa execa (git status) | fs.read read d=null i=null open=false certain',
      'execa execaSync (git diff) | fs.read read d=null i=null open=false certain',
      'execa execaCommand (git log) | fs.read read d=null i=null open=false certain',
      'execa execaCommandSync (ls) | fs.read read d=null i=null open=false certain',
      'execa $ (git status) | fs.read read d=null i=null open=false certain',
      'zx $ (git show) | fs.read read d=null i=null open=false certain',
      'zx $.sync (pwd) | fs.read read d=null i=null open=false certain',
      'cross-spawn  (git status) | fs.read read d=null i=null open=false certain',
      'cross-spawn sync (ls) | fs.read read d=null i=null open=false certain',
    ]);
  });

  it('takes $(options) for a runner bound to options, without effect of its own', async () => {
    const r = await foundIn(`import { $ } from "execa";\nimport { $ as z$ } from "zx";\ndeclare const dir: string;`, `  await $({ cwd: dir })\`git status\`; await z$({ cwd: dir })\`rm -rf out\`;`);
    expect(r.rows).toEqual(['execa $() (git status) | fs.read read d=null i=null open=false certain', 'zx $() (rm) | fs.delete write d=true i=true open=false certain']);
  });

  it('reads arguments after the subcommand that are computed: templates, `+`, consts and array elements', async () => {
    const r = await foundIn(
      `${CHILD_PROCESS}\ndeclare const ref: string; declare const sha: string;\nconst LOG = \`git log \${ref} --oneline\`;`,
      `  execSync(\`git log \${ref}\`); exec("git show " + sha); execFileSync("git", ["diff", ref, sha]); execSync(LOG); exec(\`git -C \${args.repo} status\`);`,
    );
    expect(r.rows).toEqual(['log', 'show', 'diff', 'log', 'status'].map((s, i) => `child_process ${['execSync', 'exec', 'execFileSync', 'execSync', 'exec'][i]} (git ${s}) | fs.read read d=null i=null open=false certain`));
  });

  it('skips global options before the subcommand, with their values', async () => {
    const r = await foundIn(CHILD_PROCESS, `  execSync("git --no-pager -c color.ui=never log"); execSync("kubectl -n prod --context dev delete pod x"); execFileSync("docker", ["--host", "tcp://h", "ps"]);`);
    expect(r.rows).toEqual([
      'child_process execSync (git log) | fs.read read d=null i=null open=false certain',
      'child_process execSync (kubectl delete) | network write d=true i=true open=true certain',
      'child_process execFileSync (docker ps) | process.spawn read d=null i=null open=false certain',
    ]);
  });

  it('names the helper between the handler and the command in the evidence', async () => {
    const files = {
      ...serverWith(`import { history } from "./git.js";`, { t: `  await history("main");` }),
      'git.ts': `import { execFileSync } from "node:child_process";\nexport async function history(ref: string) {\n  return execFileSync("git", ["log", ref]);\n}\n`,
    };
    const t = (await found(files, ['t'])).t!;
    expect(t.rows).toEqual(['child_process execFileSync (git log) | fs.read read d=null i=null open=false certain']);
    expect(t.effects[0]!.via.map((h) => [h.callee, h.location.line])).toEqual([['history', 6]]);
    expect(t.effects[0]!.location.line).toBe(3);
    expect(t.effects[0]!.description).toBe('runs `git log`: reads the Git repository');
  });
});

describe('flags that change a command\'s effect', () => {
  it('takes forced pushes, --amend and find -fprint for worse than the plain command', async () => {
    const r = await foundIn(
      CHILD_PROCESS,
      `  execFileSync("git", ["push", "--force", "origin"]); execSync("git push origin +main"); execSync("git push -uf origin main"); execSync("git push --force-with-lease=main origin");
  execSync("git commit --amend --no-edit"); execSync("find . -fprint list.txt");`,
    );
    expect(r.rows).toEqual([
      'child_process execFileSync (git push --force) | network write d=true i=true open=true certain',
      'child_process execSync (git push +main) | network write d=true i=true open=true certain',
      'child_process execSync (git push -uf) | network write d=true i=true open=true certain',
      'child_process execSync (git push --force-with-lease=main) | network write d=true i=true open=true certain',
      'child_process execSync (git commit --amend) | fs.write write d=true i=false open=false certain',
      'child_process execSync (find -fprint) | fs.write write d=true i=true open=false certain',
    ]);
  });

  it('tries each value a computed flag may take, and applies the worst flag to a list of arguments only run time knows', async () => {
    const r = await foundIn(
      `${CHILD_PROCESS}\ndeclare const extra: string[];`,
      `  const mode = args.hard ? "--hard" : "--soft"; execFileSync("git", ["reset", mode]); execFileSync("git", ["push", ...extra]); execFileSync("git", ["push", ...["origin", "main"]]);`,
    );
    expect(r.rows).toEqual([
      'child_process execFileSync (git reset --hard) | fs.write write d=true i=true open=false certain',
      'child_process execFileSync (git push) | network write d=true i=true open=true certain',
      'child_process execFileSync (git push) | network write d=false i=true open=true certain',
    ]);
    expect(r.effects[1]!.description).toBe('runs `git push`: overwrites or deletes branches of a remote repository (arguments known only at run time may include `--force`)');
  });

  it('does not read operands after `--` as flags, but does read them before it', async () => {
    const r = await foundIn(CHILD_PROCESS, `  execSync("git diff -- --output=x"); execSync("git diff --output=y -- a.ts");`);
    expect(r.rows).toEqual(['child_process execSync (git diff) | fs.read read d=null i=null open=false certain', 'child_process execSync (git diff --output=y) | fs.write write d=true i=true open=false certain']);
  });
});

describe('commands that stay unknown', () => {
  it('keeps a computed program or subcommand, or an argument list only run time knows, an unknown open-world effect', async () => {
    const r = await foundIn(
      `${CHILD_PROCESS}\ndeclare const cmd: string; declare const bin: string; declare const sub: string; declare const list: string[];`,
      `  exec(cmd); execFile(bin, ["status"]); execFileSync("git", [sub, "--short"]); execFileSync("git", list); execSync(args.command);`,
    );
    expect(r.rows).toEqual(['exec', 'execFile', 'execFileSync', 'execFileSync', 'execSync'].map((f) => `child_process ${f} | process.spawn unknown d=null i=null open=true certain`));
    expect(r.inferred).toEqual({ readOnly: null, destructive: null, idempotent: null, openWorld: true });
  });

  it('names a literal program or subcommand the table does not know, and keeps it unknown', async () => {
    const r = await foundIn(CHILD_PROCESS, `  execSync("make build"); execFileSync("git", ["frobnicate"]); execSync("/usr/local/bin/deploy --prod");`);
    expect(r.rows).toEqual([
      'child_process execSync (make) | process.spawn unknown d=null i=null open=true certain',
      'child_process execFileSync (git frobnicate) | process.spawn unknown d=null i=null open=true certain',
      'child_process execSync (deploy) | process.spawn unknown d=null i=null open=true certain',
    ]);
    expect(r.effects.map((e) => e.description)).toEqual(['runs `make`, whose effects are unknown', 'runs `git frobnicate`, whose effects are unknown', 'runs `deploy`, whose effects are unknown']);
  });

  it('never takes a command line that chains, pipes, redirects or substitutes for read-only', async () => {
    const lines = ['git status && rm -rf x', 'git status; rm -rf x', 'ls | xargs rm', 'cat a > b', 'cat a >> b', 'echo `whoami`', 'ls $(pwd)', 'ls "$(rm -rf x)"', 'ls &'];
    const r = await foundIn(CHILD_PROCESS, lines.map((l) => `  execSync(${JSON.stringify(l)});`).join('\n'));
    expect(r.rows).toEqual(lines.map(() => 'child_process execSync | process.spawn unknown d=null i=null open=true certain'));
    expect(r.effects.map((e) => e.description.match(/\(`(.*)`\)/)?.[1])).toEqual(['&&', ';', '|', '>', '>>', '`', '$(', '$(', '&']);
    expect(r.inferred!.readOnly).toBeNull();
  });

  it('reads an argument array as a shell command line when the `shell` option is set', async () => {
    const r = await foundIn(
      `${CHILD_PROCESS}\nimport { execa } from "execa";\ndeclare const opts: object;`,
      `  spawn("git", ["status", ";", "rm", "-rf", "x"], { shell: true }); await execa("git", ["status"], { shell: true }); spawnSync("git", ["log", "|", "sh"], { ...opts }); spawn("git", ["status", ";"], { shell: false });`,
    );
    expect(r.rows).toEqual([
      'child_process spawn | process.spawn unknown d=null i=null open=true certain',
      'execa execa (git status) | fs.read read d=null i=null open=false certain',
      'child_process spawnSync | process.spawn unknown d=null i=null open=true certain',
      'child_process spawn (git status) | fs.read read d=null i=null open=false certain',
    ]);
  });

  it('reads a quoted `;` or `|` as an argument, not as chaining', async () => {
    const r = await foundIn(CHILD_PROCESS, `  execSync("grep -n 'a;b|c' notes.txt"); execSync("grep -n \\"x&&y\\" notes.txt");`);
    expect(r.rows).toEqual(['child_process execSync (grep) | fs.read read d=null i=null open=false certain', 'child_process execSync (grep) | fs.read read d=null i=null open=false certain']);
  });

  it('takes `exec("rm -rf " + p)` for a delete: the program is literal, the rest an operand', async () => {
    const r = await foundIn(`${CHILD_PROCESS}\ndeclare const p: string;`, `  exec("rm -rf " + p); execSync(\`rm -rf \${args.dir}\`);`);
    expect(r.rows).toEqual(['child_process exec (rm) | fs.delete write d=true i=true open=false certain', 'child_process execSync (rm) | fs.delete write d=true i=true open=false certain']);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });
});

describe('the system clipboard', () => {
  it('reads clipboard libraries as local: a copy replaces the clipboard, a paste reads it', async () => {
    const r = await foundIn(
      `import clipboardy from "clipboardy";\nimport * as tinyclip from "tinyclip";\nimport { copy, paste } from "copy-paste";`,
      `  await clipboardy.write("a"); clipboardy.readSync(); await tinyclip.writeText("b"); await tinyclip.readText(); copy("c"); paste();`,
    );
    expect(r.rows).toEqual([
      'clipboardy write | process.spawn write d=true i=true open=false certain',
      'clipboardy readSync | process.spawn read d=null i=null open=false certain',
      'tinyclip writeText | process.spawn write d=true i=true open=false certain',
      'tinyclip readText | process.spawn read d=null i=null open=false certain',
      'copy-paste copy | process.spawn write d=true i=true open=false certain',
      'copy-paste paste | process.spawn read d=null i=null open=false certain',
    ]);
    expect(r.inferred).toEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: false });
  });

  it('gives openWorldHint: false on a tool that runs a program from its configuration a warning, and on one that copies to the clipboard nothing', async () => {
    const result = await lintFiles({
      'server.ts': `${SERVER_HEADER}${CHILD_PROCESS}
declare const config: { formatter: string };
server.registerTool("format", { description: "d", inputSchema: {}, annotations: { openWorldHint: false } }, async () => {
  execFileSync(config.formatter, ["--write", "."]);
  return { content: [] };
});
server.registerTool("copy", { description: "d", inputSchema: {}, annotations: { openWorldHint: false } }, async () => {
  spawnSync("wl-copy", [], { input: "text" });
  return { content: [] };
});
`,
    });
    const closedWorld = result.findings.filter((f) => f.ruleId === 'optimistic-closed-world');
    expect(closedWorld.map((f) => [f.tool, f.severity, f.location.line])).toEqual([['format', 'warning', 6]]);
    expect(closedWorld[0]!.message).toContain('unverified');
  });
});
