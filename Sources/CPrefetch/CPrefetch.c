// The one definition of the header's thread-local fetch queue; the functions are inline in the header.
#include "CPrefetch.h"

__thread segue_fetch_queue segue_fetch_queue_of_thread;
