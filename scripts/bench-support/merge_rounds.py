#!/usr/bin/env python3
"""Pools the rounds of a hyperfine comparison: several `hyperfine --export-json` files of the
same commands, run one after another, into one file of the same shape whose results hold each
command's runs from every round, with their median, minimum and mean (seconds).

    merge_rounds.py OUT.json ROUND.json [ROUND.json ...]

hyperfine runs all the runs of one command before the next command's, so when the machine's
load changes during a call, the commands it compares are measured under different loads (the
baseline, first, most often under another load than the rest). Run in rounds of a few runs
each, every command is measured in every round, next to the others.
"""

import json
import statistics
import sys


def main() -> None:
    out, rounds = sys.argv[1], [json.load(open(path))["results"] for path in sys.argv[2:]]
    results = []
    for index, first in enumerate(rounds[0]):
        times = [time for round_results in rounds for time in round_results[index]["times"]]
        results.append(
            {
                "command": first["command"],
                "median": statistics.median(times),
                "min": min(times),
                "mean": statistics.fmean(times),
                "times": times,
            }
        )
    json.dump({"results": results}, open(out, "w"))


if __name__ == "__main__":
    main()
