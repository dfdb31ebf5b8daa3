// zlib for the archives' compressed pages: `compress2` and `uncompress` are plain functions,
// so nothing needs wrapping; this header only brings them in.
#include <zlib.h>
