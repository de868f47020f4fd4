#!/usr/bin/env bash
# Side-by-side: drivespeed's workload presets against the equivalent fio jobs, on the same file
# systems, interleaved over several rounds.
#   benchmarks/fio-presets.sh [ROUNDS] [DIR...]      (defaults: 3 rounds; /dev/shm and the current directory)
# Environment: PRESETS (default: all six), SIZE (test-file size, default 1G), RUNTIME (measured
# seconds per test, default 4), RAMP (seconds left out first, default 1), BACKEND (drivespeed's
# --backend: native, with Linux AIO for queue depth, or java, which runs queue depth as threads;
# default: what drivespeed picks, native where it loads).
#
# Each round runs, on each DIR: drivespeed --preset P (read test, then write test) and the fio
# jobs with the same block size, pattern, queue depth and threads over a fully written file of
# the same size, time-based with the same runtime and ramp, O_DIRECT, offsets with replacement
# (--norandommap), writes ending with fdatasync (--end_fsync=1):
#   queue depth 1:  fio --ioengine=psync --numjobs=T
#   queue depth Q:  fio --ioengine=libaio --iodepth=Q --numjobs=T  (asynchronous; what users run),
#                   submitting and reaping in batches of up to Q (--iodepth_batch_submit=Q
#                   --iodepth_batch_complete_min=1 --iodepth_batch_complete_max=Q) as drivespeed's
#                   Linux AIO queue does; FIO_BATCH=0 uses fio's defaults (one I/O per io_submit),
#                   which is CPU-bound on small machines and roughly halves fio's IOPS there
#                   fio --ioengine=psync --numjobs=T*Q              (depth as threads, as drivespeed's
#                                                                    pure-Java backend runs it)
# and prints, per DIR and test, the medians over the rounds of IOPS, MB/s (10^6 B/s) and the p50
# and p99 completion latency, with the ratios drivespeed / fio (for latency, fio / drivespeed, so
# that above 1 is better for drivespeed everywhere).
# Needs: Java 17+, Maven (first build), fio, python3 (reads fio's JSON). Installs nothing:
#   apt-get install -y fio python3
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"; shift || true
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then dirs=(/dev/shm "$(pwd)"); fi
presets="${PRESETS:-SEQ1M-Q8T1 SEQ1M-Q1T1 RND4K-Q32T1 RND4K-Q1T1 SEQ128K-Q32T1 RND4K-Q32T16}"
size="${SIZE:-1G}"; runtime="${RUNTIME:-4}"; ramp="${RAMP:-1}"
backend=(); [ -n "${BACKEND:-}" ] && backend=(--backend "$BACKEND")
command -v fio >/dev/null || { echo "fio-presets.sh: needs fio (apt-get install -y fio)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "fio-presets.sh: needs python3" >&2; exit 1; }
out="$(mktemp)"; files=()
jar=""
cleanup() { rm -f "$out" "$jar" "${files[@]}"; }
trap cleanup EXIT
"$here/drivespeed" --help >/dev/null   # build once, outside the rounds
version="$(sed -n '/<artifactId>drivespeed-parent<\/artifactId>/,/<version>/ s:.*<version>\(.*\)</version>.*:\1:p' "$here/pom.xml")"   # as ./drivespeed reads it
jar="$(mktemp --suffix=.jar)"; cp "$here/drivespeed-cli/target/drivespeed-cli-$version-exec.jar" "$jar"   # frozen for all rounds

# "SEQ1M-Q8T1" -> "seq 1m 8 1"
shape() { echo "$1" | sed -E 's/^(SEQ|RND)([0-9]+[KM])-Q([0-9]+)T([0-9]+)$/\1 \2 \3 \4/' | tr 'A-Z' 'a-z'; }

# fio JSON -> "iops MB/s p50_us p99_us" of the job's read or write side
fio_figures() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["jobs"][0][sys.argv[2]]
p = d["clat_ns"].get("percentile", {})
print("%.1f %.2f %.2f %.2f" % (d["iops"], d["bw_bytes"] / 1e6, p.get("50.000000", 0) / 1e3, p.get("99.000000", 0) / 1e3))
' "$1" "$2"
}

