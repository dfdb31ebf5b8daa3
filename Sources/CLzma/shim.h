// liblzma (XZ Utils) for the archives' pages: each page's text and HTML in one xz stream, which
// finds the text again inside the HTML (deflate's 32 KB window does not reach that far).
#include <lzma.h>

// Macros Swift does not import (they expand through UINT64_C and the like).
static const lzma_vli cloudy_lzma_filter_lzma2 = LZMA_FILTER_LZMA2;
static const lzma_vli cloudy_lzma_vli_unknown = LZMA_VLI_UNKNOWN;
static const uint32_t cloudy_lzma_dict_size_min = LZMA_DICT_SIZE_MIN;
