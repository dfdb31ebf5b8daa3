// Substring search for the `/` filter and the kept pages' phrases (issue 39.3): the "generic
// SIMD" method (Wojciech Muła), comparing two bytes of the needle at every place of a block at
// once. `memchr` on one byte stops at every place that byte is found; two bytes seldom agree
// where the needle is not.
#include "substring.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// Whether `a` and `b` hold the same `count` bytes: a loop for a short needle (most queries)
/// rather than a call for each place its two bytes agree. The loop has no early exit: the
/// compiler made one with it into a call of `bcmp`, half of a keystroke's time (`in` at
/// 1,000,000 bookmarks: a call for each of them).
static inline int same(const uint8_t *a, const uint8_t *b, intptr_t count) {
  if (count > 16) return memcmp(a, b, (size_t)count) == 0;
  uint8_t differ = 0;
  for (intptr_t index = 0; index < count; index++) differ |= (uint8_t)(a[index] ^ b[index]);
  return differ == 0;
}

static intptr_t find_scalar(const uint8_t *haystack, intptr_t length, const uint8_t *needle, intptr_t needle_length,
                            intptr_t first) {
  const uint8_t byte = needle[first];
  intptr_t offset = first;
  const intptr_t last = length - needle_length + first;
  while (offset <= last) {
    const uint8_t *hit = memchr(haystack + offset, byte, (size_t)(last - offset + 1));
    if (!hit) return -1;
    const intptr_t start = (hit - haystack) - first;
    if (needle_length == 1 || same(haystack + start, needle, needle_length)) return start;
    offset = start + first + 1;
  }
  return -1;
}

#if defined(__x86_64__)
/// `readable`: how many bytes from `haystack` may be read (at least `length`): the last block
/// of a short text is compared at once when the bytes after it can be read, its places past the
/// end masked out, rather than one place at a time.
__attribute__((target("avx2"))) static intptr_t find_avx2(const uint8_t *haystack, intptr_t length,
                                                          intptr_t readable, const uint8_t *needle,
                                                          intptr_t needle_length, intptr_t first, intptr_t second) {
  const __m256i a = _mm256_set1_epi8((char)needle[first]);
  const __m256i b = _mm256_set1_epi8((char)needle[second]);
  const intptr_t last = length - needle_length;  // the last place a match can start
  const intptr_t reach = (first > second ? first : second) + 32;  // bytes a block reads from its start
  // A needle of up to 32 bytes is compared at a place in one step where 32 bytes can be read
  // there; two bytes long, the anchors compared it whole.
  uint8_t padded[32] = {0};
  const int short_needle = needle_length <= 32;
  if (short_needle) memcpy(padded, needle, (size_t)needle_length);
  const __m256i whole = _mm256_loadu_si256((const __m256i *)padded);
  const uint32_t wanted = needle_length >= 32 ? 0xFFFFFFFFu : (1u << needle_length) - 1;
  const int anchored = needle_length == 2;
  intptr_t start = 0;
  for (;;) {
    uint32_t mask;
    if (start + 31 <= last) {
      mask = 0xFFFFFFFFu;
    } else if (start <= last && start + reach <= readable) {
      mask = (1u << (last - start + 1)) - 1;
    } else {
      break;
    }
    const __m256i at_a = _mm256_loadu_si256((const __m256i *)(haystack + start + first));
    const __m256i at_b = _mm256_loadu_si256((const __m256i *)(haystack + start + second));
    mask &= (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(at_a, a), _mm256_cmpeq_epi8(at_b, b)));
    while (mask) {
      const intptr_t place = start + __builtin_ctz(mask);
      if (anchored) return place;
      if (short_needle && place + 32 <= readable) {
        const __m256i at = _mm256_loadu_si256((const __m256i *)(haystack + place));
        if (((uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(at, whole)) & wanted) == wanted) return place;
      } else if (same(haystack + place, needle, needle_length)) {
        return place;
      }
      mask &= mask - 1;
    }
    start += 32;
    if (start > last) return -1;
  }
  for (; start <= last; start++) {
    if (haystack[start + first] == needle[first] && haystack[start + second] == needle[second] &&
        same(haystack + start, needle, needle_length)) {
      return start;
    }
  }
  return -1;
}

static int has_avx2(void) {
  static int known = -1;
  if (known < 0) {
    __builtin_cpu_init();
    known = __builtin_cpu_supports("avx2") ? 1 : 0;
  }
  return known;
}
#endif

/// How many entries on the text is asked for before it is looked at.
enum { ahead = 24 };