run_fio() {  # dir file preset rw engine jobs depth -> line in $out
  local dir="$1" file="$2" preset="$3" rw="$4" engine="$5" jobs="$6" depth="$7"
  read -r kind bs _ _ <<< "$(shape "$preset")"
  local mode; if [ "$kind" = rnd ]; then mode="rand$rw"; else mode="$rw"; fi
  local extra=(); [ "$rw" = write ] && extra+=(--end_fsync=1)
  if [ "$engine" = libaio ] && [ "${FIO_BATCH:-1}" != 0 ]; then
    extra+=(--iodepth_batch_submit="$depth" --iodepth_batch_complete_min=1 --iodepth_batch_complete_max="$depth")
  fi
  local offsets=(); [ "$kind" = seq ] && [ "$jobs" -gt 1 ] && offsets=(--offset_increment=$(( $(numfmt --from=iec "$size") / jobs )) --size=$(( $(numfmt --from=iec "$size") / jobs )))
  local json; json="$(mktemp)"
  fio --name=bench --filename="$file" --size="$size" "${offsets[@]}" --rw="$mode" --bs="$bs" \
      --direct=1 --ioengine="$engine" --iodepth="$depth" --numjobs="$jobs" --thread \
      --group_reporting --time_based --runtime="$runtime" --ramp_time="$ramp" --norandommap \
      --randrepeat=1 "${extra[@]}" --output-format=json --output="$json" >/dev/null 2>&1
  echo "$dir $preset $rw fio-$engine $(fio_figures "$json" "$rw")" >> "$out"
  rm -f "$json"
}

for dir in "${dirs[@]}"; do
  f="$dir/fio-presets.$$.bin"; files+=("$f")
  fio --name=layout --filename="$f" --size="$size" --rw=write --bs=1M --direct=1 --ioengine=psync \
      --end_fsync=1 >/dev/null
done
for r in $(seq "$rounds"); do
  for dir in "${dirs[@]}"; do
    f="$dir/fio-presets.$$.bin"
    for preset in $presets; do
      read -r _ _ depth threads <<< "$(shape "$preset")"
      java -jar "$jar" "$dir" --preset "$preset" --size "$size" --duration "$runtime" \
          --ramp-time "$ramp" "${backend[@]}" | awk -v d="$dir" -v p="$preset" '
        $3 == "read" || $3 == "write" { if ($4 == $3) print d, p, $3, "drivespeed", $7, $5, $9, $10 }' >> "$out"
      for rw in read write; do
        if [ "$depth" -eq 1 ]; then
          run_fio "$dir" "$f" "$preset" "$rw" psync "$threads" 1
        else
          run_fio "$dir" "$f" "$preset" "$rw" libaio "$threads" "$depth"
          run_fio "$dir" "$f" "$preset" "$rw" psync $(( threads * depth )) 1
        fi
      done
    done
    echo "round $r/$rounds: $dir done" >&2
  done
done

python3 - "$out" "$rounds" "$runtime" "$ramp" "$size" "${BACKEND:-default}" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    d, preset, rw, tool, iops, mbps, p50, p99 = line.split()
    rows.setdefault((d, preset, rw, tool), []).append(tuple(map(float, (iops, mbps, p50, p99))))
def med(key, i):
    v = rows.get(key)
    return statistics.median(x[i] for x in v) if v else float("nan")
def ratio(a, b):
    return a / b if b and b == b and a == a else float("nan")
print("\n%s rounds, %s s per test after %s s ramp, %s file, O_DIRECT, drivespeed backend %s; medians; ratio = drivespeed / fio (latency: fio / drivespeed)" % tuple(sys.argv[2:7]))
hdr = "%-10s %-13s %-5s %-12s %10s %10s %9s %9s   %6s %6s %6s %6s"
print(hdr % ("dir", "preset", "rw", "fio engine", "IOPS", "MB/s", "p50 us", "p99 us", "IOPS", "MB/s", "p50", "p99"))
for d in dict.fromkeys(k[0] for k in rows):
    for preset in dict.fromkeys(k[1] for k in rows if k[0] == d):
        for rw in ("read", "write"):
            ds = (d, preset, rw, "drivespeed")
            print(hdr % (d[-10:], preset, rw, "drivespeed", "%.0f" % med(ds, 0), "%.1f" % med(ds, 1), "%.1f" % med(ds, 2), "%.1f" % med(ds, 3), "", "", "", ""))
            for tool in ("fio-psync", "fio-libaio"):
                k = (d, preset, rw, tool)
                if k not in rows:
                    continue
                print(hdr % ("", "", "", tool[4:], "%.0f" % med(k, 0), "%.1f" % med(k, 1), "%.1f" % med(k, 2), "%.1f" % med(k, 3),
                             "%.2f" % ratio(med(ds, 0), med(k, 0)), "%.2f" % ratio(med(ds, 1), med(k, 1)),
                             "%.2f" % ratio(med(k, 2), med(ds, 2)), "%.2f" % ratio(med(k, 3), med(ds, 3))))
PY
