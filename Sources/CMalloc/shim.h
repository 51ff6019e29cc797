// The C library's allocator settings (`mallopt`), which Glibc's Swift module leaves out.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
