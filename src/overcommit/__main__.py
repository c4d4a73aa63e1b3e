"""Command line: ``python -m overcommit simulate 64/20 --env zvm63-edev``,
``python -m overcommit sweep --out results.csv``, ``python -m overcommit calibrate [jvm]``,
``python -m overcommit validate``, ``python -m overcommit exercise dat --seed 12 [-c]`` (practice),
``python -m overcommit exercise dat --student ID --secret S [-c]`` (a student's graded variant),
``python -m overcommit exercise --roster class.csv --secret S --out DIR`` (key and handouts),
``python -m overcommit assign TOPIC --roster class.csv --secret S --out DIR`` (notebooks),
``python -m overcommit grade SUBMISSIONS --topic TOPIC --roster class.csv --secret S --out grades.csv``.
The secret may come from the environment variable ``OVERCOMMIT_SECRET`` instead. The key,
the notebooks and the grades hold the class's names and ids: write them outside the
project's repository (the commands warn when git would see them)."""

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
        "exercise", help="print a seeded exercise (-c: with its answer), or write a class's answer key and handouts",
        description="Print the practice exercise of TOPIC for --seed N (0-999, answered in the book's pages), or "
                    "the graded variant of --student ID under the course secret; -c adds the answer and the worked "
                    "solution. With --roster class.csv, write every student's graded questions (answer_key.csv, "
                    "answer_key.md, seeds.csv, handouts/<id>.html and .pdf) into --out.")
    ex.add_argument("topic", nargs="?", help="one of: " + ", ".join(_topics()))
    ex.add_argument("--seed", "-s", default="0", help="a practice seed, a whole number >= 0 (default 0)")
    ex.add_argument("--student", help="a student's id (the roster's id column): print their graded variant")
    ex.add_argument("-c", "--compute", action="store_true", help="also print the answer and the worked solution")
    ex.add_argument("--roster", help="a class export (Canvas, Moodle, Moodle's grading worksheet, Blackboard, or a "
                                     "CSV with student,id)")
    ex.add_argument("--secret", help=f"the course secret (else ${_secret_env()}), at least 12 characters")
    ex.add_argument("--out", default="answer-key",
                    help="with --roster: directory to write into (default answer-key; better a folder outside the "
                         "repository: it holds every answer)")
    ex.add_argument("--topics", help="with --roster: comma-separated topics (default: all)")
    ex.add_argument("--no-pdf", action="store_true", help="with --roster: HTML handouts only (no Chromium needed)")
    ex.add_argument("--course", default="", help="with --roster: the course's name for the handouts' titles")
    asg = sub.add_parser("assign", help="write every student's graded notebook for one topic",
                         description="Write OUT/<id>.ipynb for every student of the roster: their own question "
                                     "of TOPIC and an answer cell; no seed and no secret in it. Students hand it "
                                     "in through the LMS, which names the download by its own id.")
    asg.add_argument("topic", help="one of: " + ", ".join(_topics()))
    asg.add_argument("--roster", required=True, help="a class export (Canvas, Moodle, Moodle's grading worksheet, "
                                                     "Blackboard, or student,id)")
    asg.add_argument("--secret", help=f"the course secret (else ${_secret_env()})")
    asg.add_argument("--out", default="notebooks", help="directory for the notebooks (default notebooks)")
    asg.add_argument("--course", default="", help="the course's name for the notebooks' titles")
    gr = sub.add_parser("grade", help="grade a folder of returned notebooks and write a grades CSV",
                        description="Grade every .ipynb under SUBMISSIONS against each student's own variant, "
                                    "with partial credit per part. The student is the submitter the LMS names "
                                    "the download by (Canvas: name_<user id>_<file id>_..., matched against "
                                    "the ID column of its gradebook export; Moodle: "
                                    "Name_<participant>_assignsubmission_file_..., matched against the "
                                    "Identifier of the assignment's grading worksheet; Blackboard: "
                                    "Assignment_<username>_attempt_..., matched against Username; or <id>.ipynb), "
                                    "never the name the student gave the file; a notebook made for another "
                                    "student scores 0. Writes the grades in the roster's format and a details "
                                    "file with a row and a reason per student and per file not on the roster.")
    gr.add_argument("submissions", help="folder of submitted notebooks (an LMS's bulk download, unzipped)")
    gr.add_argument("--topic", required=True, help="the assignment's topic: one of " + ", ".join(_topics()))
    gr.add_argument("--roster", required=True,
                    help="the class export the notebooks were made from (for Moodle: the grading worksheet)")
    gr.add_argument("--secret", help=f"the course secret (else ${_secret_env()})")
    gr.add_argument("--out", default="grades.csv",
                    help="grades file to write (default grades.csv; the details go next to it as <out>-details.csv)")
    gr.add_argument("--points", default="1", help="points of the assignment (default 1)")
    gr.add_argument("--title", help="the assignment's column in the grades file (default: the topic)")
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
        if args.command == "assign":
            return _assign(args)
        if args.command == "grade":
            return _grade(args)
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


