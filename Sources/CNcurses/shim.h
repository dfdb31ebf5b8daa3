#ifndef CLOUDY_CNCURSES_SHIM_H
#define CLOUDY_CNCURSES_SHIM_H

// Wide-character API (cchar_t, wget_wch, setcchar). SwiftPM drops pkg-config's
// feature flags, so the switch must be set here, before the header.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>

// Swift cannot see function-like macros or the macro-defined attribute masks.
// Each wrapper below is a one-line static inline function around one macro.

/// Attribute masks (A_* macros).
static inline attr_t cloudy_a_normal(void) { return (attr_t)A_NORMAL; }
static inline attr_t cloudy_a_bold(void) { return (attr_t)A_BOLD; }
static inline attr_t cloudy_a_dim(void) { return (attr_t)A_DIM; }
static inline attr_t cloudy_a_reverse(void) { return (attr_t)A_REVERSE; }
static inline attr_t cloudy_a_underline(void) { return (attr_t)A_UNDERLINE; }

/// Window size (getmaxyx).
static inline int cloudy_max_y(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int cloudy_max_x(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

/// Line-drawing characters (WACS_* macros index a global table).
static inline const cchar_t *cloudy_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *cloudy_wacs_vline(void) { return WACS_VLINE; }
static inline const cchar_t *cloudy_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *cloudy_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *cloudy_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *cloudy_wacs_lrcorner(void) { return WACS_LRCORNER; }

/// A new screen on the process's own stdout/stdin (the stdio globals are mutable C
/// globals that Swift 6 refuses); NULL if the terminal type is unknown.
static inline SCREEN *cloudy_newterm(const char *type) { return newterm(type, stdout, stdin); }

/// The screen's main window (the `stdscr` global, which Swift 6 refuses).
static inline WINDOW *cloudy_stdscr(void) { return stdscr; }

/// Makes the next refresh repaint every cell (`clearok` on the `curscr` global), for
/// after a resize, when the terminal may have reflowed what was on screen.
static inline void cloudy_repaint_all(void) { clearok(curscr, TRUE); }

/// The terminal's size as the tty knows it now (the TIOCGWINSZ request, a macro, through
/// the variadic `ioctl`); 0 on success. For after a stop, when the SIGWINCH went elsewhere.
static inline int cloudy_tty_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

/// Key codes that are macros (KEY_F(n) is function-like).
static inline int cloudy_key_resize(void) { return KEY_RESIZE; }

/// A terminfo string with one numeric parameter filled in (`tiparm` is variadic, which
/// Swift cannot call); NULL if the capability can't take it.
static inline char *cloudy_tiparm1(const char *capability, int parameter) { return tiparm(capability, parameter); }

/// Mouse masks (function-like NCURSES_MOUSE_MASK expansions).
static inline mmask_t cloudy_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cloudy_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cloudy_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cloudy_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cloudy_button5_pressed(void) { return BUTTON5_PRESSED; }

#endif
