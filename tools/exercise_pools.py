"""How many distinct questions and answers each seeded topic has (``make pools``).

For the 1,000 practice seeds (from the site's bank, :func:`overcommit.exercises.web.bank`,
cached) and for a class of 40 graded variants (students ``s1`` to ``s40`` under a fixed
secret): distinct question texts, distinct answers, and the most students on one question.
Prints a Markdown table; ``--csv FILE`` also writes it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

import pandas as pd

from overcommit import exercises
from overcommit.exercises import graded, web

CLASS = 40
SECRET = "pool measurement secret"


def _answer_key(answer) -> str:
    return json.dumps(exercises.plain_answer(answer), sort_keys=True)


def pools(topics=exercises.TOPICS, class_size: int = CLASS) -> pd.DataFrame:
    bank = web.bank(topics)
    rows = []
    for topic in topics:
        variants = bank[topic]
        questions = Counter(v["question"] for v in variants)
        answers = {json.dumps(v["answer"], sort_keys=True) for v in variants}
        klass = [graded.exercise_for(SECRET, topic, f"s{k}") for k in range(1, class_size + 1)]
        class_questions = Counter(ex.question for ex in klass)
        rows.append({"topic": topic, "questions (1,000 seeds)": len(questions),
                     "answers (1,000 seeds)": len(answers),
                     f"questions (class of {class_size})": len(class_questions),
                     f"answers (class of {class_size})": len({_answer_key(ex.answer) for ex in klass}),
                     "most on one question (class)": max(class_questions.values())})
    return pd.DataFrame(rows).set_index("topic")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topics", nargs="*", default=list(exercises.TOPICS))
    parser.add_argument("--csv", help="also write the table here")
    args = parser.parse_args(argv)
    table = pools(tuple(args.topics))
    print(table.to_markdown())
    if args.csv:
        table.to_csv(args.csv)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