def _secret_env() -> str:
    from .exercises.graded import SECRET_ENV

    return SECRET_ENV


def _exercise(args) -> int:
    from . import exercises
    from .exercises import graded, handouts, roster

    if args.roster:
        if args.topic:
            raise ValueError(f"topic: {args.topic!r} is not accepted with --roster; use --topics t1,t2")
        topics = tuple(t.strip() for t in args.topics.split(",")) if args.topics else exercises.TOPICS
        for t in topics:
            if t not in exercises.TOPICS:
                raise ValueError(f"topics: {t!r} is not accepted; expected some of {', '.join(exercises.TOPICS)}")
        klass = _read_roster(args.roster)
        secret = graded.secret_from(args.secret)
        paths = handouts.write_class(klass, secret, args.out, topics, pdf=not args.no_pdf, course=args.course)
        print(f"{len(klass.students)} students ({klass.kind} roster, ids from {klass.id_column!r}), topics "
              f"{', '.join(topics)}; wrote {len(paths)} files into {args.out}")
        _warn_repository(args.out, "the answer key (names, ids and every answer)")
        return 0
    if not args.topic:
        raise ValueError("topic: missing; expected one of " + ", ".join(exercises.TOPICS) + " (or --roster FILE)")
    if args.student is not None:
        ex = graded.exercise_for(graded.secret_from(args.secret), args.topic, args.student)
        print(f"# Exercise: {ex.topic}, for student {args.student.strip()}\n\n{ex.question}")
    else:
        ex = exercises.generate(args.topic, _whole("seed", args.seed))
        print(f"# Exercise: {ex.topic}, seed {ex.seed}\n\n{ex.question}")
    if args.compute:
        print(f"\n## Answer\n\n{roster.answer_text(ex.answer)}\n\n## Worked solution\n\n{ex.solution}")
    return 0


def _read_roster(path: str, notes: bool = True):
    """The roster; its notes (what was skipped) printed to stderr unless ``notes`` is False."""
    from .exercises import roster

    klass = roster.read_roster(path)
    for note in klass.notes if notes else ():
        print(f"note: {path}: {note}", file=sys.stderr)
    return klass


def _warn_repository(path, what: str) -> None:
    from .exercises.sheets import repo_warning

    warning = repo_warning(path, what)
    if warning:
        print(warning, file=sys.stderr)


def _assign(args) -> int:
    from .exercises import graded, grading

    klass = _read_roster(args.roster)
    secret = graded.secret_from(args.secret)
    paths = grading.write_assignments(args.topic, klass, secret, args.out, args.course)
    print(f"{len(paths)} notebooks for {args.topic} in {args.out} (one per student, named by id)")
    _warn_repository(args.out, "the class's notebooks (names and ids)")
    return 0


def _grade(args) -> int:
    from .exercises import graded, grading

    try:
        points = float(args.points)
    except ValueError:
        points = -1.0
    if not points > 0:
        raise ValueError(f"points: {args.points!r} is not accepted; expected a number above 0")
    klass = _read_roster(args.roster, notes=False)  # said in the summary
    found = grading.grade_folder(args.submissions, args.topic, klass, graded.secret_from(args.secret), points)
    results = found.results
    paths = grading.write_grades(results, klass, args.out, args.title or args.topic, found.extras)
    handed = [g for g in results if g.points is not None]
    print(f"graded {len(handed)} of {len(results)} students ({sum(g.points == points for g in handed)} full marks, "
          f"{len(results) - len(handed)} handed nothing in)")
    print(f"not on the roster: {len(found.extras)} file{'s' if len(found.extras) != 1 else ''}"
          + (" (not graded; listed on stderr and in the details file)" if found.extras else ""))
    print(f"skipped from the roster: {'; '.join(klass.notes) if klass.notes else 'none'}")
    print(f"wrote {', '.join(str(p) for p in paths)}")
    for g in found.extras:
        print(f"warning: {g.file}: {g.lms} id {g.lms_id!r}: {g.reason}", file=sys.stderr)
    for warning in found.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for path in paths:
        _warn_repository(path, "grades (names and ids)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
