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
# the prose: one seeded exercise for each topic (a workload chapter has two), and no other
seeded = curriculum.exercise_frame().query("selfcheck == 'seeded'")
assert sorted(seeded["topic"]) == sorted(TOPICS)
glue("guide-n-topics", str(len(TOPICS)), display=False)
# the command line takes a topic by its file name: shown only in the folded box
glue("guide-topics", Markdown(", ".join(f"`{t}`" for t in TOPICS)), display=False)
glue("guide-max-seed", str(CLASS_SEEDS[-1]), display=False)
glue("guide-answers-wanted", str(curriculum.ANSWERS_WANTED), display=False)
glue("guide-few-answers", Markdown(curriculum.few_answers_md()), display=False)

# %% [markdown]
# ## Two editions
#
# The site built by `make book` is the **student edition**: every exercise is there, but
# no folded solution, and a self-check box says whether an answer is right (and within
# which tolerance); after three wrong tries on a practice seed it offers that seed's worked
# solution (the site answers practice seeds anyway), never a chapter exercise's. `make book-instructor` builds the
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
# The {glue:text}`guide-n-topics` seeded exercises, one per chapter that has one and a second
# in each workload chapter, read off its chart *Where the time goes* (marked *seeded* in the
# last table of this page), turn a seed into a question and the same seed
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
# 2. **Export the roster** from the LMS as it comes. Latin-1 files, byte-order marks, tab or
#    semicolon separators and `#` comment lines are read as they are. Each student's
#    question is keyed by an id that stays the same all term, so adding or dropping a
#    student changes nobody else's question; and the grader tells whose file is whose by
#    the id the LMS writes into the names of its downloads, which must therefore be in the
#    roster:
#
#    | LMS | roster to export | id that keys the question | id in the download names |
#    |---|---|---|---|
#    | Canvas | Grades → Export (the gradebook CSV) | `ID` (Canvas's user id) | the same `ID` |
#    | Moodle | the assignment's *Download grading worksheet* | `ID number`, else `Email address` | the participant number of `Identifier` |
#    | Blackboard | Grade Centre → Work Offline → Download | `Username` | the same `Username` |
#    | any | a CSV with columns `student,id` | `id` | `<id>.ipynb`, as `assign` names the notebooks |
#
#    Canvas's ID is checked to be a number when the roster is read, and Canvas's test
#    student ("Student, Test") is left out with a note. A Moodle gradebook export seeds the
#    same questions as the worksheet (both have `ID number`), but it has no participant
#    numbers, so grade Moodle downloads with the worksheet. Every error names the line.
# 3. **Hand out the questions**, on paper or as notebooks:
#    `exercise --roster` writes an answer key with each question's text, the answers and the
#    worked solutions, and one printable handout per student (HTML and PDF, no seed and no
#    answer in it); `assign` writes one notebook per student with their question and an
#    answer cell, named by the student's id.
# 4. **Grade** the folder of downloads the LMS hands back. `grade` takes each file's
#    submitter from the LMS's own id in its name (the table above; the name the student
#    gave the file is never read for it), reads the `answer = ...` line without running any
#    of the student's code, recomputes that student's answer from the roster and the
#    secret, and gives each part of a several-part answer its share of the points. Every
#    student of the roster gets a row and a reason: scored (with what was read and what was
#    expected for every wrong part), made for another student ("made for 104210 (Lovelace,
#    Ada)": a notebook made for one student and handed in by another scores 0 for the one
#    who handed it in, whatever the file is called), not readable, not answered, or nothing
#    handed in. A file from someone who is not on the roster (Canvas's test student, say)
#    is listed with its name and never graded in a student's place; of a student's several
#    files the newest by the LMS's own order counts. No Docker is needed.
# 5. **Import the grades.** `grade` writes the grades file in the roster's format and a
#    details file beside it. To fill an assignment that already exists in Canvas, name its
#    column as Canvas's export names it, with the assignment's id in brackets, and give
#    the points it is out of:
#
#    ```bash
#    .venv/bin/python -m overcommit grade submissions/ --topic shares --roster canvas.csv \
#        --title "Homework 1: Shares (881201)" --points 10 --out ~/teaching/grades.csv
#    ```
#
#    Without `--title` the column is named after the topic and Canvas creates a new
#    assignment; without `--points` an answer is worth 1. A Moodle worksheet comes back as
#    the worksheet with its `Grade` column filled in, for *Upload grading worksheet*.
#    Every CSV the commands write is safe to open in a spreadsheet: a cell that begins like
#    a formula (`=`, `+`, `-`, `@`) gets a leading `'`, so a name or an answer typed as
#    `=HYPERLINK(...)` stays text.
# 6. **Or grade on Gradescope**: `make assignments ROSTER=canvas.csv` (a relative `ROSTER` is
#    read from where you run `make`) builds, per chapter, an otter-grader autograder zip
#    that installs the package from a wheel inside it, with the NumPy, SciPy and pandas
#    versions the answers were computed with, and holds the class's answers by id (no
#    secret, no seed). It gives the same partial credit as `grade` and knows the student
#    from Gradescope's record of who submitted; run anywhere else, it has only the
#    notebook's `STUDENT_ID`, which a student can edit, so `grade` stays the one to trust.
#
# **Keep keys and grades out of the repository.** The answer key, the seeds, the
# notebooks and the grades hold students' names and answers: write them to a folder
# outside this repository (`--out ~/teaching/...`). The commands' default folders
# (`answer-key/`, `notebooks/`, `grades.csv`) are ignored by git, and a command that
# writes roster data where git would offer it for a commit says so.
#
# **What the checks accept.** The page's boxes and the grader read an answer with the same
# reader (`overcommit.exercises.answers`), so a text gets the same verdict in both:
#
# - a number within the question's tolerance, or rounded either way to the precision the
#   question asks for (0.32 and 0.33 for 0.325), with or without a hedge ("about 39",
#   "~39", "≈ 39", "approx. 39 min");
# - a unit of the kind asked, converted ("2328 s" for 38.8 minutes, "36 %" for a fraction
#   of 0.36, "0.0357 GiB/s" for 36.5 MiB/s); a unit of another kind ("39 GiB" for minutes)
#   is refused with a hint that names the unit asked;
# - a ratio to one ("2.11:1" or "2.11x"), a name in any case with or without its commas,
#   several parts separated by commas with or without brackets, thousands written with
#   commas ("107,455");
# - a decimal comma ("38,8") is refused with a hint to write a point.
#
# After a wrong try the page says which part is off and whether it is too high or too low;
# after three wrong tries on a practice seed it offers that seed's worked solution. The
# grader's details file records, for every part that earns nothing, what was read and what
# was expected, so a request for a regrade can be answered from it.
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
# **How many different questions and answers.** Each topic's graded questions come from
# what its figures and tables show, a few hundred to many thousands of them, and each
# student draws one at random. In a class of 40, the method, mechanism and results chapters
# give almost every student a question of their own; the chapters with smaller figures (the
# tolerance chapter and the three case studies) give 33 to 40 different questions, 37 on
# average, so a few pairs of students share one. Different questions can still share an
# answer: a relative throughput asked to two decimals has at most a hundred values. These
# topics give a class of 40 fewer than {glue:text}`guide-answers-wanted` different answers
# (measured for one secret): {glue:md}`guide-few-answers:myst`. On them a classmate's
# answer is now and then right too, though the question itself is each student's own. `tools/exercise_pools.py` counts questions and answers for any topic.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# ```bash
# .venv/bin/python -m overcommit exercise shares --seed 42 -c     # a practice variant, with its answer
# export OVERCOMMIT_SECRET='the course secret'
# .venv/bin/python -m overcommit exercise shares --student 12345 -c   # a student's graded variant
# .venv/bin/python -m overcommit exercise --roster canvas.csv --topics shares,paging --out ~/teaching/key/
# .venv/bin/python -m overcommit assign paging --roster canvas.csv --out ~/teaching/notebooks/
# .venv/bin/python -m overcommit grade submissions/ --topic paging --roster canvas.csv \
#     --title "Homework 2: Paging (881202)" --points 10 --out ~/teaching/grades.csv
# ```
#
# `~/teaching/key/` receives `answer_key.csv`, `answer_key.md`, `seeds.csv` (keep it with the secret)
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
