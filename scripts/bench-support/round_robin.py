#!/usr/bin/env python3
"""Times commands that read one input file, round-robin: each round runs every command once,
in turn, and each command's median wall time over the rounds is printed, one line per command
in the order given (seconds).

    round_robin.py ROUNDS INPUT 'COMMAND ARGS...' ['COMMAND ARGS...' ...]

Round-robin, not one command's runs after another's: a burst of load on the machine then
slows every command of that round instead of all the runs of one command. The median of the
rounds, not the best: the targets are set on what a run typically takes, and the best run
flatters a command whose time varies (with an odd number of rounds the median is a run that
happened). A command that exits other than 0 fails the whole timing: a run that did not do its
work says nothing about its time. Output (standard output and standard error) is thrown away.
"""

import shlex
import statistics
import subprocess
import sys
import time


def main() -> None:
    rounds, path, commands = int(sys.argv[1]), sys.argv[2], [shlex.split(c) for c in sys.argv[3:]]
    times = [[] for _ in commands]
    for _ in range(rounds):
        for index, command in enumerate(commands):
            with open(path, "rb") as data:
                start = time.perf_counter()
                status = subprocess.run(command, stdin=data, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
                times[index].append(time.perf_counter() - start)
            if status != 0:
                sys.exit(f"round_robin: {command[0]} exited {status}: {sys.argv[3 + index]}")
    for seconds in times:
        print(f"{statistics.median(seconds):.6f}")


if __name__ == "__main__":
    main()
