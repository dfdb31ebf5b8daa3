// Zstandard for the archive index's folded texts, which every search decompresses: about five
// times as fast as zlib inflates them, and a little smaller.
#include <zstd.h>
