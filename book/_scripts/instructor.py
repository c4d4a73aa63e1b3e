# ---
# jupyter:
#   jupytext:
#     formats: ipynb,_scripts//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]

# %% [markdown]
# # Instructor's guide
#
# This page is for whoever teaches from the book: what each chapter is for, how long it
# takes, which exercises a class can do in the browser and which need Jupyter, three
# lesson plans of 90 minutes, and the tools for handing every student their own variant.
# Everything on it that can be measured (reading times, exercise counts, which exercise
# checks itself) is computed from the chapters when the book is built, so it stays true
# when a chapter changes; the objectives and the lesson plans are ours, in the book's
# curriculum file (`book/_data/curriculum.yml`).

# %% tags=["remove-cell"]
from IPython.display import Markdown

from overcommit.book import curriculum, glue
from overcommit.exercises import CLASS_SEEDS, TOPICS

frame = curriculum.chapter_frame()
glue("guide-chapters", Markdown(curriculum.chapters_md()), display=False)
glue("guide-objectives", Markdown(curriculum.objectives_md()), display=False)
for i in range(3):
    glue(f"guide-plan-{i}", Markdown(curriculum.lesson_plan_md(i)), display=False)
glue("guide-semester", Markdown(curriculum.semester_plan_md()), display=False)
glue("guide-exercises", Markdown(curriculum.exercises_md()), display=False)
glue("guide-n-exercises", str(int(frame.browser.sum() + frame.jupyter.sum())), display=False)
glue("guide-n-browser", str(int(frame.browser.sum())), display=False)
glue("guide-n-jupyter", str(int(frame.jupyter.sum())), display=False)
glue("guide-n-selfcheck", str(int(frame.selfcheck.sum())), display=False)
glue("guide-wpm", str(curriculum.WORDS_PER_MINUTE), display=False)
glue("guide-min-browser", str(curriculum.EXERCISE_MINUTES["browser"]), display=False)
glue("guide-min-jupyter", str(curriculum.EXERCISE_MINUTES["jupyter"]), display=False)
# the prose: one seeded exercise in each chapter with a topic, and no other
seeded = curriculum.exercise_frame().query("selfcheck == 'seeded'")
assert sorted(seeded["chapter"]) == sorted(TOPICS)
glue("guide-n-topics", str(len(TOPICS)), display=False)
# the command line takes a topic by its file name: shown only in the folded box
glue("guide-topics", Markdown(", ".join(f"`{t}`" for t in TOPICS)), display=False)
glue("guide-max-seed", str(CLASS_SEEDS[-1]), display=False)

