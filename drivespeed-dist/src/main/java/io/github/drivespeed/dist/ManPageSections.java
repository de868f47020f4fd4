package io.github.drivespeed.dist;

import java.util.List;

/**
 * What makes the man page stand alone beside picocli's generated sections: a NAME line short
 * enough for {@code whatis} and {@code apropos}, EXIT STATUS under its man-pages(7) heading, and
 * the sections man-pages(7) expects after them: FILES (where the documents the options name are
 * installed), EXAMPLES (drivespeed beside the dd, hdparm and fio commands it replaces) and SEE
 * ALSO.
 */
final class ManPageSections {

    /** The NAME line's text after {@code drivespeed - }: one short clause, as whatis shows it. */
    static final String SUMMARY = "measure how fast a drive writes and reads";

    /** picocli's heading of the exit codes, which man-pages(7) calls EXIT STATUS. */
    private static final String EXIT_CODES_HEADING = "==  Exit codes:";

    private static final String END = "// end::picocli-generated-full-manpage[]";

    /** The sections added before the page's end, in man-pages(7)'s order. */
    private static final List<String> ADDED = List.of(
            "== Files",
            "",
            "_/usr/share/doc/drivespeed/_ (in the Debian package; _share/doc/drivespeed/_ in the"
                    + " tar.gz)::",
            "  The documents the options name as _docs/NAME.md_: _fio.md_ (the fio options and"
                    + " job files taken and refused), _fio-json.md_ (fio's JSON layout as"
                    + " drivespeed writes it), _output-schema.md_ and _output-schema.json_ (the"
                    + " --json and --csv output), _metrics.md_ (--prometheus),"
                    + " _from-dd-hdparm-fio.md_ (the commands below, and more) and"
                    + " _requirements.md_ (--require).",
            "",
            "_/usr/lib/drivespeed/fio-compat/fio_ (Debian package)::",
            "  A link named _fio_ to the command, which then answers as fio does: put its"
                    + " directory first on the PATH of an fio front end (KDiskMark, fio-plot) to"
                    + " have it run drivespeed. _/usr/bin/fio_ stays fio's.",
            "",
            "== Examples",
            "",
            "Write, then read back, a test file in the current directory, three runs of 32"
                    + " blocks of 8 MiB, O_DIRECT, the write's fdatasync timed; what",
            "*dd if=/dev/zero of=test bs=8M count=32 oflag=direct conv=fdatasync* measures"
                    + " by hand (drivespeed writes random data, not zeros, and removes the file):",
            "",
            "....",
            "drivespeed",
            "drivespeed /mnt/usb --block-size 1M --count 256 --runs 5",
            "....",
            "",
            "Read a block device, read-only, as *hdparm -t* does; *-T* adds *hdparm -T*'s"
                    + " cached-read figure:",
            "",
            "....",
            "drivespeed /dev/sdb -T",
            "....",
            "",
            "Random 4 KiB reads at queue depth 32 for 30 s, IOPS and latency percentiles, as"
                    + " *fio --name=r --rw=randread --bs=4k --iodepth=32 --direct=1"
                    + " --ioengine=libaio --size=1G --runtime=30 --time_based* does; fio's own"
                    + " spellings and job files are taken too:",
            "",
            "....",
            "drivespeed /mnt/ssd --rw randread --bs 4k --iodepth 32 --size 1G --duration 30s",
            "drivespeed /mnt/ssd --preset standard",
            "drivespeed randread.fio",
            "....",
            "",
            "Check the drive against a requirement (exit status 1 when not met), or against an"
                    + " SD speed class, judged on a sustained write past the drive's cache:",
            "",
            "....",
            "drivespeed /var/lib/app --require write=20MB/s,read=50MB/s",
            "drivespeed /media/sdcard --require C10",
            "....",
            "",
            "Check that a memory card or USB stick stores what it claims (a counterfeit one"
                    + " wraps around or loses writes), as *f3write* and *f3read* do:",
            "",
            "....",
            "drivespeed /media/sdcard --verify-capacity",
            "....",
            "",
            "Machine-readable results into a file:",
            "",
            "....",
            "drivespeed --json -o result.json",
            "....",
            "",
            "== See also",
            "",
            "*dd*(1), *hdparm*(8), *fio*(1), *f3write*(1), *f3read*(1)",
            "");

    private ManPageSections() {
    }

    /**
     * {@return the page with its NAME line shortened, its exit codes under EXIT STATUS and the
     * added sections before its end}
     *
     * @param adoc the page as picocli wrote it
     * @throws IllegalStateException if picocli's page lacks a part this relies on
     */
    static String complete(String adoc) {
        String nl = System.lineSeparator();
        String nameHeading = "== Name" + nl + nl + ShellFiles.COMMAND + " - ";
        int name = require(adoc, nameHeading);
        int nameEnd = adoc.indexOf(nl, name + nameHeading.length());
        String page = adoc.substring(0, name + nameHeading.length()) + SUMMARY
                + adoc.substring(nameEnd);
        int exitCodes = require(page, EXIT_CODES_HEADING);
        page = page.substring(0, exitCodes) + "== Exit status"
                + page.substring(exitCodes + EXIT_CODES_HEADING.length());
        int end = require(page, END);
        return page.substring(0, end) + String.join(nl, ADDED) + nl + page.substring(end);
    }

    private static int require(String adoc, String part) {
        int at = adoc.indexOf(part);
        if (at < 0) {
            throw new IllegalStateException("picocli's man page lacks " + part.strip());
        }
        return at;
    }
}
