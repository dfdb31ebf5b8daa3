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
/// rather than a call for each place its two bytes agree.
static inline int same(const uint8_t *a, const uint8_t *b, intptr_t count) {
  if (count > 16) return memcmp(a, b, (size_t)count) == 0;
  for (intptr_t index = 0; index < count; index++) {
    if (a[index] != b[index]) return 0;
  }
  return 1;
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
    if (same(haystack + start, needle, needle_length)) return start;
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
      if (same(haystack + place, needle, needle_length)) return place;
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
                             intptr_t second, intptr_t *found, intptr_t *places) {
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
                           const intptr_t *candidates, const intptr_t *from, intptr_t count, const uint8_t *needle,
                           intptr_t needle_length, intptr_t first, intptr_t second, intptr_t *found,
                           intptr_t *places) {
  intptr_t kept = 0;
  for (intptr_t index = 0; index < count; index++) {
    if (index + ahead < count) {
      __builtin_prefetch(text + starts[candidates[index + ahead]] + (from ? from[index + ahead] : 0));
    }
    const intptr_t entry = candidates[index];
    const intptr_t start = starts[entry] + (from ? from[index] : 0);
    const intptr_t end = starts[entry + 1];
    if (start >= end) continue;
    const intptr_t hit = find(text + start, end - start, text_length - start, needle, needle_length, first, second);
    if (hit >= 0) {
      if (places) places[kept] = start + hit - starts[entry];
      found[kept++] = entry;
    }
  }
  return kept;
}
