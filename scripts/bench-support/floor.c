/* The I/O floor for `explain-status --json -`: reads each line and writes one JSON object of
 * the size dodo writes for it, with no decoding at all. Nothing that decodes URLs can beat it
 * on the same input and the same pipe; scripts/bench prints dodo's ratio to it.
 *
 *   floor BYTES_PER_LINE < urls.txt > /dev/null
 *
 * BYTES_PER_LINE is dodo's mean output line length; each object is {"input":"LINE"} padded
 * with a "pad" string to that length (or left as it is when the line alone is longer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long target = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
  static char in[1 << 16], pad[1 << 16];
  memset(pad, 'x', sizeof pad);
  setvbuf(stdout, NULL, _IOFBF, 1 << 16);
  while (fgets(in, sizeof in, stdin)) {
    size_t n = strcspn(in, "\n");
    if (n == 0) continue;
    /* {"input":"…","pad":"…"}\n is 23 bytes around the line and the padding. */
    long rest = target - (long)n - 23;
    if (rest < 0) rest = 0;
    if (rest > (long)sizeof pad) rest = sizeof pad;
    fputs("{\"input\":\"", stdout);
    fwrite(in, 1, n, stdout);
    fputs("\",\"pad\":\"", stdout);
    fwrite(pad, 1, (size_t)rest, stdout);
    fputs("\"}\n", stdout);
  }
  return ferror(stdout) ? 1 : 0;
}