# %% [markdown]
# ## Two editions
#
# The site built by `make book` is the **student edition**: every exercise is there, but
# no folded solution, and a self-check box says whether an answer is right (and within
# which tolerance) without showing the worked solution. `make book-instructor` builds the
# **instructor edition** into `_build/instructor/_build/html`: the same pages with every
# solution folded under its exercise, and the self-check boxes show the worked solution
# after a check. Publish the first to the class and keep the second for yourself.
#
# ## The chapters at a glance
#
# Reading time counts the words of a chapter's text at {glue:text}`guide-wpm` words per
# minute; charts and the time to play with them come on top. An exercise is planned at
# {glue:text}`guide-min-browser` minutes if it can be done in the page and
# {glue:text}`guide-min-jupyter` if it needs Jupyter, a rule of thumb rather than a
# measurement. Of the book's {glue:text}`guide-n-exercises` exercises,
# {glue:text}`guide-n-browser` can be done in the browser, {glue:text}`guide-n-jupyter`
# need Jupyter, and {glue:text}`guide-n-selfcheck` check the reader's answer in the page.
#
# ```{glue:md} guide-chapters
# :format: myst
# ```
#
# ## What each chapter teaches
#
# ```{glue:md} guide-objectives
# :format: myst
# ```
#
# ## Three lesson plans of 90 minutes
#
# Each plan assumes a projector on the book and students with a browser; none needs
# Jupyter in class. The times are a plan, not a measurement: cut a walk-through short
# rather than an exercise.
#
# ### Lesson 1: mechanisms
#
# ```{glue:md} guide-plan-0
# :format: myst
# ```
#
# ### Lesson 2: paging and replacement
#
# ```{glue:md} guide-plan-1
# :format: myst
# ```
#
# ### Lesson 3: reading the results
#
# ```{glue:md} guide-plan-2
# :format: myst
# ```
#
# ## A semester of 14 weeks
#
# One 90-minute meeting a week with reading before it; the three lesson plans above are
# weeks 2 to 4. Every chapter is read in some week, and from week 2 on a graded variant of
# the previous chapters' exercise goes out (next section).
#
# ```{glue:md} guide-semester
# :format: myst
# ```
#
# ## Practice and graded variants
#
# The {glue:text}`guide-n-topics` seeded exercises, one per chapter that has one (marked
# *seeded* in the last table of this page), turn a seed into a question and the same seed
# into its answer. They come in two kinds.
#
# - **Practice**: seeds 0 to {glue:text}`guide-max-seed`. A student types one into the
#   exercise's box in the page, sees that question and checks an answer there, with no
#   kernel. The site holds the answers of all of them, so practice seeds are for learning,
#   never for credit.
# - **Graded**: each student's own variant, drawn from a course secret and the student's id
#   in the roster (a keyed hash, HMAC-SHA256). The same student always gets the same
#   question whatever the roster's order, nobody can find a student's variant without the
#   secret, and its seed lies far outside what the site publishes.
#
# ### Grading, step by step
#
# 1. **Pick a secret** of at least 12 characters for the course (a few words will do) and
#    keep it out of anything the students see. The commands take it with `--secret` or from
#    the environment variable `OVERCOMMIT_SECRET`.
# 2. **Export the roster** from the LMS as it comes: a Canvas gradebook export, a Moodle or
#    Blackboard grades download, or a CSV with columns `student,id`. Latin-1 files, byte-order
#    marks, tab or semicolon separators and `#` comment lines are read as they are. The id
#    that keys each student is the LMS's own (Canvas's ID, Moodle's ID number or e-mail,
#    Blackboard's username), so adding or dropping a student changes nobody else's question.
# 3. **Hand out the questions**, on paper or as notebooks:
#    `exercise --roster` writes an answer key with each question's text, the answers and the
#    worked solutions, and one printable handout per student (HTML and PDF, no seed and no
#    answer in it); `assign` writes one notebook per student with their question and an
#    answer cell, named by the student's id.
# 4. **Grade** the notebooks the LMS hands back as a folder: `grade` reads who each notebook
#    is from by the id in its file name (as Canvas names downloads), reads the `answer = ...`
#    line without running any of the student's code, recomputes that student's answer from
#    the roster and the secret, and gives each part of a several-part answer its share of
#    the points. It writes a grades file in the roster's format (a Canvas roster gives the
#    columns Canvas's gradebook import expects) and a details file with every part and the
#    reason for every zero. No Docker is needed.
# 5. **Or grade on Gradescope**: `make assignments ROSTER=canvas.csv` builds, per chapter,
#    an otter-grader autograder zip that installs the package from a wheel inside it and
#    holds the class's answers by id (no secret, no seed). It gives the same partial credit
#    as `grade` and knows the student from Gradescope's record of who submitted; run
#    anywhere else, it has only the notebook's `STUDENT_ID`, which a student can edit, so
#    `grade` stays the one to trust.
#
# **What the checks accept.** A number within the question's tolerance, or rounded either
# way to the precision the question asks for (0.32 and 0.33 for 0.325); a unit or a percent
# sign after the number ("21 MiB/s", "62 %"); a ratio to one ("2.11:1"); a name in any case,
# with or without its commas. The page's boxes and the grader apply the same rules.
#
# **Integrity.** The generator is public: with the package, a student can compute the
# answer to any seed, so what makes a graded variant safe is that only the secret maps a
# student to a seed. That still leaves a student who runs the model instead of reading the
# book. For work that counts, either ask graded questions whose answers are read from the
# book's figures and tables (the results chapters' questions say where in the page to look), or hold the
# exercise supervised. A submission that copies a classmate's answer earns nothing unless
# the two variants happen to share their answer, and a notebook made for another student
# earns nothing at all.
#
# **How many different questions.** Each topic's graded questions come from what its
# figures and tables show, a few hundred to many thousands of them, and each student draws
# one at random. In a class of 40, the method, mechanism and results chapters give almost
# every student a question of their own; the chapters with smaller figures (the tolerance
# chapter and the three case studies) give 33 to 40 different questions, 37 on average, so
# a few pairs of students share one. `tools/exercise_pools.py` counts them for any topic.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# ```bash
# .venv/bin/python -m overcommit exercise shares --seed 42 -c     # a practice variant, with its answer
# export OVERCOMMIT_SECRET='the course secret'
# .venv/bin/python -m overcommit exercise shares --student 12345 -c   # a student's graded variant
# .venv/bin/python -m overcommit exercise --roster canvas.csv --topics shares,paging --out key/
# .venv/bin/python -m overcommit assign paging --roster canvas.csv --out notebooks/
# .venv/bin/python -m overcommit grade submissions/ --topic paging --roster canvas.csv --out grades.csv
# ```
#
# `key/` receives `answer_key.csv`, `answer_key.md`, `seeds.csv` (keep it with the secret)
# and `handouts/<id>.html` and `.pdf` (PDF needs Chromium; `--no-pdf` skips it). The
# topics: {glue:md}`guide-topics:myst`.
# ````
#
# ## Where each exercise can be done
#
# Every exercise starts with a line saying where it can be done: *in this page* (the
# text, tables, charts and their pickers are enough) or *in Jupyter* (it asks to call the
# package, change a parameter, or run a host the page does not offer). The Jupyter ones
# stay Jupyter-only on purpose: they teach the package as a tool, or they ask about
# configurations outside the study's grid, which the static pages cannot precompute.
#
# ```{glue:md} guide-exercises
# :format: myst
# ```
