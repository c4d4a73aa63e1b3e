"""Command line: ``python -m overcommit simulate 64/20 --env zvm63-edev``,
``python -m overcommit sweep --out results.csv``, ``python -m overcommit calibrate``,
``python -m overcommit validate``."""

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
    sub.add_parser("calibrate", help="refit data/calibrated_parameters.csv")
    sub.add_parser("validate", help="evaluate the paper's findings against the model")
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
            from . import calibrate

            return calibrate.main()
        if args.command == "validate":
            from . import validation

            return validation.main()
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
