package io.github.drivespeed;

/**
 * Something that may make a figure differ from the drive's own speed, or a risk the caller
 * should know about. Each constant has a stable name (usable as a key in machine-readable
 * output) and a one-sentence message for people.
 */
public enum Warning {
    /**
     * The read pass was buffered and the file's pages could not be evicted from the page cache
     * first, so the figure may be memory speed.
     */
    READ_MAY_INCLUDE_PAGE_CACHE("read figures may come from the page cache (buffered read without"
            + " eviction); use direct I/O for the drive's speed"),
    /** The data written was all zeros, which compressing or deduplicating storage may not store. */
    ZERO_FILLED_DATA("data is all zeros: a compressing or deduplicating file system or controller"
            + " may store almost nothing, inflating the write figure"),
    /** The target file system keeps its files in memory (tmpfs, ramfs, devtmpfs). */
    MEMORY_FILE_SYSTEM("the target is a memory file system (tmpfs, ramfs or devtmpfs): figures are memory"
            + " speed, not a drive's"),
    /** The file system reports no size, so free space could not be checked before writing. */
    FREE_SPACE_UNKNOWN("the file system reports no size, so free space was not checked before"
            + " writing"),
    /**
     * O_DIRECT was asked for with {@link SpeedTest#directOrBuffered()}, the file system refused it
     * (open(2) EINVAL), and the passes ran buffered: the report's
     * {@link TestParameters#direct()} is then false.
     */
    BUFFERED_FALLBACK("O_DIRECT was refused by the file system, so the figures are buffered"
            + " (through the page cache), not direct I/O");

    private final String message;

    Warning(String message) {
        this.message = message;
    }

    /** @return one sentence saying what the warning means for the figures */
    public String message() {
        return message;
    }
}
