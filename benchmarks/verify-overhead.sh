#!/usr/bin/env bash
# Cost of read-back verification: the sequential test (3 runs) with verification on and off,
# interleaved round by round, on each DIR, at 8 MiB x 32 and 4 KiB x 16384 blocks.
#   benchmarks/verify-overhead.sh [ROUNDS] DIR...     (default: 5 rounds, /dev/shm and .)
# Prints, per directory and block size, the median over the rounds of the read figure (MB/s,
# 10^6 B/s) and of the wall time of the whole run() (warm-up, 3 write and read passes, set-up
# and clean-up; the JVM's start-up left out), on and off, and their ratios.
# Needs: Java 17+, Maven (first build), bc. Installs nothing. DRIVESPEED_JAR=FILE runs that jar.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-5}"; shift || true
dirs=("$@"); [ ${#dirs[@]} -gt 0 ] || dirs=(/dev/shm .)
# DRIVESPEED_JAR: a copy of the command's jar to run instead of this clone's (so that a build
# during the benchmark does not change what is measured).
[ -n "${DRIVESPEED_JAR:-}" ] || "$here/drivespeed" --help >/dev/null   # build once, outside the rounds
version="$(sed -n '/<artifactId>drivespeed-parent<\/artifactId>/,/<version>/ s:.*<version>\(.*\)</version>.*:\1:p' "$here/pom.xml")"
jar="${DRIVESPEED_JAR:-$here/drivespeed-cli/target/drivespeed-cli-$version-exec.jar}"
out="$(mktemp)"; err="$(mktemp)"; trap 'rm -f "$out" "$err"' EXIT
median() { sort -g | awk '{a[NR] = $1} END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
for d in "${dirs[@]}"; do
  for shape in "8M 32" "4K 16384"; do
    set -- $shape
    for r in $(seq "$rounds"); do
      for mode in on off; do
        if ! line="$(java -cp "$jar" "$here/benchmarks/VerifyOverhead.java" "$d" "$1" "$2" "$mode" 2>"$err")"; then
          echo "verify-overhead: the run on $d at $1 x $2, verification $mode, failed:" >&2
          cat "$err" >&2
          exit 1
        fi
        echo "$d $1 $mode $line" >> "$out"
      done
    done
  done
done
printf '%-12s %-5s %12s %12s %7s %12s %12s %7s\n' dir block "read on" "read off" ratio "wall on" "wall off" ratio
for d in "${dirs[@]}"; do
  for b in 8M 4K; do
    ron="$(awk -v d="$d" -v b="$b" '$1==d && $2==b && $3=="on" {print $5}' "$out" | median)"
    roff="$(awk -v d="$d" -v b="$b" '$1==d && $2==b && $3=="off" {print $5}' "$out" | median)"
    won="$(awk -v d="$d" -v b="$b" '$1==d && $2==b && $3=="on" {print $7}' "$out" | median)"
    woff="$(awk -v d="$d" -v b="$b" '$1==d && $2==b && $3=="off" {print $7}' "$out" | median)"
    printf '%-12s %-5s %9.1f MB/s %9.1f MB/s %7.3f %9.0f ms %9.0f ms %7.3f\n' "$d" "$b" "$ron" "$roff" \
      "$(echo "$ron / $roff" | bc -l)" "$won" "$woff" "$(echo "$won / $woff" | bc -l)"
  done
done
