#!/usr/bin/env bash
# drivespeed's engines against fio's, case by case, with the defaults a user gets: per-I/O cost
# at queue depth 1 on tmpfs and on the disk, queue depth 32 on the disk and on a memory block
# device (zram), and 8 MiB sequential passes.
#   benchmarks/engines-vs-fio.sh [DISK_DIR] [ROUNDS] [QD_ROUNDS]
#     DISK_DIR   a directory on the working disk (default: the current directory)
#     ROUNDS     interleaved rounds of the queue-depth-1 and sequential cases (default 5)
#     QD_ROUNDS  interleaved rounds of the queue-depth-32 cases (default 9)
# Environment: CASES (default: all of tmpfs-qd1 disk-qd1 disk-qd32 zram-qd32 seq-8m),
# RUNTIME (measured seconds per run, default 5: WorkloadPlan's default duration), SIZE (test
# file, default 1G: WorkloadPlan's default size). Shorter values are for trying the script, not
# for figures.
#
# Each round runs every tool of a case once, one after the other, in an order that alternates
# from round to round; every run has a fresh file (drivespeed makes a new one each run, fio is
# given a new file name each run, which it lays out before it starts). drivespeed is its command
# line (the exec jar, built once and frozen for all rounds) with its defaults but for the case's
# --rw, --iodepth (and --ioengine where a row names one), --runtime and --size, read from its
# --json output; fio with the same block size, size, runtime, O_DIRECT and offsets with
# replacement (--norandommap), writes ending with fdatasync (--end_fsync=1):
#   tmpfs-qd1   /dev/shm, 4 KiB randread and randwrite, queue depth 1:
#               drivespeed (psync)  vs  fio psync, fio io_uring --iodepth=1, and the floor of
#               per-I/O cost: benchmarks/bare-io.c, a bare C loop of pread/pwrite (O_DIRECT,
#               xorshift offsets, no statistics: "bare C"), and the same loop timing each I/O
#               with two clock_gettime calls ("bare C timed"), and that loop again with a second,
#               sleeping thread, whose shared file table costs the kernel a file reference taken
#               and dropped per system call as in any multi-threaded process, a JVM included
#               ("bare C timed threaded"), each on a fresh file of SIZE
#   disk-qd1    DISK_DIR, 4 KiB randread, queue depth 1:  drivespeed  vs  fio psync
#   disk-qd32   DISK_DIR, 4 KiB randread, queue depth 32:
#               drivespeed (its choice, and ioEngine libaio)  vs  fio libaio, fio io_uring,
#               fio io_uring tuned (below)
#   zram-qd32   ext4 on /dev/zram0 (set up here and reset afterwards; root), 4 KiB randread,
#               queue depth 32: drivespeed (its choice, and libaio)  vs  fio libaio,
#               fio io_uring, fio io_uring --registerfiles --fixedbufs, fio io_uring tuned
# fio tuned is fio at its best for IOPS: io_uring --fixedbufs --registerfiles
# --iodepth_batch_submit=16 --iodepth_batch_complete_min=1 --iodepth_batch_complete_max=32.
# drivespeed's engine column adds the queue depth it kept in flight (JSON engine.in_flight.mean).
#   seq-8m      DISK_DIR, drivespeed's sequential test (8 MiB x 32, 3 runs, median), with its
#               read-back verification on (the default) and off (--no-verify)  vs
#               fio psync --bs=8m --size=256m write (--end_fsync=1) of a fresh file, then read
# and prints per case and tool the median IOPS (MB/s for seq-8m), the spread (lowest and highest
# round), the ratio of drivespeed's median to each fio engine's, the median of the per-round
# ratios, and the CPU time per I/O: drivespeed's whole process (user and system, over each run),
# fio's usr_cpu/sys_cpu (its job thread) times its runtime over its I/Os; then each case's target
# from issue #17 and whether these medians meet it. The load average before and after says how
# quiet the machine was.
#
# Needs: Java 17+ and Maven (to build drivespeed once, outside the rounds), fio, python3 and a C
# compiler for the bare loop (apt-get install -y fio python3 gcc); for zram-qd32 root, the zram module and mkfs.ext4 (the case
# is skipped, saying why, without them or when /dev/zram0 is in use). Installs nothing; leaves
# nothing behind (the zram device is reset and the module unloaded if this script loaded it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
disk="$(cd "${1:-.}" && pwd)"
rounds="${2:-5}"
qd_rounds="${3:-9}"
cases="${CASES:-tmpfs-qd1 disk-qd1 disk-qd32 zram-qd32 seq-8m}"
runtime="${RUNTIME:-5}"
size="${SIZE:-1G}"
command -v fio >/dev/null || { echo "engines-vs-fio.sh: needs fio (apt-get install -y fio)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "engines-vs-fio.sh: needs python3" >&2; exit 1; }
command -v cc >/dev/null || { echo "engines-vs-fio.sh: needs a C compiler (apt-get install -y gcc)" >&2; exit 1; }

work="$(mktemp -d)"; shm="$(mktemp -d /dev/shm/engines-vs-fio.XXXXXX)"
diskdir="$(mktemp -d "$disk/engines-vs-fio.XXXXXX")"
zram_mnt=""; zram_loaded=0; zram_used=0
out="$work/results"; : > "$out"
cleanup() {
  rm -rf "$shm" "$diskdir"
  if [ -n "$zram_mnt" ]; then
    umount "$zram_mnt" 2>/dev/null || true
    rmdir "$zram_mnt" 2>/dev/null || true
  fi
  if [ "$zram_used" = 1 ]; then echo 1 > /sys/block/zram0/reset || true; fi
  if [ "$zram_loaded" = 1 ]; then modprobe -r zram || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Build once (./drivespeed builds the command's exec jar), freeze the jar for all rounds.
"$here/drivespeed" --help >/dev/null
jar="$(ls "$here"/drivespeed-cli/target/drivespeed-cli-*-exec.jar 2>/dev/null | head -1)"
[ -n "$jar" ] || { echo "engines-vs-fio.sh: no drivespeed-cli exec jar after the build" >&2; exit 1; }
cp "$jar" "$work/drivespeed.jar"
ds() { java -jar "$work/drivespeed.jar" "$@"; }
cc -O2 -pthread -o "$work/bare-io" "$here/benchmarks/bare-io.c"

# bare DIR RW [timed] [threaded] -> "iops - -": the bare C loop on a fresh file of SIZE (written before it,
# untimed, so that every offset it reads holds data)
bare_run() {
  local f="$1/bare.$RANDOM$RANDOM.bin"
  dd if=/dev/zero of="$f" bs=1M count="$(numfmt --from=iec "$size" | awk '{ print int($1 / 1048576) }')" \
     oflag=direct status=none
  echo "$("$work/bare-io" "$f" "$runtime" "${2#rand}" "${@:3}") - -"
  rm -f "$f"
}

zram_setup() {
  if [ "$(id -u)" != 0 ]; then echo "zram-qd32 skipped: needs root"; return 1; fi
  command -v mkfs.ext4 >/dev/null || { echo "zram-qd32 skipped: needs mkfs.ext4"; return 1; }
  if [ ! -e /sys/block/zram0 ]; then
    modprobe zram num_devices=1 2>/dev/null || { echo "zram-qd32 skipped: no zram module"; return 1; }
    zram_loaded=1
  fi
  if [ "$(cat /sys/block/zram0/disksize)" != 0 ]; then
    echo "zram-qd32 skipped: /dev/zram0 is in use (disksize $(cat /sys/block/zram0/disksize))"
    return 1
  fi
  zram_used=1
  echo 3G > /sys/block/zram0/disksize
  mkfs.ext4 -q -F /dev/zram0
  zram_mnt="$(mktemp -d)"
  mount /dev/zram0 "$zram_mnt"
}

# fio DIR RW ENGINE QD [extra...] -> "iops usr_ns sys_ns" on a fresh file in DIR
fio_run() {
  local dir="$1" rw="$2" engine="$3" qd="$4"; shift 4
  local f="$dir/fio.$RANDOM$RANDOM.bin" json="$work/fio.json" extra=()
  [ "$rw" = randwrite ] && extra+=(--end_fsync=1)
  fio --name=bench --filename="$f" --size="$size" --bs=4k --rw="$rw" --direct=1 \
      --ioengine="$engine" --iodepth="$qd" --time_based --runtime="$runtime" --norandommap \
      "${extra[@]}" "$@" --output-format=json --output="$json" >/dev/null 2>&1
  rm -f "$f"
  python3 - "$json" "${rw#rand}" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]
d = j[sys.argv[2]]
iops = d["iops"]
# usr_cpu and sys_cpu are percent of the job's runtime: ns per I/O = pct / 100 * 1e9 / iops
print("%.0f %.0f %.0f" % (iops, j["usr_cpu"] * 1e7 / iops, j["sys_cpu"] * 1e7 / iops))
PY
}

# drivespeed DIR RW QD ENGINE -> "iops usr_ns sys_ns" (ENGINE auto: drivespeed's choice)
ds_run() {
  local engine=(); [ "$4" = auto ] || engine=(--ioengine "$4")
  local json="$work/ds.json"
  ds "$1" --rw "$2" --iodepth "$3" "${engine[@]}" --runtime "$runtime" --size "$size" --json \
     -o "$json" --overwrite --quiet >/dev/null
  python3 - "$json" "${2#rand}" <<'PY'
import json, sys
job = json.load(open(sys.argv[1]))["jobs"][0]
cpu = job["cpu"] or {}
flight = job["engine"].get("in_flight") or {}
name = job["engine"]["name"]
if flight and job["engine"]["iodepth"] > 1:
    name += "@%.1f" % flight["mean"]
print("%.0f %s %s %s" % (job[sys.argv[2]]["iops_median"], cpu.get("usr_ns_per_io", "-"),
      cpu.get("sys_ns_per_io", "-"), name))
PY
}

# fio tuned for IOPS: registered buffers and file, batched submission and reaping
tuned="--fixedbufs --registerfiles --iodepth_batch_submit=16 --iodepth_batch_complete_min=1 --iodepth_batch_complete_max=32"

record() { echo "$1|$2|$3|$4" >> "$out"; }   # case|tool|round|"value usr sys"

# ds_seq ROUND TOOL [option...]: drivespeed's sequential test; records its write and read medians
ds_seq() {
  local r="$1" tool="$2"; shift 2
  ds "$diskdir" "$@" --json -o "$work/seq-ds.json" --overwrite --quiet >/dev/null
  for rw in write read; do
    record "seq 8M $rw" "$tool" "$r" "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["jobs"][0][sys.argv[2]]; print("%.1f - -" % (d["bw_bytes_median"] / 1e6))' "$work/seq-ds.json" "$rw")"
  done
}

# fio_seq ROUND: fio psync 8 MiB x 32 writes a fresh file (fdatasync at the end), then reads it
fio_seq() {
  local r="$1" f="$diskdir/fio.seq.$RANDOM$RANDOM.bin" rw
  for rw in write read; do
    fio --name=seq --filename="$f" --size=256m --bs=8m --rw="$rw" --direct=1 --ioengine=psync \
        $([ "$rw" = write ] && echo --end_fsync=1) --output-format=json --output="$work/seq.json" >/dev/null 2>&1
    record "seq 8M $rw" "fio psync" "$r" "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["jobs"][0][sys.argv[2]]; print("%.1f - -" % (d["bw_bytes"] / 1e6))' "$work/seq.json" "$rw")"
  done
  rm -f "$f"
}

# run CASE ROUND TOOL... : each tool is "label:command", run in alternating order
run_round() {
  local c="$1" r="$2"; shift 2
  local tools=("$@")
  if [ $((r % 2)) = 0 ]; then
    local reversed=(); for ((i=${#tools[@]}-1; i>=0; i--)); do reversed+=("${tools[i]}"); done
    tools=("${reversed[@]}")
  fi
  for t in "${tools[@]}"; do
    if [ "$c" = "seq 8M" ]; then
      eval "${t#*:}"                 # records its write and read rows itself
    else
      record "$c" "${t%%:*}" "$r" "$(eval "${t#*:}")"
    fi
  done
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
ds "$diskdir" --block-size 64K --count 4 --runs 1 --json -o "$work/b.json" --quiet >/dev/null
echo "drivespeed backend: $(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["backend"]; print(b["name"], "|", b["description"])' "$work/b.json")"
for c in $cases; do
  case "$c" in
    tmpfs-qd1)
      for r in $(seq "$rounds"); do
        for rw in randread randwrite; do
          run_round "tmpfs $rw QD1" "$r" \
            "drivespeed:ds_run $shm $rw 1 auto" \
            "fio psync:fio_run $shm $rw psync 1" \
            "fio io_uring:fio_run $shm $rw io_uring 1" \
            "bare C:bare_run $shm $rw" \
            "bare C timed:bare_run $shm $rw timed" \
            "bare C timed threaded:bare_run $shm $rw timed threaded"
        done
        echo "tmpfs-qd1 round $r/$rounds" >&2
      done ;;
    disk-qd1)
      for r in $(seq "$rounds"); do
        run_round "disk randread QD1" "$r" \
          "drivespeed:ds_run $diskdir randread 1 auto" \
          "fio psync:fio_run $diskdir randread psync 1"
        echo "disk-qd1 round $r/$rounds" >&2
      done ;;
    disk-qd32)
      for r in $(seq "$qd_rounds"); do
        run_round "disk randread QD32" "$r" \
          "drivespeed:ds_run $diskdir randread 32 auto" \
          "drivespeed libaio:ds_run $diskdir randread 32 libaio" \
          "fio libaio:fio_run $diskdir randread libaio 32" \
          "fio io_uring:fio_run $diskdir randread io_uring 32" \
          "fio io_uring tuned:fio_run $diskdir randread io_uring 32 $tuned"
        echo "disk-qd32 round $r/$qd_rounds" >&2
      done ;;
    zram-qd32)
      if zram_setup; then
        for r in $(seq "$qd_rounds"); do
          run_round "zram randread QD32" "$r" \
            "drivespeed:ds_run $zram_mnt randread 32 auto" \
            "drivespeed libaio:ds_run $zram_mnt randread 32 libaio" \
            "fio libaio:fio_run $zram_mnt randread libaio 32" \
            "fio io_uring:fio_run $zram_mnt randread io_uring 32" \
            "fio io_uring fixed:fio_run $zram_mnt randread io_uring 32 --registerfiles --fixedbufs" \
            "fio io_uring tuned:fio_run $zram_mnt randread io_uring 32 $tuned"
          echo "zram-qd32 round $r/$qd_rounds" >&2
        done
      fi ;;
    seq-8m)
      for r in $(seq "$rounds"); do
        run_round "seq 8M" "$r" \
          "drivespeed:ds_seq $r drivespeed" \
          "drivespeed --no-verify:ds_seq $r 'drivespeed --no-verify' --no-verify" \
          "fio psync:fio_seq $r"
        echo "seq-8m round $r/$rounds" >&2
      done ;;
    *) echo "engines-vs-fio.sh: unknown case $c" >&2; exit 1 ;;
  esac
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$out" "$runtime" "$size" <<'PY'
import math, statistics, sys
from collections import OrderedDict
rows = OrderedDict()
for line in open(sys.argv[1]):
    case, tool, rnd, values = line.rstrip("\n").split("|")
    if values.strip():
        rows.setdefault(case, OrderedDict()).setdefault(tool, {})[int(rnd)] = values.split()
def num(x):
    try:
        return float(x)
    except ValueError:
        return math.nan
def median(xs):
    xs = [x for x in xs if not math.isnan(x)]
    return statistics.median(xs) if xs else math.nan
def short(tool):
    return tool[4:] if tool.startswith("fio ") else tool
def show(x):
    return "-" if math.isnan(x) else "%.0f" % x
print("\n4 KiB random cases: %s s per run, %s file; seq: 8 MiB blocks, 256 MiB" % (sys.argv[2], sys.argv[3]))
print("%-20s %-22s %-8s %11s %-21s %-40s %-40s %9s %9s" % ("case", "tool", "engine", "median",
      "spread (min-max, n)", "ratio of medians vs fio", "median of per-round ratios", "usr ns/IO",
      "sys ns/IO"))
for case, tools in rows.items():
    unit = "MB/s" if case.startswith("seq") else "IOPS"
    fios = [t for t in tools if t.startswith(("fio", "bare"))]
    med = {t: median(num(v[0]) for v in r.values()) for t, r in tools.items()}
    for t, r in tools.items():
        vals = [num(v[0]) for v in r.values()]
        engines = sorted({v[3] for v in r.values() if len(v) > 3})
        ratios, per_round = [], []
        if not t.startswith(("fio", "bare")):
            for f in fios:
                ratios.append("%s %.2f" % (short(f), med[t] / med[f]))
                common = [k for k in r if k in tools[f]]
                per_round.append("%s %.2f" % (short(f), median(
                    num(r[k][0]) / num(tools[f][k][0]) for k in common)))
        print("%-20s %-22s %-8s %9.0f %-4s %8.0f-%-8.0f %2d  %-40s %-40s %9s %9s" % (case, t,
              "/".join(engines) or "-", med[t], unit, min(vals), max(vals), len(vals),
              ", ".join(ratios), ", ".join(per_round),
              show(median(num(v[1]) for v in r.values())),
              show(median(num(v[2]) for v in r.values()))))
# Issue #17's targets, judged on the medians above: the ratio of drivespeed's median (its own
# engine choice) to the best fio engine named, and at QD1 on tmpfs its user CPU per I/O below
# each fio engine's.
TARGETS = [
    ("tmpfs randread QD1", "drivespeed", ["fio psync", "fio io_uring"], 1.10, None, True),
    ("tmpfs randwrite QD1", "drivespeed", ["fio psync", "fio io_uring"], 1.10, None, True),
    ("zram randread QD32", "drivespeed", ["fio libaio", "fio io_uring", "fio io_uring fixed"],
     1.20, None, False),
    ("disk randread QD32", "drivespeed", ["fio libaio"], 1.00, None, False),
    # issue #33: at or above fio at its best for IOPS
    ("disk randread QD32", "drivespeed", ["fio io_uring tuned"], 1.00, None, False),
    ("zram randread QD32", "drivespeed", ["fio io_uring tuned"], 1.00, None, False),
    # issue #33: at queue depth 1, within 5 % of the bare C loop's IOPS
    ("tmpfs randread QD1", "drivespeed", ["bare C"], 0.95, None, False),
    ("tmpfs randwrite QD1", "drivespeed", ["bare C"], 0.95, None, False),
    # the same against the floor of a process that, as a JVM, has more than one thread (the
    # kernel takes and drops a file reference per system call: fdget/fput) and times each I/O
    ("tmpfs randread QD1", "drivespeed", ["bare C timed threaded"], 0.95, None, False),
    ("tmpfs randwrite QD1", "drivespeed", ["bare C timed threaded"], 0.95, None, False),
    ("seq 8M write", "drivespeed", ["fio psync"], 0.97, 1.03, False),
    ("seq 8M read", "drivespeed", ["fio psync"], 0.97, 1.03, False),
    ("seq 8M write", "drivespeed --no-verify", ["fio psync"], 0.97, 1.03, False),
    ("seq 8M read", "drivespeed --no-verify", ["fio psync"], 0.97, 1.03, False),
]
print("\ntargets (issues #17 and #33), on the medians:")
for case, tool, fios, low, high, cpu in TARGETS:
    tools = rows.get(case, {})
    if tool not in tools or not any(f in tools for f in fios):
        continue
    med = {t: median(num(v[0]) for v in r.values()) for t, r in tools.items()}
    best = max((f for f in fios if f in tools), key=lambda f: med[f])
    ratio = med[tool] / med[best]
    ok = ratio >= low and (high is None or ratio <= high)
    want = ">= %.2f" % low if high is None else "%.2f-%.2f" % (low, high)
    line = "%-20s %-24s vs best of %-52s %.2f (target %s): %s" % (case, tool, ", ".join(
        short(f) for f in fios if f in tools) + " (" + short(best) + ")", ratio, want,
        "met" if ok else "NOT met")
    if cpu:
        usr = median(num(v[1]) for v in tools[tool].values())
        fusr = {f: median(num(v[1]) for v in tools[f].values()) for f in fios if f in tools}
        below = all(usr < u for u in fusr.values())
        line += "; usr ns/IO %s vs %s: %s" % (show(usr), ", ".join(
            "%s %s" % (short(f), show(u)) for f, u in fusr.items()), "met" if below else "NOT met")
    print(line)
print("\neach round (value usr_ns sys_ns [engine]):")
for case, tools in rows.items():
    for t, r in tools.items():
        print("%-20s %-20s %s" % (case, t, "  ".join("%d: %s" % (k, " ".join(v)) for k, v in sorted(r.items()))))
PY
