#ifndef CLOUDY_CBUILDSTAMP_BUILD_STAMP_H
#define CLOUDY_CBUILDSTAMP_BUILD_STAMP_H

// The build stamp: the commit and the build date that scripts/install links into the binary,
// as an object file defining these two strings (as Go's `-ldflags -X` would). The
// declarations are weak, so a plain `swift build` links without them and they are NULL: no
// generated source, no flag that would make the other modules compile again.
extern const char cloudy_build_commit[] __attribute__((weak));
extern const char cloudy_build_date[] __attribute__((weak));

/// The commit this binary was built from (`git rev-parse`), or NULL when nothing was stamped.
static inline const char *cloudy_stamped_commit(void) { return cloudy_build_commit; }

/// The UTC date and time of the build, or NULL when nothing was stamped.
static inline const char *cloudy_stamped_date(void) { return cloudy_build_date; }

#endif
