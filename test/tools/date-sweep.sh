#!/usr/bin/env bash
# Runs one unit, int or API spec under a fake clock on each day given, and prints the day and its Jest tally (then the
# failures' first lines): a test whose outcome depends on the day it runs shows itself before CI meets that day
# (decisions 378, 382, 383). Needs libfaketime (Debian: `apt-get install faketime`). Not for browser specs (Chromium
# under the fake clock spins and times out), nor for specs that start the server as a process of its own (the crash
# and task specs): each process's fake clock starts anew, so one's task leases lie in the other's future.
#   test/tools/date-sweep.sh e2e test/api/demo.e2e.spec.ts 2026-12-31 2027-01-01 2027-04-01
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 <unit|int|e2e> <spec path> <YYYY-MM-DD>..." >&2
  exit 2
fi
project=$1 spec=$2
shift 2
command -v faketime > /dev/null || { echo "faketime is not installed (apt-get install faketime)" >&2; exit 2; }
failed=0
for day in "$@"; do
  out=$(FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@$day 10:00:00" \
    env NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects "$project" -- "$spec" 2>&1)
  tally=$(echo "$out" | grep -E '^Tests:' | head -1)
  echo "$day ${tally:-no tally (see: npx jest --selectProjects $project -- $spec)}"
  if echo "$tally" | grep -q failed; then
    failed=1
    echo "$out" | grep -E '✕|Expected|Received' | head -12 | sed 's/^/    /'
  fi
done
exit $failed
