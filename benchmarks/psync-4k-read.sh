#!/usr/bin/env bash
# Per-I/O overhead: 4 KiB O_DIRECT sequential reads of a 256 MiB file, drivespeed's backends
# against fio's psync engine (one pread(2) per I/O), on tmpfs (/dev/shm) and on the working disk.
#   benchmarks/psync-4k-read.sh [DISK_DIR] [ROUNDS]    (defaults: current directory, 5 rounds)
# Each round runs, one after the other, on each directory:
#   drivespeed DIR --block-size 4K --count 65536 --runs 1 --backend native   (read figure)
#   drivespeed DIR --block-size 4K --count 65536 --runs 1 --backend java     (read figure)
#   fio --ioengine=psync --direct=1 --bs=4k --rw=read --size=256m            (on its own file)
# and prints, per directory and tool, the median IOPS (read bytes per second / 4096) and the
# ratio to fio. tmpfs serves O_DIRECT from memory (Linux 6.6+), so there the per-call cost of
# each tool is what separates them. drivespeed's read pass reads the file its write pass just
# wrote with O_DIRECT and fdatasync; fio lays its file out once and reuses it.
# Needs: Java 17+, Maven (first build), fio (apt-get install -y fio). Installs nothing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
disk="$(cd "${1:-.}" && pwd)"
rounds="${2:-5}"
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
  for target in tmpfs disk; do
    if [ "$target" = tmpfs ]; then dir="$shm"; else dir="$work"; fi
    echo "$target native $(ds_iops "$dir" native)" >> "$out"
    echo "$target java $(ds_iops "$dir" java)" >> "$out"
    echo "$target fio $(fio_iops "$dir")" >> "$out"
  done
  echo "round $r/$rounds done" >&2
done

median() { grep "^$1 $2 " "$out" | awk '{print $3}' | sort -g | awk '{a[NR] = $1} END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
printf '\n4 KiB O_DIRECT sequential reads of 256 MiB, %s rounds, median IOPS (MiB/s = IOPS / 256)\n' "$rounds"
printf '%-6s %-40s %-18s %10s %10s %12s\n' target directory tool IOPS MiB/s "ratio to fio"
for target in tmpfs disk; do
  if [ "$target" = tmpfs ]; then dir=/dev/shm; else dir="$disk"; fi
  fio="$(median "$target" fio)"
  for tool in native java fio; do
    m="$(median "$target" "$tool")"
    label="drivespeed $tool"; [ "$tool" = fio ] && label="fio psync"
    printf '%-6s %-40s %-18s %10.0f %10.1f %12.2f\n' "$target" "$dir" "$label" "$m" \
      "$(echo "$m / 256" | bc -l)" "$(echo "$m / $fio" | bc -l)"
  done
done