/// The 8 bytes of `text` from `position` (zeros past its end: no needle holds a zero).
static inline uint64_t window_at(const uint8_t *text, intptr_t text_length, intptr_t position) {
  uint64_t window = 0;
  const intptr_t available = text_length - position;
  if (available >= 8) {
    memcpy(&window, text + position, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    window = __builtin_bswap64(window);  // the first byte lowest, as below
#endif
  } else {
    for (intptr_t index = 0; index < available; index++) window |= (uint64_t)text[position + index] << (8 * index);
  }
  return window;
}

/// A needle of up to 8 bytes as a window holds it, and the mask of its bytes (0 for a longer
/// one: no window is compared).
static inline uint64_t needle_window(const uint8_t *needle, intptr_t needle_length, uint64_t *mask) {
  if (needle_length <= 0 || needle_length > 8) {
    *mask = 0;
    return 0;
  }
  *mask = needle_length == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * needle_length)) - 1);
  return window_at(needle, needle_length, 0);
}

static intptr_t find(const uint8_t *haystack, intptr_t length, intptr_t readable, const uint8_t *needle,
                     intptr_t needle_length, intptr_t first, intptr_t second) {
  if (needle_length <= 0) return 0;
  if (needle_length > length) return -1;
#if defined(__x86_64__)
  if (needle_length > 1 && first != second && has_avx2()) {
    return find_avx2(haystack, length, readable, needle, needle_length, first, second);
  }
#endif
  (void)second;
  (void)readable;
  return find_scalar(haystack, length, needle, needle_length, first);
}

intptr_t cloudy_find(const uint8_t *haystack, intptr_t length, const uint8_t *needle, intptr_t needle_length,
                     intptr_t first, intptr_t second) {
  return find(haystack, length, length, needle, needle_length, first, second);
}

intptr_t cloudy_find_entries(const uint8_t *text, intptr_t text_length, const intptr_t *starts, intptr_t from,
                             intptr_t to, const uint8_t *needle, intptr_t needle_length, intptr_t first,
                             intptr_t second, intptr_t *found, intptr_t *places, uint64_t *windows) {
  intptr_t count = 0;
  if (from >= to) return 0;
  intptr_t entry = from;
  intptr_t offset = starts[from];
  const intptr_t end = starts[to];
  while (offset < end) {
    const intptr_t hit =
        find(text + offset, end - offset, text_length - offset, needle, needle_length, first, second);
    if (hit < 0) break;
    const intptr_t position = offset + hit;
    while (starts[entry + 1] <= position) entry++;
    if (places) places[count] = position - starts[entry];
    if (windows) windows[count] = window_at(text, text_length, position);
    found[count++] = entry;
    offset = starts[entry + 1];
    entry++;
    // The next search starts at an entry's beginning, a jump the processor does not foresee:
    // one a few entries on is asked for now (each was a wait on memory at 1,000,000).
    if (entry + ahead < to) __builtin_prefetch(text + starts[entry + ahead]);
  }
  return count;
}

intptr_t cloudy_find_among(const uint8_t *text, intptr_t text_length, const intptr_t *starts,
                           const intptr_t *candidates, const intptr_t *from, const uint64_t *windows_in,
                           intptr_t count, const uint8_t *needle, intptr_t needle_length, intptr_t first,
                           intptr_t second, intptr_t *found, intptr_t *places, uint64_t *windows) {
  uint64_t mask;
  const uint64_t wanted = needle_window(needle, needle_length, &mask);
  // A window says the needle is where its prefix was: the text is not looked at.
  const int windowed = from && windows_in && mask;
  intptr_t kept = 0;
  for (intptr_t index = 0; index < count; index++) {
    if (index + ahead < count && !(windowed && (windows_in[index + ahead] & mask) == wanted)) {
      __builtin_prefetch(text + starts[candidates[index + ahead]] + (from ? from[index + ahead] : 0));
    }
    const intptr_t entry = candidates[index];
    if (windowed && (windows_in[index] & mask) == wanted) {
      if (places) places[kept] = from[index];
      if (windows) windows[kept] = windows_in[index];
      found[kept++] = entry;
      continue;
    }
    const intptr_t start = starts[entry] + (from ? from[index] : 0);
    const intptr_t end = starts[entry + 1];
    if (start >= end) continue;
    const intptr_t hit = find(text + start, end - start, text_length - start, needle, needle_length, first, second);
    if (hit >= 0) {
      if (places) places[kept] = start + hit - starts[entry];
      if (windows) windows[kept] = window_at(text, text_length, start + hit);
      found[kept++] = entry;
    }
  }
  return kept;
}
