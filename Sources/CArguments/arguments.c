// The process's arguments, for the Swift standard library's `CommandLine`, taken as glibc
// hands them to every `.init_array` function, instead of found by the runtime's own stub.
//
// Why: the static runtime's stub (CommandLine.cpp in libswiftCore.a) finds `argv` at start-up
// by reading /proc/self/maps line by line with `sscanf` until it finds the stack, then walking
// the stack back from `environ`. It must, since musl passes `.init_array` functions nothing;
// glibc passes them (argc, argv, envp) in static and dynamic executables alike. That scan is
// about 54,000 instructions and a /proc file the kernel writes out, in every start of `dodo`
// (docs/benchmarks.md, session 12). The stub's object defines only these two functions, so
// with them defined here the linker never takes it out of the archive.
//
// Compiled only where `make` links the Swift runtime statically (DODO_STATIC_SWIFT_RUNTIME, set
// by the Makefile) and the C library is glibc, and linked into the executables only (`dodo`,
// `dodo-https`), never into a library: a program that links one of our libraries keeps its
// runtime's own. A shared Swift runtime finds `argv` its own way (no scan), and on Darwin asks
// `_NSGetArgv`: there the file is empty.
#include <stdlib.h>  // defines __GLIBC__ where the C library is glibc

#if defined(DODO_STATIC_SWIFT_RUNTIME) && defined(__linux__) && defined(__GLIBC__)
#include "CArguments.h"

static char **capturedArgv;
static int capturedArgc;
static char **overrideArgv;
static int overrideArgc;

static void captureArguments(int argc, char **argv, char **envp) {
  (void)envp;
  capturedArgc = argc;
  capturedArgv = argv;
}

// Runs before any Swift code: glibc runs `.init_array` in order before `main`, and nothing of
// the runtime reads `CommandLine` from a constructor.
__attribute__((section(".init_array"), used))
static void (*const captureArgumentsAtStart)(int, char **, char **) = captureArguments;

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overrideArgv = argv;
  overrideArgc = argc;
}

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overrideArgv) {
    *outArgLen = overrideArgc;
    return overrideArgv;
  }
  *outArgLen = capturedArgc;
  return capturedArgv;
}
#endif
