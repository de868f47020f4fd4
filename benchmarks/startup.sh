#!/usr/bin/env bash
# Start-up cost of the command, as front ends that start it once per measurement pay it (docs/fio.md:
# KDiskMark and fio-plot run fio a dozen to hundreds of times): median wall time, side by side with
# hyperfine, of
#   - `drivespeed --version` against `java -version` (the JVM's own start and exit);
#   - a one-block run, `drivespeed DIR --block-size 1M --count 1 --runs 1` (1 MiB written with
#     O_DIRECT and fdatasync, read back with O_DIRECT and verified, the warm-up and the target's
#     probe included: what the command does for the smallest sequential test), against fio's same
#     job in one process: `fio --name=write --filename=DIR/startup-fio.tmp --rw=write --bs=1M
#     --size=1M --direct=1 --end_fsync=1 --name=read --stonewall --filename=DIR/startup-fio.tmp
#     --rw=read --bs=1M --size=1M --direct=1`, its file deleted before every run (hyperfine
#     --prepare) so that each run writes a new one, as drivespeed does.
#   benchmarks/startup.sh [DIR] [RUNS] [JAR...]   (defaults: the current directory, 30 runs, this
#                                                  clone's jar, built first)
# Each JAR is run the way the installed command runs it: through drivespeed-dist's launcher
# (src/dist/bin/drivespeed), copied with the jar into a temporary install tree (bin/, lib/). Give
# two jars (say, before and after a change) to measure them in the same rounds. The runs are made
# in rounds of 5 per command, the commands side by side in each round. Prints `uptime` before and
# after (the machine's load moves every figure; the ratios, taken side by side, move less), each
# command's median wall time and mean CPU time (user + system), the ratio of medians and the
# median of the per-round ratios.
# Needs: Java 17+, hyperfine, fio, python3 (apt-get install -y hyperfine fio python3). Installs
# nothing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$(cd "${1:-.}" && pwd)"; shift || true
runs="${1:-30}"; shift || true
jars=("$@")
for tool in hyperfine fio python3 java; do
  command -v "$tool" >/dev/null || { echo "startup: $tool is missing" >&2; exit 1; }
done
if [ ${#jars[@]} -eq 0 ]; then
  "$here/drivespeed" --version >/dev/null   # builds the jar when the sources changed
  version="$(sed -n '/<artifactId>drivespeed-parent<\/artifactId>/,/<version>/ s:.*<version>\(.*\)</version>.*:\1:p' "$here/pom.xml")"
  jars=("$here/drivespeed-cli/target/drivespeed-cli-$version-exec.jar")
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"; rm -f "$dir/startup-fio.tmp"' EXIT
launchers=()
for i in "${!jars[@]}"; do
  mkdir -p "$work/$i/bin" "$work/$i/lib"
  cp "$here/drivespeed-dist/src/dist/bin/drivespeed" "$work/$i/bin/drivespeed"
  cp "${jars[$i]}" "$work/$i/lib/drivespeed.jar"
  launchers+=("$work/$i/bin/drivespeed")
done
fio_job="fio --name=write --filename=$dir/startup-fio.tmp --rw=write --bs=1M --size=1M --direct=1"
fio_job+=" --end_fsync=1 --name=read --stonewall --filename=$dir/startup-fio.tmp --rw=read --bs=1M"
fio_job+=" --size=1M --direct=1"
echo "before: $(uptime)"
version_cmds=("java -version")
run_cmds=("$fio_job")
for l in "${launchers[@]}"; do
  version_cmds+=("$l --version")
  run_cmds+=("$l $dir --block-size 1M --count 1 --runs 1")
done
# hyperfine runs one command's runs after the other's: on a machine whose load moves, that alone
# would move the ratios. So the runs are cut in rounds of 5, the commands side by side in each.
for r in $(seq $(((runs + 4) / 5))); do
  hyperfine -N --warmup "$([ "$r" = 1 ] && echo 3 || echo 1)" --runs 5 --style none \
    --export-json "$work/version.$r.json" "${version_cmds[@]}" >/dev/null
  hyperfine -N --warmup "$([ "$r" = 1 ] && echo 3 || echo 1)" --runs 5 --style none \
    --export-json "$work/run.$r.json" --prepare "rm -f $dir/startup-fio.tmp" "${run_cmds[@]}" \
    >/dev/null
done
echo "after:  $(uptime)"
python3 - "$work" "${jars[@]}" <<'PY'
import glob, json, statistics, sys
work, names = sys.argv[1], sys.argv[2:]
for kind, what, base_name in (("version", "--version", "java -version"),
                              ("run", "one 1 MiB block", "fio")):
    rounds = [json.load(open(f))["results"] for f in sorted(glob.glob(f"{work}/{kind}.*.json"))]
    def times(i):
        return [t for r in rounds for t in r[i]["times"]]
    def cpu(i):
        return statistics.mean(r[i]["user"] + r[i]["system"] for r in rounds)
    base = statistics.median(times(0))
    print(f"{what}: {base_name} median {base * 1000:.0f} ms (CPU {cpu(0) * 1000:.0f} ms),"
          f" {len(times(0))} runs")
    for i, jar in enumerate(names, start=1):
        m = statistics.median(times(i))
        per_round = statistics.median(statistics.median(r[i]["times"]) / statistics.median(r[0]["times"])
                                      for r in rounds)
        print(f"  drivespeed ({jar}): median {m * 1000:.0f} ms (CPU {cpu(i) * 1000:.0f} ms),"
              f" {m / base:.2f} x {base_name} (median of per-round ratios {per_round:.2f})")
PY
