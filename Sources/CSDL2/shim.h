#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

#include <SDL.h>

// Swift imports functions and simple constants from C headers, but not function-like macros or
// macros built from other macros. These wrappers re-expose the few the Swift layer needs, under
// a CSDL2_ prefix so that they never collide with the macros they stand for.

/// SDL_WINDOWPOS_CENTERED: centre the window on the primary display.
static const int CSDL2_WINDOWPOS_CENTERED = (int)SDL_WINDOWPOS_CENTERED;

/// SDL_WINDOWPOS_UNDEFINED: let the window manager place the window.
static const int CSDL2_WINDOWPOS_UNDEFINED = (int)SDL_WINDOWPOS_UNDEFINED;

/// SDL_BUTTON(button): the bit for `button` in a mouse button state mask.
static inline Uint32 CSDL2_BUTTON(int button) {
  return SDL_BUTTON(button);
}

#endif
