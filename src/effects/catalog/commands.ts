import type { Effectish } from './entry.js';

/**
 * Commands whose effect is known when the program and its subcommand are literal (DESIGN.md §1:
 * "a spawned process is unknown unless the command is a literal whose effect is known"). Plain
 * data; reading a command from a call is in ../commands.ts. A program or subcommand that is not
 * here stays an unknown, open-world possible write.
 *
 * Sources: the manuals of each program (git-scm.com/docs, kubernetes.io/docs/reference/kubectl,
 * docs.docker.com/reference/cli/docker, docs.npmjs.com/cli/commands, and POSIX/GNU coreutils for
 * the plain programs). Local repositories and files are closed-world; a remote repository, a
 * cluster and a package registry are reached over the network (open-world).
 */

/** A command's effect: what {@link Effectish} says, without the sink-call refinements. */
export type CommandEffect = Pick<Effectish, 'kind' | 'access' | 'destructive' | 'idempotent' | 'openWorld' | 'description'>;

/** Literal arguments that make a command do more than its plain form (`git push --force`). */
export interface CommandFlags {
  /**
   * The arguments: `--hard` matches itself and `--hard=...`; a one-letter `-f` also matches inside
   * a cluster (`-uf`); a trailing `*` matches any argument that starts with the rest (`+*`, a
   * forced refspec).
   */
  words: readonly string[];
  effect: CommandEffect;
}

/** One known command. */
export interface CommandEntry {
  /** The program (its file name, without a directory) and, for programs that have them, the subcommand: `git status`, `rm`. */
  command: string;
  effect: CommandEffect;
  /** Arguments that change the effect, the worst first; the first that matches wins. */
  flags?: readonly CommandFlags[];
}

/**
 * Programs that take a subcommand (`git status`), with their global options that take a value
 * in the next argument (`git -C dir status`): these are skipped to find the subcommand. Other
 * options before the subcommand are taken for switches.
 */
export const SUBCOMMAND_PROGRAMS: Readonly<Record<string, readonly string[]>> = {
  git: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix'],
  kubectl: ['-n', '--namespace', '--context', '--kubeconfig', '--cluster', '--user', '-s', '--server', '--token', '--as', '--as-group', '--request-timeout', '-v'],
  docker: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey'],
  npm: ['--prefix', '-C', '--registry', '--userconfig', '--cache'],
};

const read = (kind: CommandEffect['kind'], openWorld: boolean, description: string): CommandEffect => ({ kind, access: 'read', destructive: null, idempotent: null, openWorld, description });
const write = (kind: CommandEffect['kind'], destructive: boolean, idempotent: boolean | null, openWorld: boolean, description: string): CommandEffect => ({
  kind,
  access: 'write',
  destructive,
  idempotent,
  openWorld,
  description,
});
/** Copying text to the system clipboard: a local change that replaces what was there (also the clipboard libraries of processes.ts). */
export const CLIPBOARD_COPY = write('process.spawn', true, true, false, 'copies text to the system clipboard (replaces what was copied before)');
/** Reading the system clipboard. */
export const CLIPBOARD_READ = read('process.spawn', false, 'reads the system clipboard');
/** Entries of one effect for several commands. */
const each = (commands: readonly string[], effect: CommandEffect, flags?: readonly CommandFlags[]): CommandEntry[] => commands.map((command) => ({ command, effect, ...(flags ? { flags } : {}) }));

/** `git log --output=<file>` and the like write their output to a file (git-scm.com/docs/git-diff#Documentation/git-diff.txt---outputltfilegt). */
const GIT_OUTPUT: CommandFlags = { words: ['--output*'], effect: write('fs.write', true, true, false, 'writes its output to a file') };
/** Forced pushes, deletions and mirrors replace or remove branches of the remote (git-scm.com/docs/git-push). */
const FORCED_PUSH: CommandFlags = {
  words: ['--force', '-f', '--force-with-lease', '--force-if-includes', '--delete', '-d', '--mirror', '--prune', '+*', ':*'],
  effect: write('network', true, true, true, 'overwrites or deletes branches of a remote repository'),
};

