// The system zlib, for PNG's compressed image data and checksums.
#include <zlib.h>
