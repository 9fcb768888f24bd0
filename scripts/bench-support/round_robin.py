#!/usr/bin/env python3
"""Times commands that read one input file, round-robin: each round runs every command once,
in turn, and each command's best wall time over the rounds is printed, one line per command
in the order given (seconds).

    round_robin.py ROUNDS INPUT 'COMMAND ARGS...' ['COMMAND ARGS...' ...]

Round-robin, not one command's runs after another's: a burst of load on the machine then
slows every command of that round instead of all the runs of one command. The best of the
rounds, not the mean or median: load only ever adds time, so the fastest run is the one least
disturbed by it, and the comparisons between commands are of the least disturbed runs.
Output (standard output and standard error) is thrown away.
"""

import shlex
import subprocess
import sys
import time


def main() -> None:
    rounds, path, commands = int(sys.argv[1]), sys.argv[2], [shlex.split(c) for c in sys.argv[3:]]
    best = [float("inf")] * len(commands)
    for _ in range(rounds):
        for index, command in enumerate(commands):
            with open(path, "rb") as data:
                start = time.perf_counter()
                subprocess.run(command, stdin=data, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                best[index] = min(best[index], time.perf_counter() - start)
    for seconds in best:
        print(f"{seconds:.6f}")


if __name__ == "__main__":
    main()
