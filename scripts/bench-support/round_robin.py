#!/usr/bin/env python3
"""Times commands that read one input file, round-robin: each round runs every command once,
in turn, and each command's median wall time over the rounds is printed, one line per command
in the order given (seconds).

    round_robin.py [--cpu] ROUNDS INPUT 'COMMAND ARGS...' ['COMMAND ARGS...' ...]

--cpu adds to each line the median CPU time (user and system) of the run's processes, its
children that it waited for included (dodo's HTTPS helpers): a figure that the machine's load
moves far less than wall time.

Round-robin, not one command's runs after another's: a burst of load on the machine then
slows every command of that round instead of all the runs of one command. The median of the
rounds, not the best: the targets are set on what a run typically takes, and the best run
flatters a command whose time varies (with an odd number of rounds the median is a run that
happened). A command that exits other than 0 fails the whole timing: a run that did not do its
work says nothing about its time. Output (standard output and standard error) is thrown away.
"""

import resource
import shlex
import statistics
import subprocess
import sys
import time


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    arguments = sys.argv[1:]
    cpu = arguments[:1] == ["--cpu"]
    if cpu:
        arguments = arguments[1:]
    rounds, path, commands = int(arguments[0]), arguments[1], [shlex.split(c) for c in arguments[2:]]
    times = [[] for _ in commands]
    cpu_times = [[] for _ in commands]
    for _ in range(rounds):
        for index, command in enumerate(commands):
            with open(path, "rb") as data:
                cpu_start = cpu_seconds()
                start = time.perf_counter()
                status = subprocess.run(command, stdin=data, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
                times[index].append(time.perf_counter() - start)
                cpu_times[index].append(cpu_seconds() - cpu_start)
            if status != 0:
                sys.exit(f"round_robin: {command[0]} exited {status}: {arguments[2 + index]}")
    for wall, used in zip(times, cpu_times):
        print(f"{statistics.median(wall):.6f}" + (f" {statistics.median(used):.6f}" if cpu else ""))


if __name__ == "__main__":
    main()
