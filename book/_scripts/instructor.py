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
# ## A variant for every student
#
# The {glue:text}`guide-n-topics` seeded exercises, one per chapter that has one (marked
# *seeded* in the last table of this page), turn a seed into a question and the same seed
# into its answer. Give each student a seed from 0 to {glue:text}`guide-max-seed`; in the
# page they type it into the exercise's box, see their own question and check their answer,
# with no kernel. From a copy of the repository, the package prints any variant and writes
# a class's seeds and answer key (the commands are in the box below).
#
# The roster is a CSV file with a column of student names. Every student gets one seed, the
# same for every topic and different from everybody else's; the output folder receives the
# seeds to hand out, and the answer key to keep, as a table and as a printable page.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# ```bash
# .venv/bin/python -m overcommit exercise shares --seed 42       # the question
# .venv/bin/python -m overcommit exercise shares --seed 42 -c    # with answer and worked solution
# .venv/bin/python -m overcommit exercise --roster students.csv --course-seed 2026 --out key/
# ```
#
# The roster's column is `student`; `key/` receives `seeds.csv`, `answer_key.csv` and
# `answer_key.md`. The topics: {glue:md}`guide-topics:myst`.
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
