#!/usr/bin/env bash
# suite-snapshot.sh: runs a command (default `npm test`) in the repository and reports what it
# leaves behind: (a) files and folders created or modified outside temporary folders, and (b)
# processes still running after it that were not running before.
#
# Usage
#   scripts/suite-snapshot.sh [--grace SECONDS] [--allow PATH]... [--no-trace] [-- COMMAND ARGS...]
#     --grace N    seconds to wait after the command for its processes to exit (default 5)
#     --allow P    one more path where writes are allowed (repeatable)
#     --no-trace   do not run the command under strace (see "Attribution")
#   e.g. scripts/suite-snapshot.sh                 # around `npm test`
#        scripts/suite-snapshot.sh -- npx vitest run test/cli.test.ts
#   Exit 0 when nothing is found, 1 when something is (printed), 2 on bad usage; the command's
#   own exit code is printed but does not decide the result.
#
# How
#   Files: a marker file is touched before the command; afterwards
#   `find / -xdev \( -newer marker -o -cnewer marker \)` lists what changed (a folder is listed when
#   an entry was created, renamed or deleted in it, so a file written and removed again shows as its
#   folder), pruning /proc, /sys, /dev, /run and the allowed paths:
#     temporary folders   /tmp, os.tmpdir() and $TMPDIR, /var/tmp, /dev/shm
#     build outputs       <repo>/dist (tsc), <repo>/coverage
#     git-ignored caches  <node_modules>/.vite, .vite-temp (vitest.config.ts bundled), .vitest, .cache
#                         (vitest's results cache; node_modules resolved through its symlink)
#     npm's own log       ~/.npm/_logs (npm writes a log of every `npm run`)
#   Processes: `ps -eo pid,ppid,pgid,args` before and after (after waiting up to --grace seconds
#   for exits); the command runs with SUITE_SNAPSHOT_ID=<random> in its environment, and a new
#   process whose /proc/<pid>/environ carries it was started by the command and is a leftover.
#   Under strace (below) a new process whose pid is in the trace is one too (even if its environment
#   was replaced). Other new processes (started meanwhile by something else on the machine) are
#   listed apart and do not count; the snapshot's own processes (ps, find, sleep, strace) are ignored.
#
# Attribution (on a shared machine other processes write files during the run too)
#   When strace is installed, the command runs under `strace -f` (attached after start and
#   detached after the grace period, so a leftover process cannot keep it waiting) recording the
#   paths it opens for writing, creates, renames or removes. A changed path is then reported as
#   "written by the command" (counts) or "changed by another process" (listed, does not count).
#   Without strace, or with --no-trace, every changed path counts.
set -u
export LC_ALL=C

GRACE=5
TRACE=1
ALLOW_EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --grace) GRACE="${2:?--grace wants seconds}"; shift 2 ;;
    --allow) ALLOW_EXTRA+=("$(realpath -m "${2:?--allow wants a path}")"); shift 2 ;;
    --no-trace) TRACE=0; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,40p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "suite-snapshot: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ $# -gt 0 ]; then CMD=("$@"); else CMD=(npm test); fi

