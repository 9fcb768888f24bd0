// The Swift standard library's two hooks for the process's arguments (`CommandLine`), defined
// by arguments.c in place of the runtime's own on Linux: see there. Nothing calls them but
// the standard library; declared so that their signatures are checked against one place.
#ifndef DODO_C_ARGUMENTS_H
#define DODO_C_ARGUMENTS_H

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

#endif
