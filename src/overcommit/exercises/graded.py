"""Graded variants: one question per student that only the course secret can reproduce.

The book's seed boxes are practice: seeds 0–999, each answered in the page. A graded
variant is the same generator run at a seed the site never publishes, drawn from a keyed
hash of the course secret, the topic and the student's id:

    seed = GRADED_BASE + HMAC-SHA256(secret, "overcommit/<topic>/<student id>") mod GRADED_SPACE

so the same student always gets the same question, whatever the roster's order or length,
another topic gives the same student another seed, and without the secret nobody (not even
with the package) can tell which seed a student has. The seeds start at
:data:`GRADED_BASE`, far above the practice seeds, and a graded seed asks only questions
of the graded side (:func:`overcommit.exercises.question_side`): a topic's questions are
many but not endless, and the practice seeds may well ask all of one side, never the
other. So no graded answer is in the site. Assign and grade with the same version of the
package: a question depends on it.
HMAC is RFC 2104 (:mod:`hmac`), SHA-256 is FIPS 180-4.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from . import GRADED_BASE, TOPICS, Exercise, generate

#: how many graded seeds there are (at least 10**6, so guessing one is hopeless)
GRADED_SPACE = 10 ** 12
#: the shortest course secret accepted (a passphrase of a few words is longer)
MIN_SECRET = 12
#: where the command line looks for the secret when ``--secret`` is not given
SECRET_ENV = "OVERCOMMIT_SECRET"


def check_secret(secret: str | None) -> str:
    """``secret`` if it is a usable course secret, else a ``ValueError`` that says why."""
    if secret is None or secret == "":
        raise ValueError(f"secret: missing; graded variants need a course secret (--secret S, or the environment "
                         f"variable {SECRET_ENV}), at least {MIN_SECRET} characters, kept from the students")
    if not isinstance(secret, str):
        raise ValueError(f"secret: {type(secret).__name__} is not accepted; expected text")
    if len(secret) < MIN_SECRET:
        raise ValueError(f"secret: {len(secret)} characters is not accepted; expected at least {MIN_SECRET}")
    return secret


def secret_from(value: str | None) -> str:
    """The course secret from a command-line value, else from :data:`SECRET_ENV`, checked."""
    return check_secret(value if value else os.environ.get(SECRET_ENV))


def check_student_id(student_id: str) -> str:
    """``student_id`` stripped, or a ``ValueError`` for an empty or non-text id."""
    if not isinstance(student_id, str) or not student_id.strip():
        raise ValueError(f"student: {student_id!r} is not accepted; expected a non-empty id (the roster's id column)")
    return student_id.strip()


def seed_for(secret: str, topic: str, student_id: str) -> int:
    """The graded seed of ``student_id`` for ``topic`` under the course ``secret``."""
    if topic not in TOPICS:
        raise ValueError(f"topic: {topic!r} is not accepted; expected one of {', '.join(TOPICS)}")
    key = check_secret(secret).encode("utf-8")
    message = f"overcommit/{topic}/{check_student_id(student_id)}".encode("utf-8")
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return GRADED_BASE + int.from_bytes(digest[:8], "big") % GRADED_SPACE


def exercise_for(secret: str, topic: str, student_id: str) -> Exercise:
    """The graded exercise of ``student_id`` for ``topic`` (its ``seed`` is the graded seed:
    keep it out of anything the student sees)."""
    return generate(topic, seed_for(secret, topic, student_id))


def is_practice(seed: int) -> bool:
    """True for a seed the site publishes or could (below :data:`GRADED_BASE`)."""
    return 0 <= seed < GRADED_BASE


__all__ = ["GRADED_BASE", "GRADED_SPACE", "MIN_SECRET", "SECRET_ENV", "check_secret", "check_student_id",
           "exercise_for", "is_practice", "secret_from", "seed_for"]