/** The commands whose effect is known. */
export const COMMANDS: readonly CommandEntry[] = [
  // git: the local repository is a file of the server's machine (closed world).
  ...each(['git status', 'git rev-parse', 'git ls-files', 'git blame', 'git describe', 'git cat-file', 'git ls-tree', 'git rev-list', 'git grep', 'git show-ref', 'git merge-base', 'git for-each-ref', 'git shortlog', 'git version'], read('fs.read', false, 'reads the Git repository')),
  ...each(['git log', 'git diff', 'git show'], read('fs.read', false, 'reads the Git repository'), [GIT_OUTPUT]),
  ...each(['git ls-remote'], read('network', true, 'reads the branches of a remote repository')),
  ...each(['git fetch'], write('network', false, true, true, 'downloads from a remote repository and updates its remote-tracking branches'), [
    { words: ['--prune', '-p', '--prune-tags'], effect: write('network', true, true, true, 'downloads from a remote repository and deletes stale remote-tracking branches') },
  ]),
  ...each(['git pull'], write('network', true, true, true, 'merges a remote branch into the current branch and working tree')),
  ...each(['git push'], write('network', false, true, true, 'pushes commits to a remote repository'), [FORCED_PUSH]),
  ...each(['git clone'], write('network', false, true, true, 'copies a remote repository into a new directory')),
  ...each(['git commit'], write('fs.write', false, false, false, 'records a new commit'), [{ words: ['--amend'], effect: write('fs.write', true, false, false, 'replaces the last commit') }]),
  ...each(['git add'], write('fs.write', false, true, false, 'stages changes')),
  ...each(['git init'], write('fs.write', false, true, false, 'creates a Git repository')),
  ...each(['git checkout', 'git restore'], write('fs.write', true, true, false, 'changes the working tree (may discard uncommitted changes)')),
  ...each(['git switch'], write('fs.write', false, true, false, 'switches branches'), [
    { words: ['--discard-changes', '-f', '--force', '-C', '--force-create'], effect: write('fs.write', true, true, false, 'switches branches, discarding local changes or resetting a branch') },
  ]),
  ...each(['git reset'], write('fs.write', false, true, false, 'moves the current branch or unstages changes'), [
    { words: ['--hard', '--merge', '--keep'], effect: write('fs.write', true, true, false, 'resets the working tree (discards uncommitted changes)') },
  ]),
  ...each(['git rm', 'git clean'], write('fs.delete', true, true, false, 'deletes files from the working tree')),
  ...each(['git mv'], write('fs.write', true, false, false, 'moves files in the working tree')),
  // kubectl talks to a cluster's API server (open world).
  ...each(['kubectl get', 'kubectl describe', 'kubectl logs', 'kubectl top', 'kubectl explain', 'kubectl version', 'kubectl api-resources', 'kubectl api-versions', 'kubectl cluster-info'], read('network', true, 'reads a Kubernetes cluster')),
  ...each(['kubectl apply', 'kubectl replace', 'kubectl scale', 'kubectl set', 'kubectl label', 'kubectl annotate'], write('network', true, true, true, 'changes resources of a Kubernetes cluster')),
  ...each(['kubectl patch'], write('network', true, false, true, 'patches resources of a Kubernetes cluster')),
  ...each(['kubectl create'], write('network', false, false, true, 'creates resources in a Kubernetes cluster')),
  ...each(['kubectl delete'], write('network', true, true, true, 'deletes resources of a Kubernetes cluster')),
  // docker talks to the local engine (closed world), except for a registry.
  ...each(['docker ps', 'docker images', 'docker inspect', 'docker logs', 'docker version', 'docker info', 'docker top', 'docker port', 'docker history'], read('process.spawn', false, 'reads the state of the container engine')),
  ...each(['docker rm', 'docker rmi'], write('process.spawn', true, true, false, 'removes containers or images')),
  ...each(['docker stop', 'docker kill'], write('process.spawn', true, true, false, 'stops containers')),
  ...each(['docker pull'], write('network', false, true, true, 'downloads an image from a registry')),
  ...each(['docker push'], write('network', true, true, true, 'uploads an image to a registry (replaces its tag)')),
  // npm: the project's installed tree is local; the registry is not.
  ...each(['npm ls', 'npm list', 'npm ll', 'npm la'], read('fs.read', false, 'lists installed packages')),
  ...each(['npm view', 'npm info', 'npm show', 'npm v', 'npm outdated', 'npm search'], read('network', true, 'reads package metadata from the registry')),
  // Plain programs on local files.
  ...each(['ls', 'cat', 'pwd', 'whoami', 'id', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'stat', 'du', 'df', 'file', 'which', 'uname', 'realpath', 'tree'], read('fs.read', false, 'reads files or system information')),
  ...each(['find'], read('fs.read', false, 'lists files'), [
    { words: ['-exec', '-execdir', '-ok', '-okdir'], effect: { kind: 'process.spawn', access: 'unknown', destructive: null, idempotent: null, openWorld: true, description: 'runs another program on each file found, whose effects are unknown' } },
    { words: ['-delete'], effect: write('fs.delete', true, true, false, 'deletes the files found') },
    { words: ['-fprint', '-fprint0', '-fprintf', '-fls'], effect: write('fs.write', true, true, false, 'writes the list of files found to a file') },
  ]),
  ...each(['rm', 'rmdir'], write('fs.delete', true, true, false, 'deletes files')),
  ...each(['mkdir'], write('fs.write', false, true, false, 'creates a directory')),
  ...each(['cp'], write('fs.write', true, true, false, 'copies files (overwrites the destination if it exists)')),
  ...each(['mv'], write('fs.write', true, false, false, 'moves files (replaces the destination if it exists)')),
  // The system clipboard (macOS pbcopy(1), X11 xclip(1) and xsel(1), Wayland wl-clipboard, Windows
  // clip): a copy replaces what the user had copied, on this machine only; `-o` / `--output` reads it.
  ...each(['pbcopy', 'wl-copy', 'clip', 'clip.exe'], CLIPBOARD_COPY),
  ...each(['pbpaste', 'wl-paste'], CLIPBOARD_READ),
  // (`xclip -o` is not told from a cluster like `-selection`: only the long forms read as a paste.)
  ...each(['xclip', 'xsel'], CLIPBOARD_COPY, [{ words: ['-out', '--output'], effect: CLIPBOARD_READ }]),
];

/**
 * The argument that asks any program for its version (GNU Coding Standards, "--version"; Python,
 * Node.js, Java launchers and most CLIs follow it): a program run with it alone prints a line and
 * exits, so `${cmd} --version` over a list of candidate interpreters reads system information,
 * whichever program it is.
 */
export const VERSION_QUERY = '--version';

/** What asking a program for its version does. */
export const VERSION_QUERY_EFFECT: CommandEffect = read('fs.read', false, 'asks the program for its version (reads system information)');
