// Zstandard for the archives: each page's text and HTML in one frame (whose window reaches
// from the HTML back to the text, as deflate's 32 KB does not), and the index's folded texts,
// which a search decompresses three to four times as fast as zlib inflates them.
#include <zstd.h>
