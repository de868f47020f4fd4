package io.github.drivespeed.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.drivespeed.fio.internal.Results;
import io.github.drivespeed.report.SpeedReport;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * A stall, a read rate drop and the page cache's dirty limit are named in the text (the pass
 * line and the warning's details) and in the JSON, with where and how long.
 */
class RateFindingsOutputTest {

    @Test
    void theTextNamesTheStallTheDropAndWhichCacheFilled() {
        String text = ReportFixtures.sequentialWithRateFindings().details();
        assertThat(text).contains("[PAGE CACHE DIRTY LIMIT REACHED: ", "[STALLED 2.000 s]",
                "[READ RATE FELL: ", "PAGE_CACHE_DIRTY_LIMIT: ", "WRITE_STALL: ",
                "READ_RATE_DROP: ",
                "write run 1: no block completed for 2.000 s from 356.00 ms into the pass, at"
                        + " offset 33.6 MB (32.0 MiB); the worst block took 2.010 s",
                "read run 2: fell after 67.1 MB (64.0 MiB) (2.000 s)")
                .doesNotContain("WRITE CACHE FILLED", "WRITE_CACHE_CLIFF");
    }

    @Test
    void theJsonCarriesTheStallTheDropAndTheCliffsCause() throws Exception {
        SpeedReport r = ReportFixtures.sequentialWithRateFindings();
        StringWriter out = new StringWriter();
        JsonReport.write(Results.of(r), "test", out);
        JsonNode job = OutputSchema.read(out.toString()).get("jobs").get(0);
        JsonNode write = job.get("write");
        assertThat(write.get("cache_cliff").get("cause").asText()).isEqualTo("PAGE_CACHE");
        JsonNode stall = write.get("runs").get(0).get("stall");
        assertThat(stall.get("no_progress_ns").asLong()).isEqualTo(2_000_000_000L);
        assertThat(stall.get("offset_bytes").asLong()).isEqualTo(32L << 20);
        assertThat(stall.get("started_at_ns").asLong()).isEqualTo(356_000_000L);
        assertThat(stall.get("worst_block_ns").asLong()).isEqualTo(2_010_000_000L);
        assertThat(write.get("stall")).isEqualTo(stall);
        assertThat(write.get("runs").get(1).get("stall").isNull()).isTrue();
        JsonNode read = job.get("read");
        assertThat(read.get("runs").get(0).get("rate_drop").isNull()).isTrue();
        JsonNode drop = read.get("runs").get(1).get("rate_drop");
        assertThat(drop.get("before_drop_bytes").asLong()).isEqualTo(64L << 20);
        assertThat(drop.get("drop_factor").asDouble()).isEqualTo(10.0);
        assertThat(read.get("rate_drop")).isEqualTo(drop);
        assertThat(write.get("warnings").toString()).contains("PAGE_CACHE_DIRTY_LIMIT",
                "WRITE_STALL").doesNotContain("WRITE_CACHE_CLIFF");
    }
}
