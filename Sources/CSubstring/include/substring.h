#ifndef CLOUDY_SUBSTRING_H
#define CLOUDY_SUBSTRING_H

#include <stddef.h>
#include <stdint.h>

/// The first place in `haystack[0..<length]` where `needle[0..<needle_length]` starts, or -1.
/// `first` and `second` are two places in the needle (its rarest bytes; equal when it has one
/// byte): a block of 32 (or 16) places is compared at both at once, and only the places where
/// both bytes agree are compared whole.
intptr_t cloudy_find(const uint8_t *haystack, intptr_t length, const uint8_t *needle, intptr_t needle_length,
                     intptr_t first, intptr_t second);

/// The entries among `from..<to` whose text (`text[starts[e]..<starts[e + 1]]`, of the
/// `text_length` bytes of `text`) holds the needle, ascending, written to `found` (room for
/// `to - from`), and where in its text each first holds it to `places` unless it is NULL, and
/// the 8 bytes of the text from there (zeros past its end) to `windows` unless it is NULL;
/// returns how many. The text is scanned once, stepping to the next entry after each hit, so
/// the needle must not hold a byte that separates entries, nor a zero.
intptr_t cloudy_find_entries(const uint8_t *text, intptr_t text_length, const intptr_t *starts, intptr_t from,
                             intptr_t to, const uint8_t *needle, intptr_t needle_length, intptr_t first,
                             intptr_t second, intptr_t *found, intptr_t *places, uint64_t *windows);

/// The entries of `candidates[0..<count]` (ascending) whose text holds the needle, written to
/// `found` (room for `count`), with `places` and `windows` as above; returns how many. With
/// `from` (not NULL), each candidate's text is looked at from `from[i]` on: where a prefix of
/// the needle was first found in it, so the needle is not before. With `windows_in` too (the
/// 8 bytes from there), a needle of up to 8 bytes that a window holds is found there without
/// reading the text: a query grown by a letter mostly reads only those windows.
intptr_t cloudy_find_among(const uint8_t *text, intptr_t text_length, const intptr_t *starts,
                           const intptr_t *candidates, const intptr_t *from, const uint64_t *windows_in,
                           intptr_t count, const uint8_t *needle, intptr_t needle_length, intptr_t first,
                           intptr_t second, intptr_t *found, intptr_t *places, uint64_t *windows);

#endif
