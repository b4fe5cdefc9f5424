"""What the streaming fit scripts share: the rows per chunk that a
streaming group walks by default, as tuning/ counts them
(transforms/SpatialBlocking.cpp, streamChunk), and the reading of the
kernel times that bench/c-output prints."""


def chunk(t):
    """16 T rounded up to a power of two; 16 rows with one step."""
    c = 8
    while c < 16 * t:
        c *= 2
    return 16 if t == 1 else c


def kernel_times(path, prefixes):
    """The `NAME: kernel time X ms` lines of a bench/c-output log (run.sh's
    results, passes.sh's `pass N NAME: ...`) whose NAME starts with one of
    `prefixes`: (NAME, X) pairs, in the file's order."""
    for line in open(path):
        f = [x.rstrip(':') for x in line.split()
             if x not in ('kernel', 'time', 'ms')]
        if len(f) >= 2 and f[0].startswith(prefixes):
            yield f[0], f[1]
