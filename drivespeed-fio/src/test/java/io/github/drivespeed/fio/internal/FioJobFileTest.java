package io.github.drivespeed.fio.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Job files read as fio's ini parser reads them, and their jobs through the option table. */
class FioJobFileTest {

    @TempDir
    Path dir;

    private List<FioSection> read(String text, Map<String, String> env) throws IOException {
        Path file = dir.resolve("job.fio");
        Files.writeString(file, text);
        return new FioJobFile(env).read(file);
    }

    @Test
    void sectionsCommentsBareFlagsIncludesAndVariablesAreReadAsFioReadsThem() throws IOException {
        Files.writeString(dir.resolve("common.inc"), "; shared\nbs=8k\niodepth = 4 # four\n");
        List<FioSection> sections = read("""
                ; a comment
                # another
                [global]
                size=1m   ; inline comment
                group_reporting
                [reader]
                rw=${MODE}
                include common.inc
                [writer]
                rw = write
                """, Map.of("MODE", "randread"));
        assertThat(sections).extracting(FioSection::name)
                .containsExactly("global", "reader", "writer");
        assertThat(sections.get(0).entries()).extracting(FioEntry::written)
                .containsExactly("size=1m", "group_reporting");
        assertThat(sections.get(1).entries()).extracting(FioEntry::written)
                .containsExactly("rw=randread", "bs=8k", "iodepth=4");
        assertThat(sections.get(1).entries().get(1).where()).endsWith("common.inc:2");
        assertThat(sections.get(2).entries().get(0).where()).endsWith("job.fio:10");

        FioJobs jobs = FioJobs.of(sections);
        FioJobSettings reader = jobs.jobs().get(0).settings();
        assertThat(reader.size).isEqualTo(1 << 20);
        assertThat(reader.blockSize).isEqualTo(8192);
        assertThat(reader.iodepth).isEqualTo(4);
        assertThat(reader.groupReporting).isTrue();
        assertThat(reader.fioRw()).isEqualTo("randread");
        assertThat(jobs.jobs().get(1).settings().blockSize).isEqualTo(4096);
    }

    @Test
    void anUnsupportedOptionIsRefusedWithItsNameAndLine() throws IOException {
        List<FioSection> later = read("[global]\nsize=1m\n\n[job]\nrw=read\nverify=md5\n",
                Map.of());
        assertThatThrownBy(() -> FioJobs.of(later))
                .hasMessageStartingWith(dir.resolve("job.fio") + ":6: fio option 'verify':"
                        + " 'md5': not supported yet");
        List<FioSection> unknown = read("[job]\nrw=read\nsize=1m\nzonemode=zbd\n", Map.of());
        assertThatThrownBy(() -> FioJobs.of(unknown))
                .hasMessageStartingWith(dir.resolve("job.fio") + ":4: fio option 'zonemode':"
                        + " not supported by drivespeed");
        List<FioSection> refused = read("[job]\nloops=3\n", Map.of());
        assertThatThrownBy(() -> FioJobs.of(refused))
                .hasMessageContaining(":2: fio option 'loops': '3': not supported:");
    }

    /**
     * Every refusal of a job file's line names the file and line: a value's own check (a size, a
     * time) too; a name one or two edits from a known option is named as a likely misspelling;
     * an unclosed section header is called that.
     */
    @Test
    void valueErrorsTyposAndUnclosedHeadersNameTheLineAndWhatIsWrong() throws IOException {
        Path file = dir.resolve("job.fio");
        assertThatThrownBy(() -> FioJobs.of(read("[job]\nrw=read\nsize=1m\nbs=1mm\n", Map.of())))
                .hasMessageStartingWith(file + ":4: ").hasMessageContaining("'bs'")
                .hasMessageContaining("'1mm'");
        assertThatThrownBy(() -> FioJobs.of(read("[job]\nrw=read\nsize=1m\nruntime=5x\n",
                Map.of()))).hasMessageStartingWith(file + ":4: ")
                .hasMessageContaining("'5x'");
        assertThatThrownBy(() -> FioJobs.of(read("[job]\nrw=read\nblocksiz=1m\n", Map.of())))
                .hasMessage(file + ":3: fio option 'blocksiz': unknown: not an option drivespeed"
                        + " knows; did you mean 'blocksize'? (" + FioOptions.NOT_TAKEN + ")");
        assertThatThrownBy(() -> read("[job\nrw=read\n", Map.of()))
                .hasMessage(file + ":1: '[job' is a section header that is not closed: a section"
                        + " is named [name], the whole line");
    }

