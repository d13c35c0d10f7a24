// SwiftPM builds a C target from at least one source file; the functions are inline in the header.
#include "CPrefetch.h"
