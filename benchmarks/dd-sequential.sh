#!/usr/bin/env bash
# Side-by-side: drivespeed's sequential test against dd on the same directory, interleaved.
#   benchmarks/dd-sequential.sh [DIR] [ROUNDS]     (defaults: current directory, 5 rounds)
# Each round runs, one after the other on DIR:
#   drivespeed --block-size 8M --count 32 --runs 1          (O_DIRECT write + fdatasync, O_DIRECT read)
#   dd if=/dev/urandom of=F bs=8M count=32 oflag=direct conv=fdatasync; dd if=F of=/dev/null bs=8M iflag=direct
#   dd if=SRC of=F ... with SRC 256 MiB of random data pre-generated in /dev/shm (so that the
#     kernel's random generator, not the drive, does not limit dd's write)
# and prints the median MB/s (10^6 B/s) of each with the ratio drivespeed / dd.
# Needs: Java 17+, Maven (first build), GNU coreutils dd. Installs nothing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$(cd "${1:-.}" && pwd)"
rounds="${2:-5}"
f="$dir/dd-sequential.$$.bin"
src="/dev/shm/dd-sequential-src.$$.bin"
out="$(mktemp)"
trap 'rm -f "$f" "$src" "$out"' EXIT
"$here/drivespeed" --help >/dev/null   # build once, outside the rounds
head -c $((256 << 20)) /dev/urandom > "$src"

# dd prints "... 268435456 bytes (268 MB, 256 MiB) copied, 0.305 s, 880 MB/s": bytes / seconds
dd_mbps() { LC_ALL=C dd "$@" 2>&1 | awk '/copied/ { for (i = 1; i <= NF; i++) if ($i == "copied,") s = $(i + 1); print $1 / s / 1e6 }'; }

for r in $(seq "$rounds"); do
  line="$("$here/drivespeed" "$dir" --block-size 8M --count 32 --runs 1 | grep '^test 1:')"
  echo "drivespeed_write $(echo "$line" | sed -E 's/.*write: ([0-9.]+) MB\/s.*/\1/')" >> "$out"
  echo "drivespeed_read $(echo "$line" | sed -E 's/.*read: ([0-9.]+) MB\/s.*/\1/')" >> "$out"
  echo "dd_urandom_write $(dd_mbps if=/dev/urandom of="$f" bs=8M count=32 oflag=direct conv=fdatasync)" >> "$out"
  echo "dd_urandom_read $(dd_mbps if="$f" of=/dev/null bs=8M iflag=direct)" >> "$out"
  rm -f "$f"
  echo "dd_shm_write $(dd_mbps if="$src" of="$f" bs=8M count=32 oflag=direct conv=fdatasync)" >> "$out"
  echo "dd_shm_read $(dd_mbps if="$f" of=/dev/null bs=8M iflag=direct)" >> "$out"
  rm -f "$f"
  echo "round $r/$rounds done" >&2
done

median() { grep "^$1 " "$out" | awk '{print $2}' | sort -g | awk '{a[NR] = $1} END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
printf '\n%s, %s rounds, 8 MiB x 32, median MB/s (10^6 B/s)\n' "$dir" "$rounds"
printf '%-6s %12s %18s %14s %18s %14s\n' pass drivespeed "dd if=/dev/urandom" "ratio" "dd if=/dev/shm" "ratio"
for pass in write read; do
  ds="$(median drivespeed_$pass)"; du="$(median dd_urandom_$pass)"; dm="$(median dd_shm_$pass)"
  printf '%-6s %12.1f %18.1f %14.2f %18.1f %14.2f\n' "$pass" "$ds" "$du" "$(echo "$ds / $du" | bc -l)" "$dm" "$(echo "$ds / $dm" | bc -l)"
done
