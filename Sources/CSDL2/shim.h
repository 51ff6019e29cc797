#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

#include <SDL.h>

// Swift imports functions and simple constants from C headers, but not function-like macros or
// macros built from other macros. These wrappers re-expose the few the Swift layer needs, under
// a CSDL2_ prefix so that they never collide with the macros they stand for.

/// SDL_LoadBMP(file): loads a BMP file into a new surface, or returns NULL and sets the error.
static inline SDL_Surface *CSDL2_LoadBMP(const char *file) {
  SDL_RWops *stream = SDL_RWFromFile(file, "rb");
  // The macro passes a failed open on, and SDL_LoadBMP_RW then replaces "Couldn't open FILE"
  // with "Parameter 'src' is invalid"; stopping here keeps the useful message.
  return stream ? SDL_LoadBMP_RW(stream, 1) : NULL;
}

/// SDL_WINDOWPOS_CENTERED: centre the window on the primary display.
static const int CSDL2_WINDOWPOS_CENTERED = (int)SDL_WINDOWPOS_CENTERED;

/// SDL_WINDOWPOS_UNDEFINED: let the window manager place the window.
static const int CSDL2_WINDOWPOS_UNDEFINED = (int)SDL_WINDOWPOS_UNDEFINED;

/// SDL_BUTTON(button): the bit for `button` in a mouse button state mask.
static inline Uint32 CSDL2_BUTTON(int button) {
  return SDL_BUTTON(button);
}

/// SDL_MUSTLOCK(surface): whether the surface must be locked before touching its pixels.
static inline SDL_bool CSDL2_MUSTLOCK(const SDL_Surface *surface) {
  return SDL_MUSTLOCK(surface) ? SDL_TRUE : SDL_FALSE;
}

#endif
