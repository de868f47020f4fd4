package io.github.drivespeed.fio.internal.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.drivespeed.report.DeviceActivity;
import io.github.drivespeed.report.DeviceIo;
import io.github.drivespeed.report.PassResult;
import io.github.drivespeed.report.Sample;
import io.github.drivespeed.unit.DataSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fio's {@code disk_util} array ({@code json_array_add_disk_util}): per device, what its kernel
 * counters moved. fio counts from its start to its end; drivespeed reads the counters around each
 * measured interval ({@link DeviceIo}), so the figures here are the sums over every measured run
 * of every job (each run's window counted once, though a mix's two directions share it), and
 * {@code util} is busy time over the sum of those intervals: the device's utilisation while it was
 * measured, not diluted by set-up time as fio's is. Devices are named as the report names them
 * ({@code loop3}; a multi-device btrfs as {@code sdb+sdc}, its counters summed). A device whose
 * busy time was not read (a stat file of fewer than 11 fields) is left out; no device, no
 * entries (fio then writes no {@code disk_util} key at all; this writes an empty array).
 */
final class FioDiskUtil {

    private FioDiskUtil() {
    }

    /**
     * @param jobs the jobs
     * @return the array
     */
    static ArrayNode of(List<FioJobSource> jobs) {
        Map<String, Totals> byDevice = new LinkedHashMap<>();
        for (FioJobSource job : jobs) {
            List<Sample> runs = new ArrayList<>();
            job.read().map(PassResult::samples).ifPresent(runs::addAll);
            if (runs.isEmpty()) {
                job.write().map(PassResult::samples).ifPresent(runs::addAll);
            }
            for (Sample s : runs) {
                s.accounting().deviceIo().filter(d -> d.activity().isPresent())
                        .ifPresent(d -> byDevice
                        .computeIfAbsent(d.deviceName(), k -> new Totals()).add(d, s.elapsedNanos()));
            }
        }
        ArrayNode a = FioNodes.NODES.arrayNode();
        byDevice.forEach((name, t) -> a.add(t.node(name)));
        return a;
    }

    /** Sums over the windows of one device. */
    private static final class Totals {
        private long readIos;
        private long writeIos;
        private long readSectors;
        private long writeSectors;
        private long readMerges;
        private long writeMerges;
        private long readTicks;
        private long writeTicks;
        private long ioTicks;
        private long inQueue;
        private long elapsedNanos;

        void add(DeviceIo d, long nanos) {
            DeviceActivity a = d.activity().orElseThrow();
            readIos += d.readRequests();
            writeIos += d.writeRequests();
            readSectors += d.readBytes() / DataSize.SECTOR_BYTES;
            writeSectors += d.writeBytes() / DataSize.SECTOR_BYTES;
            readMerges += a.readMerges();
            writeMerges += a.writeMerges();
            readTicks += a.readTicksMillis();
            writeTicks += a.writeTicksMillis();
            ioTicks += a.ioTicksMillis();
            inQueue += a.timeInQueueMillis();
            elapsedNanos += nanos;
        }

        ObjectNode node(String name) {
            ObjectNode o = FioNodes.object();
            o.put("name", name);
            o.put("read_ios", readIos);
            o.put("write_ios", writeIos);
            o.put("read_sectors", readSectors);
            o.put("write_sectors", writeSectors);
            o.put("read_merges", readMerges);
            o.put("write_merges", writeMerges);
            o.put("read_ticks", readTicks);
            o.put("write_ticks", writeTicks);
            o.put("in_queue", inQueue);
            o.set("util", FioNodes.decimal(new DeviceActivity(0, 0, 0, 0, ioTicks, 0)
                    .utilPercent(elapsedNanos)));
            return o;
        }
    }
}
