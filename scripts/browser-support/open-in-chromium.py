#!/usr/bin/env python3
"""dodo's --browser command in the real-browser tests: opens the URL in Chromium and exits 0.

    open-in-chromium.py --dir DIR --lifetime SECONDS -- CHROMIUM [FLAGS...] URL

Writes the URL it was given to DIR/opened-url, starts CHROMIUM FLAGS URL in the background
in a session (and process group) of its own, under timeout(1) so that it never outlives
SECONDS, with its output in DIR/chromium.log and its temporary files in DIR, writes the group's id to DIR/chromium.pid,
and exits 0 at once, as xdg-open does. No descriptor it inherited reaches Chromium, so a
parent that waits for the end of its pipes (or of dodo's) is not held up by the browser.
"""

import argparse
import os
import subprocess
import sys


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("--dir", required=True)
  parser.add_argument("--lifetime", type=int, default=60)
  parser.add_argument("command", nargs=argparse.REMAINDER)
  options = parser.parse_args()
  command = options.command[1:] if options.command[:1] == ["--"] else options.command
  if len(command) < 2:
    parser.error("expected CHROMIUM [FLAGS...] URL")

  with open(os.path.join(options.dir, "opened-url"), "w") as file:
    file.write(command[-1] + "\n")
  # Chromium's temporary files (its singleton socket's directory) in DIR, which the test
  # removes: killed, Chromium leaves them behind.
  environment = dict(os.environ, TMPDIR=options.dir)
  with open(os.path.join(options.dir, "chromium.log"), "ab") as log:
    chromium = subprocess.Popen(
      ["timeout", "-k", "5", str(options.lifetime)] + command, env=environment,
      stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, close_fds=True, start_new_session=True)
  pid_file = os.path.join(options.dir, "chromium.pid")
  with open(pid_file + ".new", "w") as file:
    file.write(f"{chromium.pid}\n")
  os.replace(pid_file + ".new", pid_file)


if __name__ == "__main__":
  sys.exit(main())
