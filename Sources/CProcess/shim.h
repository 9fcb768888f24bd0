// prctl is variadic, which Swift cannot call, and <sys/prctl.h> is not in Glibc's module:
// one typed wrapper for the one option dodo sets. Linux only; nothing elsewhere.
#ifdef __linux__
#include <sys/prctl.h>

// PR_SET_DUMPABLE 0: no core dump, and no reading of this process's memory by another
// process of the same user (ptrace, /proc/PID/mem).
static inline int dodo_forbid_dumping(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
#endif
