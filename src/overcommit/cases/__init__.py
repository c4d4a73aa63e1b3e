"""Case studies from the companion documents, modelled with the study's mechanisms.

Each module builds the guests (:class:`overcommit.Guest`), drivers
(:class:`overcommit.Variant`), host (:class:`overcommit.Host`) and environment
(:class:`overcommit.Environment`) of one document from a data file with provenance, runs
:func:`overcommit.simulate`, and compares the result with the document's own numbers. New
parameters live in ``data/``; no case adds special-case code to the model.
"""