REPO="$(cd "$(dirname "$0")/.." && pwd -P)"
[ "$TRACE" = 1 ] && ! command -v strace >/dev/null 2>&1 && { echo "suite-snapshot: strace not found: every changed path counts" >&2; TRACE=0; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/suite-snapshot.XXXXXX")"
MARKER="$WORK/marker"
ID="$(od -An -N8 -tx8 /dev/urandom | tr -d ' \n')"

NODE_TMP="$(node -p 'require("os").tmpdir()' 2>/dev/null || echo /tmp)"
NM="$(realpath -m "$REPO/node_modules")"
ALLOWED=(/tmp "$NODE_TMP" "${TMPDIR:-/tmp}" /var/tmp /dev/shm
  "$REPO/dist" "$REPO/coverage"
  "$NM/.vite" "$NM/.vite-temp" "$NM/.vitest" "$NM/.cache"
  "$HOME/.npm/_logs"
  "${ALLOW_EXTRA[@]}")
PRUNED=(/proc /sys /dev /run "${ALLOWED[@]}")

# pid ppid pgid args, one process a line; the key of a process is its pid and its args.
snapshot_ps() { ps -eo pid=,ppid=,pgid=,args= | sed 's/^ *//' | sort -k1,1n; }

has_marker() { { tr '\0' '\n' < "/proc/$1/environ"; } 2>/dev/null | grep -qx "SUITE_SNAPSHOT_ID=$ID"; }

snapshot_ps > "$WORK/ps-before"
touch "$MARKER"
sleep 1 # so that nothing changed in the same clock tick as the marker is missed or wrongly listed

echo "suite-snapshot: running ${CMD[*]} in $REPO" >&2
START=$(date +%s)
if [ "$TRACE" = 1 ]; then
  # The command stops itself before exec; strace attaches to it, then it is continued.
  (cd "$REPO" && SUITE_SNAPSHOT_ID="$ID" exec sh -c 'kill -STOP $$; exec "$@"' sh "${CMD[@]}") &
  PID=$!
  for _ in $(seq 100); do [ "$(ps -o stat= -p "$PID" 2>/dev/null | cut -c1)" = T ] && break; sleep 0.05; done
  strace -f -qq -o "$WORK/trace" -e trace=execve,open,openat,openat2,creat,mkdir,mkdirat,rename,renameat,renameat2,unlink,unlinkat,rmdir,symlink,symlinkat,link,linkat,truncate,chmod,fchmodat -p "$PID" 2>"$WORK/strace-err" &
  STRACE=$!
  for _ in $(seq 100); do grep -q "^TracerPid:[[:space:]]*[1-9]" "/proc/$PID/status" 2>/dev/null && break; sleep 0.05; done
  kill -CONT "$PID"
  wait "$PID"; RC=$?
else
  (cd "$REPO" && SUITE_SNAPSHOT_ID="$ID" exec "${CMD[@]}") &
  PID=$!
  wait "$PID"; RC=$?
fi
END=$(date +%s)
echo "suite-snapshot: the command exited with $RC after $((END - START)) s; waiting up to ${GRACE} s for its processes" >&2

# Wait for the command's processes (those with the marker in their environment) to exit.
leftovers() {
  for p in /proc/[0-9]*; do
    p="${p#/proc/}"
    [ "$p" = "$$" ] && continue
    has_marker "$p" && echo "$p"
  done
}
for _ in $(seq $((GRACE * 4))); do [ -z "$(leftovers)" ] && break; sleep 0.25; done
LEFT="$(leftovers)"
snapshot_ps > "$WORK/ps-after"
if [ "$TRACE" = 1 ]; then kill -INT "$STRACE" 2>/dev/null; wait "$STRACE" 2>/dev/null; fi

FOUND=0

# (b) processes
OWN_RE='^[0-9]+ +[0-9]+ +[0-9]+ +(\[|ps -eo|sort -k1|sed s|find /|sleep |strace |tr |grep |cut -c1|od -An)'
# With strace, every process the command started is in the trace (at least its execve).
TRACED_PIDS=""
[ "$TRACE" = 1 ] && TRACED_PIDS="$(cut -d' ' -f1 "$WORK/trace" 2>/dev/null | sort -u)"
comm -13 <(cut -d' ' -f1,4- "$WORK/ps-before" | sort) <(cut -d' ' -f1,4- "$WORK/ps-after" | sort) | cut -d' ' -f1 > "$WORK/new-pids"
: > "$WORK/left"; : > "$WORK/others"
while read -r pid; do
  line="$(grep -E "^$pid " "$WORK/ps-after")"
  [ -z "$line" ] && continue
  read -r _ ppid _ <<< "$line"
  { [ "$pid" = "$$" ] || [ "$ppid" = "$$" ] || echo "$line" | grep -Eq "$OWN_RE"; } && continue
  if echo "$LEFT" | grep -qx "$pid" || { [ -n "$TRACED_PIDS" ] && echo "$TRACED_PIDS" | grep -qx "$pid"; }; then echo "$line" >> "$WORK/left"; else echo "$line" >> "$WORK/others"; fi
done < "$WORK/new-pids"
# A leftover whose args did not change since before (a pid reused) is still a leftover.
for pid in $LEFT; do grep -q "^$pid " "$WORK/left" || grep -E "^$pid " "$WORK/ps-after" >> "$WORK/left"; done

echo
if [ -s "$WORK/left" ]; then
  FOUND=1
  echo "PROCESSES LEFT by the command (pid ppid pgid args):"
  sed 's/^/  /' "$WORK/left" | cut -c1-300
else
  echo "processes: none left by the command"
fi
if [ -s "$WORK/others" ]; then
  echo "new processes not started by the command (other activity on this machine; not counted): $(wc -l < "$WORK/others")"
  sed 's/^/  /' "$WORK/others" | cut -c1-200 | head -20
fi

# (a) files
PRUNE_EXPR=()
for p in "${PRUNED[@]}"; do [ -n "$p" ] && PRUNE_EXPR+=(-path "$p" -o); done
unset 'PRUNE_EXPR[${#PRUNE_EXPR[@]}-1]'
find / -xdev \( "${PRUNE_EXPR[@]}" \) -prune -o \( -newer "$MARKER" -o -cnewer "$MARKER" \) -print 2>/dev/null | sort > "$WORK/changed"

if [ "$TRACE" = 1 ]; then
  # Paths the command wrote: successful calls that create, write, rename or remove (relative paths
  # are taken relative to the repository, where the command starts).
  grep -E '^[0-9]+ +(open|openat|openat2|creat|mkdir|mkdirat|rename|renameat|renameat2|unlink|unlinkat|rmdir|symlink|symlinkat|link|linkat|truncate|chmod|fchmodat)\(' "$WORK/trace" \
    | grep -vE '= -1 ' \
    | grep -E '^[0-9]+ +(open|openat|openat2)\(.*(O_WRONLY|O_RDWR|O_CREAT|O_TRUNC)|^[0-9]+ +(creat|mkdir|mkdirat|rename|renameat|renameat2|unlink|unlinkat|rmdir|symlink|symlinkat|link|linkat|truncate|chmod|fchmodat)\(' \
    | grep -oE '"([^"\\]|\\.)*"' | sed 's/^"//; s/"$//' \
    | while read -r p; do case "$p" in /*) echo "$p" ;; *) echo "$REPO/$p" ;; esac; done \
    | xargs -r -d '\n' realpath -m -s 2>/dev/null | sort -u > "$WORK/written"
  # A folder changes when an entry directly in it is created, renamed or removed: the parents of what was written.
  sed 's#/[^/]*$##' "$WORK/written" | sort -u > "$WORK/written-parents"
  : > "$WORK/by-command"; : > "$WORK/by-others"
  while IFS= read -r f; do
    if grep -qxF "$f" "$WORK/written" || { [ -d "$f" ] && grep -qxF "$f" "$WORK/written-parents"; }; then echo "$f" >> "$WORK/by-command"; else echo "$f" >> "$WORK/by-others"; fi
  done < "$WORK/changed"
else
  cp "$WORK/changed" "$WORK/by-command"; : > "$WORK/by-others"
fi

echo
echo "allowed: ${ALLOWED[*]}"
if [ -s "$WORK/by-command" ]; then
  FOUND=1
  echo "WRITTEN OUTSIDE TEMPORARY FOLDERS$([ "$TRACE" = 1 ] && echo ' by the command'): $(wc -l < "$WORK/by-command")"
  sed 's/^/  /' "$WORK/by-command" | head -200
else
  echo "files: nothing written outside the allowed paths$([ "$TRACE" = 1 ] && echo ' by the command')"
fi
if [ -s "$WORK/by-others" ]; then
  echo "changed during the run by other processes (not written by the command; not counted): $(wc -l < "$WORK/by-others")"
  sed 's/^/  /' "$WORK/by-others" | head -30
fi

# Tidy: the leftovers are reported, then ended (the command's processes only, by pid).
for pid in $LEFT; do kill -KILL "$pid" 2>/dev/null; done
rm -rf "$WORK"
echo
echo "suite-snapshot: $([ "$FOUND" = 1 ] && echo 'FOUND leftovers (above)' || echo 'clean') (command exit $RC, $((END - START)) s)"
exit "$FOUND"
