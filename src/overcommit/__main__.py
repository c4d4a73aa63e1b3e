"""Command line: ``python -m overcommit simulate 64/20 --env zvm63-edev``,
``python -m overcommit sweep --out results.csv``, ``python -m overcommit calibrate [jvm]``,
``python -m overcommit validate``, ``python -m overcommit exercise dat --seed 12 [-c]``,
``python -m overcommit exercise --roster students.csv``."""

from __future__ import annotations

import argparse
import sys

import pandas as pd


def main(argv: list[str] | None = None) -> int:
    from . import model

    parser = argparse.ArgumentParser(prog="python -m overcommit", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="simulate one host configuration and print the three tables")
    sim.add_argument("cid", help="configuration ID MEM/CPUS, e.g. 64/20")
    sim.add_argument("--env", default="zvm63-edev", choices=model.ENVIRONMENTS)
    sw = sub.add_parser("sweep", help="simulate the paper's grid for every environment")
    sw.add_argument("--out", help="CSV file to write (default: print)")
    sw.add_argument("--env", action="append", choices=model.ENVIRONMENTS, help="limit to environments")
    cal = sub.add_parser("calibrate", help="refit data/calibrated_parameters.csv (jvm: data/case_jvm_fitted.csv)")
    cal.add_argument("what", nargs="?", default="study", choices=("study", "jvm"),
                     help="study: the white paper's model (default); jvm: the JVM-stacking case study")
    sub.add_parser("validate", help="evaluate the paper's findings against the model")
    ex = sub.add_parser(
        "exercise", help="print a seeded exercise (-c: with its answer), or write a class's seeds and answer key",
        description="Print the exercise of TOPIC for --seed N; -c adds the answer and the worked solution. "
                    "With --roster students.csv, give every student a seed and write seeds.csv, answer_key.csv "
                    "and answer_key.md into --out.")
    ex.add_argument("topic", nargs="?", help="one of: " + ", ".join(_topics()))
    ex.add_argument("--seed", "-s", default="0", help="a whole number >= 0 (default 0)")
    ex.add_argument("-c", "--compute", action="store_true", help="also print the answer and the worked solution")
    ex.add_argument("--roster", help="CSV with a 'student' column: write seeds and an answer key for the class")
    ex.add_argument("--course-seed", default="0", help="with --roster: draws the students' seeds (default 0)")
    ex.add_argument("--out", default="answer-key", help="with --roster: directory to write into (default answer-key)")
    ex.add_argument("--topics", help="with --roster: comma-separated topics (default: all)")
    args = parser.parse_args(argv)

    try:
        if args.command == "simulate":
            r = model.simulate(args.cid, env=args.env, strict=False)
            with pd.option_context("display.width", 200, "display.max_columns", 30, "display.max_rows", 60):
                print(f"# system ({r.host.cid}, {r.env})")
                print(r.system.to_string())
                print("\n# workloads")
                print(r.workloads.round(4).to_string())
                print("\n# guests")
                print(r.guests.round(2).to_string())
            if not r.converged:
                print("warning: the fixed point did not converge", file=sys.stderr)
                return 1
            return 0
        if args.command == "sweep":
            frame = model.sweep(envs=args.env, progress=sys.stderr.isatty())
            if args.out:
                frame.to_csv(args.out, index=False)
                print(f"wrote {len(frame)} rows to {args.out}")
            else:
                print(frame.to_csv(index=False))
            return 0
        if args.command == "calibrate":
            if args.what == "jvm":
                from .cases import jvm

                case = jvm.calibrate()
                path = jvm.write_fit(case)
                worst = float(abs(jvm.residuals(jvm.parameters(**jvm.fitted_values()))).max())
                print(f"wrote {path} (worst residual as written {worst:.2g} IFL)")
                return 0
            from . import calibrate

            return calibrate.main()
        if args.command == "validate":
            from . import validation

            return validation.main()
        if args.command == "exercise":
            return _exercise(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _topics() -> tuple[str, ...]:
    from .exercises import TOPICS

    return TOPICS


def _whole(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise ValueError(f"{name}: {text!r} is not accepted; expected a whole number >= 0")
    return value


def _exercise(args) -> int:
    from . import exercises
    from .exercises import roster

    if args.roster:
        if args.topic:
            raise ValueError(f"topic: {args.topic!r} is not accepted with --roster; use --topics t1,t2")
        topics = tuple(t.strip() for t in args.topics.split(",")) if args.topics else exercises.TOPICS
        for t in topics:
            if t not in exercises.TOPICS:
                raise ValueError(f"topics: {t!r} is not accepted; expected some of {', '.join(exercises.TOPICS)}")
        students = roster.read_roster(args.roster)
        assignments = roster.assign(students, _whole("course-seed", args.course_seed))
        paths = roster.write(assignments, args.out, topics)
        print(f"{len(assignments)} students, topics {', '.join(topics)}; wrote " + ", ".join(str(p) for p in paths))
        return 0
    if not args.topic:
        raise ValueError("topic: missing; expected one of " + ", ".join(exercises.TOPICS) + " (or --roster FILE)")
    ex = exercises.generate(args.topic, _whole("seed", args.seed))
    print(f"# Exercise: {ex.topic}, seed {ex.seed}\n\n{ex.question}")
    if args.compute:
        print(f"\n## Answer\n\n{roster.answer_text(ex.answer)}\n\n## Worked solution\n\n{ex.solution}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
