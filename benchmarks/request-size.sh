#!/usr/bin/env bash
# Why the same O_DIRECT read runs at different speeds: request sizes. In DIR, each tool in turn
# reads 256 MiB of a file sequentially with O_DIRECT, interleaved over rounds, and for each read
# the throughput and the average request size the disk saw are recorded (/sys/class/block/DEV/stat,
# Documentation/block/stat.rst; what iostat prints as rareq-sz):
#   drivespeed_4k    drivespeed DIR --block-size BS --count N --runs 1   (native backend: buffers in
#                    4 KiB pages, the default; figures from its own report)
#   drivespeed_thp   the same with -Ddrivespeed.native.hugePages=true (buffers in transparent huge pages)
#   drivespeed_java  the same with --backend java (a direct ByteBuffer: malloc'd, zeroed 4 KiB pages)
#   dd               dd if=F of=/dev/null bs=BS iflag=direct  (F: 256 MiB of random data, written once)
#   fio              fio --readonly --rw=read --direct=1 --ioengine=psync --bs=BS  (when installed)
# and prints, per block size and tool, the median MB/s (10^6 B/s) with min-max, the median average
# request size with min-max, and each tool's median relative to drivespeed's.
#   benchmarks/request-size.sh [DIR] [ROUNDS] [BLOCK_SIZE...]
# Defaults: the current directory, 7 rounds, block sizes 8M and 1M.
# Needs Java 17+, Maven (first build), GNU dd, util-linux findmnt, python3; fio optional
# (apt-get install -y fio). Installs nothing; removes its file at the end.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$(cd "${1:-.}" && pwd)"
rounds="${2:-7}"
shift $(( $# > 2 ? 2 : $# ))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(8M 1M)
src="$(findmnt -n -o SOURCE -T "$dir" | head -1)"
name="$(basename "$(readlink -f "$src")")"
stat_file="/sys/class/block/$name/stat"
[ -r "$stat_file" ] || { echo "request-size.sh: $dir is not on a block device ($src)" >&2; exit 2; }
total=$((256 << 20))
f="$dir/request-size.$$.bin"
out="$(mktemp)"
trap 'rm -f "$f" "$out"' EXIT
"$here/drivespeed" --help >/dev/null   # build once, outside the rounds
version="$(sed -n '/<artifactId>drivespeed-parent<\/artifactId>/,/<version>/ s:.*<version>\(.*\)</version>.*:\1:p' "$here/pom.xml")"   # as ./drivespeed reads it
jar="$here/drivespeed-cli/target/drivespeed-cli-$version-exec.jar"
have_fio=0; command -v fio >/dev/null && have_fio=1
dd if=/dev/urandom of="$f" bs=1M count=256 iflag=fullblock oflag=direct conv=fdatasync status=none

bytes_of() { case "$1" in *M) echo $(( ${1%M} << 20 ));; *K) echo $(( ${1%K} << 10 ));; *) echo "$1";; esac; }
snap() { awk '{ print $1, $3 }' "$stat_file"; }
avg_kib() { echo "$1 $2" | awk '{ r = $3 - $1; b = ($4 - $2) * 512; printf "%.0f\n", r ? b / r / 1024 : 0 }'; }
record() { echo "$1 $2 $3 $4" >> "$out"; }   # tool bs mbps avgKiB

drivespeed_read() {   # label bs count [java options...] -- [drivespeed options...]
  local label="$1" bs="$2" count="$3"; shift 3
  local jargs=(); while [ "$1" != "--" ]; do jargs+=("$1"); shift; done; shift
  local report
  report="$(java "${jargs[@]}" -jar "$jar" "$dir" --block-size "$bs" --count "$count" --runs 1 "$@")"
  record "$label" "$bs" \
    "$(echo "$report" | grep '^test 1:' | sed -E 's/.*read: ([0-9.]+) MB\/s.*/\1/')" \
    "$(echo "$report" | grep -A1 '^read:' | tail -1 | sed -E 's/.*avg ([0-9]+) KiB.*/\1/')"
}

for r in $(seq "$rounds"); do
  for bs in "${sizes[@]}"; do
    count=$(( total / $(bytes_of "$bs") ))
    drivespeed_read drivespeed_4k "$bs" "$count" --
    drivespeed_read drivespeed_thp "$bs" "$count" -Ddrivespeed.native.hugePages=true --
    drivespeed_read drivespeed_java "$bs" "$count" -- --backend java
    a="$(snap)"
    mbps="$(LC_ALL=C dd if="$f" of=/dev/null bs="$bs" iflag=direct 2>&1 \
      | awk '/copied/ { for (i = 1; i <= NF; i++) if ($i == "copied,") s = $(i + 1); print $1 / s / 1e6 }')"
    record dd "$bs" "$mbps" "$(avg_kib "$a" "$(snap)")"
    if [ "$have_fio" = 1 ]; then
      a="$(snap)"
      mbps="$(fio --name=read --filename="$f" --readonly --rw=read --bs="$bs" --size="$total" \
        --direct=1 --ioengine=psync --output-format=json \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["jobs"][0]["read"]["bw_bytes"] / 1e6)')"
      record fio "$bs" "$mbps" "$(avg_kib "$a" "$(snap)")"
    fi
  done
  echo "round $r/$rounds done" >&2
done

python3 - "$out" "$dir" "$name" "$rounds" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
print(f"\n{sys.argv[2]} on {sys.argv[3]}, 256 MiB O_DIRECT sequential reads, {sys.argv[4]} interleaved rounds")
print(f"{'block':>6} {'tool':<16} {'median MB/s':>11} {'min-max MB/s':>17} {'median req KiB':>14} {'req KiB min-max':>16} {'vs drivespeed':>13}")
for bs in dict.fromkeys(r[1] for r in rows):
    ref = None
    for tool in dict.fromkeys(r[0] for r in rows):
        m = [float(r[2]) for r in rows if r[0] == tool and r[1] == bs]
        k = [float(r[3]) for r in rows if r[0] == tool and r[1] == bs]
        if not m:
            continue
        med = statistics.median(m)
        ref = ref or med
        print(f"{bs:>6} {tool:<16} {med:11.1f} {min(m):8.1f}-{max(m):<8.1f} {statistics.median(k):14.0f} {min(k):7.0f}-{max(k):<8.0f} {med / ref:13.2f}")
PY
