"""What the streaming fit scripts share with tuning/: the rows per chunk
that a streaming group walks by default (transforms/SpatialBlocking.cpp,
streamChunk)."""


def chunk(t):
    """16 T rounded up to a power of two; 16 rows with one step."""
    c = 8
    while c < 16 * t:
        c *= 2
    return 16 if t == 1 else c