    @Test
    void kbBaseAppliesToTheWholeSectionAsFioReadsItFirst() throws IOException {
        FioJobs jobs = FioJobs.of(read("""
                [global]
                bs=4k
                [si]
                size=1m
                kb_base=1000
                [default]
                size=1m
                """, Map.of()));
        // kb_base has priority in its own section; the global bs was read with 1024
        assertThat(jobs.jobs().get(0).settings().blockSize).isEqualTo(4096);
        assertThat(jobs.jobs().get(0).settings().size).isEqualTo(1_000_000);
        assertThat(jobs.jobs().get(1).settings().size).isEqualTo(1 << 20);
    }

    @Test
    void stonewallStartsASetAndAGroupNewGroupOnlyAGroup() throws IOException {
        FioJobs jobs = FioJobs.of(read("""
                [a]
                [b]
                new_group
                [c]
                stonewall
                [d]
                """, Map.of()));
        assertThat(jobs.jobs()).extracting(FioJobs.Job::group).containsExactly(0, 1, 2, 2);
        assertThat(jobs.jobs()).extracting(FioJobs.Job::runSet).containsExactly(0, 0, 1, 1);
        assertThat(jobs.runSets()).isEqualTo(2);
    }

    @Test
    void whatFioWouldDoSilentlyIsRefusedWithTheLine() throws IOException {
        assertThatThrownBy(() -> read("size=1m\n[job]\n", Map.of()))
                .hasMessageContaining("job.fio:1:").hasMessageContaining("outside of a [section]");
        assertThatThrownBy(() -> read("[job]\nfilename=${NOPE}/f\n", Map.of()))
                .hasMessageContaining("job.fio:2:").hasMessageContaining("'NOPE' is not set");
        assertThatThrownBy(() -> read("[job]\nnumjobs=$ncpus\n", Map.of()))
                .hasMessageContaining("$ncpus");
        Files.writeString(dir.resolve("bad.inc"), "[other]\n");
        assertThatThrownBy(() -> read("[job]\ninclude bad.inc\n", Map.of()))
                .hasMessageContaining("bad.inc:1:").hasMessageContaining("no [section]");
        assertThatThrownBy(() -> FioJobs.of(read("[global]\nsize=1m\n", Map.of())))
                .hasMessageContaining("no job");
        assertThatThrownBy(() -> FioJobs.of(read("[job]\noutput-format=json\n", Map.of())))
                .hasMessageContaining("command-line option");
        assertThatThrownBy(() -> FioJobs.of(read("[job]\ndirect\n", Map.of())))
                .hasMessageContaining("direct=1 or direct=0");
    }

    @Test
    void everyRowIsNamedOnceAndEveryRefusalSaysWhy() {
        List<String> names = FioOptions.rows().stream()
                .flatMap(r -> java.util.stream.Stream.concat(java.util.stream.Stream.of(r.name()),
                        r.aliases().stream())).toList();
        assertThat(names).doesNotHaveDuplicates();
        for (FioOptions.Row r : FioOptions.rows()) {
            if (r.support() == FioOptions.Support.SUPPORTED) {
                assertThat(r.setter()).as(r.name()).isNotNull();
            } else {
                assertThat(r.note()).as(r.name()).isNotBlank();
            }
            if (r.support() == FioOptions.Support.LATER) {
                assertThat(r.note()).as(r.name()).containsPattern("issue 1[347]");
            }
        }
    }
}
