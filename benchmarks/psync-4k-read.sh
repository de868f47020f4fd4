#!/usr/bin/env bash
# Per-I/O overhead: 4 KiB O_DIRECT sequential reads of a 256 MiB file, drivespeed's backends
# against fio's psync engine (one pread(2) per I/O), on tmpfs (/dev/shm) and on the working disk.
#   benchmarks/psync-4k-read.sh [DISK_DIR] [ROUNDS]    (defaults: current directory, 5 rounds)
# Each round runs, one after the other, on each directory:
#   drivespeed DIR --block-size 4K --count 65536 --runs 1 --backend native   (read figure)
#   drivespeed DIR --block-size 4K --count 65536 --runs 1 --backend java     (read figure)
#   fio --ioengine=psync --direct=1 --bs=4k --rw=read --size=256m            (on its own file)
# and prints, per directory and tool, the median, lowest and highest IOPS (read bytes per second
# / 4096) and the ratio to fio: the ratio of the medians, and the median of each round's ratio
# (runs of one round are seconds apart, so that ratio is less disturbed by other load). tmpfs serves O_DIRECT from memory (Linux 6.6+), so there the per-call cost of
# each tool is what separates them. drivespeed's read pass reads the file its write pass just
# wrote with O_DIRECT and fdatasync; fio lays its file out once and reuses it.
# TARGETS=tmpfs (or disk) limits the rounds to one of the two. Each round's figures are printed
# too, so that the spread left by other load on the machine can be judged.
# Needs: Java 17+, Maven (first build), fio (apt-get install -y fio). Installs nothing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
disk="$(cd "${1:-.}" && pwd)"
rounds="${2:-5}"
targets="${TARGETS:-tmpfs disk}"
command -v fio >/dev/null || { echo "needs fio (apt-get install -y fio)" >&2; exit 1; }
shm="$(mktemp -d /dev/shm/psync-4k-read.XXXXXX)"
work="$(mktemp -d "$disk/psync-4k-read.XXXXXX")"
out="$(mktemp)"
trap 'rm -rf "$shm" "$work" "$out"' EXIT
"$here/drivespeed" --help >/dev/null   # build once, outside the rounds

# drivespeed prints "test 1: write: ... read: 386.6 MB/s (368.7 MiB/s)": MB/s x 10^6 / 4096
ds_iops() {
  "$here/drivespeed" "$1" --block-size 4K --count 65536 --runs 1 --backend "$2" \
    | sed -nE 's/^test 1: .*read: ([0-9.]+) MB\/s.*/\1/p' | awk '{ printf "%.0f\n", $1 * 1e6 / 4096 }'
}
# fio's terse format v3: field 8 is read IOPS
fio_iops() {
  fio --name=psync-4k-read --filename="$1/fio.bin" --size=256m --bs=4k --rw=read --direct=1 \
    --ioengine=psync --output-format=terse | awk -F';' '{ print $8 }'
}

for r in $(seq "$rounds"); do
  for target in $targets; do
    if [ "$target" = tmpfs ]; then dir="$shm"; else dir="$work"; fi
    echo "$target native $(ds_iops "$dir" native) $r" >> "$out"
    echo "$target java $(ds_iops "$dir" java) $r" >> "$out"
    echo "$target fio $(fio_iops "$dir") $r" >> "$out"
  done
  echo "round $r/$rounds done" >&2
done

med() { sort -g | awk '{a[NR] = $1} END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
values() { grep "^$1 $2 " "$out" | awk '{print $3}'; }
# each round's IOPS of tool $2 over fio's in the same round, on target $1
round_ratios() {
  awk -v t="$1" -v tool="$2" '$1 == t && $2 == "fio" { f[$4] = $3 } $1 == t && $2 == tool { x[$4] = $3 }
    END { for (r in x) if (f[r] > 0) print x[r] / f[r] }' "$out"
}
printf '\n4 KiB O_DIRECT sequential reads of 256 MiB, %s rounds (MiB/s = IOPS / 256)\n' "$rounds"
printf '%-6s %-24s %-18s %10s %10s %10s %10s %14s %14s\n' target directory tool "median IOPS" min max \
  "MiB/s" "ratio medians" "median ratio"
for target in $targets; do
  if [ "$target" = tmpfs ]; then dir=/dev/shm; else dir="$disk"; fi
  fio="$(values "$target" fio | med)"
  for tool in native java fio; do
    m="$(values "$target" "$tool" | med)"
    lo="$(values "$target" "$tool" | sort -g | head -1)"
    hi="$(values "$target" "$tool" | sort -g | tail -1)"
    rr="$(round_ratios "$target" "$tool" | med)"
    label="drivespeed $tool"; [ "$tool" = fio ] && label="fio psync"
    printf '%-6s %-24s %-18s %10.0f %10.0f %10.0f %10.1f %14.2f %14.2f\n' "$target" "$dir" "$label" \
      "$m" "$lo" "$hi" "$(echo "$m / 256" | bc -l)" "$(echo "$m / $fio" | bc -l)" "$rr"
  done
done
printf '\neach round, IOPS (native java fio):\n'
for target in $targets; do
  for r in $(seq "$rounds"); do
    printf '%-6s round %2d: %s\n' "$target" "$r" \
      "$(awk -v t="$target" -v r="$r" '$1 == t && $4 == r { printf "%s ", $3 }' "$out")"
  done
done
