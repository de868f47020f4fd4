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
# two jars (say, before and after a change) to measure them in the same hyperfine runs. Prints
# `uptime` before and after (the machine's load moves every figure; the ratios, taken side by
# side, move less), each command's median and the ratios of medians.
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
hyperfine -N --warmup 3 --runs "$runs" --style basic --export-json "$work/version.json" \
  "${version_cmds[@]}" >/dev/null
hyperfine -N --warmup 3 --runs "$runs" --style basic --export-json "$work/run.json" \
  --prepare "rm -f $dir/startup-fio.tmp" "${run_cmds[@]}" >/dev/null
echo "after:  $(uptime)"
python3 - "$work/version.json" "$work/run.json" "${jars[@]}" <<'PY'
import json, statistics, sys
names = sys.argv[3:]
for path, what in ((sys.argv[1], "--version"), (sys.argv[2], "one 1 MiB block")):
    results = json.load(open(path))["results"]
    base = statistics.median(results[0]["times"])
    base_name = "java -version" if what == "--version" else "fio"
    print(f"{what}: {base_name} median {base * 1000:.0f} ms")
    for jar, r in zip(names, results[1:]):
        m = statistics.median(r["times"])
        print(f"  drivespeed ({jar}): median {m * 1000:.0f} ms, {m / base:.2f} x {base_name}")
PY
