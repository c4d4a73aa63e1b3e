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
# # Dynamic address translation
#
# The chapter {doc}`tiers` counted pages: how many the guests use, how many z/VM keeps in
# real memory. This chapter follows a single memory access instead. A Linux process loads
# a byte from some address; before the byte arrives, the address is translated twice, once
# by each tier, and at each tier the translation can fail with a page fault. Who handles
# that fault, and what it costs, is what the study's memory results are made of.
#
# The mechanism is called dynamic address translation ({term}`DAT`) on IBM Z. Everything
# in the first section is the same on a laptop; if you have met paging in an operating
# systems course, it is a short refresher in IBM's vocabulary.

# %% tags=["remove-cell"]
import ipywidgets as widgets
from IPython.display import Markdown
from overcommit.book import glue

from overcommit import dat, exercises
from overcommit.book import figures_dat
from overcommit.book.explore import explorer

SEED = 0
setup = dat.generate(SEED)
steps = "\n\n".join(
    f"{i}. `{setup.hex(a)}` → **{dat.translate(setup, a).outcome}**\n\n"
    + "\n".join(f"   {k}. {s}" for k, s in enumerate(dat.translate(setup, a).steps, start=1))
    for i, a in enumerate(setup.addresses)
)
glue("dat-example-steps", Markdown(steps), display=False)
glue("dat-tables", Markdown(dat.tables_markdown(setup)), display=False)
# the set-up's sizes and seed 0's addresses and entries, as the prose and solutions state them
page = setup.page_size
space = len(setup.process) * page
glue("dat-process-pages", f"{len(setup.process)}", display=False)
glue("dat-guest-pages", f"{len(setup.host)}", display=False)
glue("dat-host-frames", f"{setup.host_frames}", display=False)
glue("dat-page-kib", f"{page // 1024}", display=False)
glue("dat-space-kib", f"{space // 1024}", display=False)
glue("dat-space-max", f"{space - 1:,}", display=False)
glue("dat-n-addresses", f"{len(setup.addresses)}", display=False)
for i, a in enumerate(setup.addresses):
    glue(f"dat-addr-{i}", setup.hex(a), display=False)
shadow_table = dat.shadow(setup)
EX_GUEST_PAGE, EX_PROCESS_PAGE, EX_SWAP_PAGE = 24, 13, 2  # the exercises' chosen pages
via = shadow_table[shadow_table["guest page"] == EX_GUEST_PAGE].index[0]
glue("dat-sh-via", f"{via}", display=False)
glue("dat-sh-via-frame", f"{shadow_table.loc[via, 'host frame']}", display=False)
glue("dat-sh-via-from", setup.hex(via * page), display=False)
glue("dat-sh-via-to", setup.hex((via + 1) * page - 1), display=False)
glue("dat-sh-p-guest", f"{shadow_table.loc[EX_PROCESS_PAGE, 'guest page']}", display=False)
glue("dat-sh-p-frame", f"{shadow_table.loc[EX_PROCESS_PAGE, 'host frame']}", display=False)
swap_guest = setup.process[EX_SWAP_PAGE].frame
glue("dat-dp-guest", f"{swap_guest}", display=False)
glue("dat-dp-slot", f"{setup.host[swap_guest].slot}", display=False)
LEVELS = 4  # the walk exercise's tables per tier
glue("dat-walk-per-level", f"{LEVELS + 1}", display=False)
glue("dat-walk-guest", f"{LEVELS * (LEVELS + 1)}", display=False)
glue("dat-walk-translate", f"{LEVELS * (LEVELS + 1) + LEVELS}", display=False)
glue("dat-walk-load", f"{LEVELS * (LEVELS + 1) + LEVELS + 1}", display=False)
glue("dat-walk-single", f"{LEVELS + 1}", display=False)
EX_SEED = 12
ex = exercises.generate("dat", seed=EX_SEED)
glue("dat-q", Markdown(ex.question), display=False)
glue("dat-a", Markdown(ex.solution), display=False)
shadow = figures_dat.shadow_display(setup)

# %% [markdown]
# ## One tier: a page table
#
# A program's addresses are *virtual*. The processor splits each one into a *virtual page
# number* (VPN) and an *offset* inside the page, looks the VPN up in a *page table*, and
# finds there the number of the *page frame* in real memory that holds the page
# {cite:p}`arpacidusseau2018ostep`. The offset is carried over unchanged. With pages of
# $P$ bytes,
#
# $$
# \text{VPN} = \left\lfloor a / P \right\rfloor, \qquad \text{offset} = a \bmod P,
# $$
#
# $$
# \text{real address} = \text{frame}(\text{VPN}) \cdot P + \text{offset}.
# $$
#
# IBM Z uses 4 KiB pages ($P = 4096$), so in hexadecimal the last three digits of an
# address are the offset and the rest is the VPN: address `0x75d9` is offset `0x5d9` in
# page 7. The real hardware walks a hierarchy of tables (region, segment and page tables);
# like the paper, this chapter keeps only the last one, the page table
# {cite:p}`johanssen2014overcommit`.
#
# The paper describes DAT as a contract between a *consumer*, the processor running a
# program with DAT switched on, and a *provider*, the control program that owns the page
# tables: CP for a guest, the Linux kernel for a process {cite:p}`johanssen2014overcommit`.
# Each page table entry is either *valid*, holding a frame number, or *invalid*. An entry
# can be invalid because the provider has moved the page out to a disk to reuse its frame,
# or because the page has never been given a frame at all. When the consumer touches an
# invalid entry, the processor stops the program and hands control to the provider: a
# *page fault*. The provider finds the page's contents (on disk, or a fresh page of zeros),
# puts them in a free frame, makes the entry valid and lets the program run on as if
# nothing had happened. The program notices only that one instruction took a long time.
#
# ## Two tiers: the address is translated twice
#
# Under z/VM a Linux process's address goes through two page tables, one per tier of the
# chapter {doc}`tiers`:
#
# 1. **Tier 2, Linux.** The process page table, kept by the Linux kernel, turns the
#    process's virtual address into a *guest address*. Linux believes the guest address is
#    a real one.
# 2. **Tier 1, z/VM.** CP's page table for the guest turns the guest address into a *host
#    real address*: a location in the memory of the LPAR, somewhere in the {term}`DPA`.
#
# A fault can happen at either step, and the two are handled by different programs that do
# not see each other's tables.
#
# A fault in tier 2 is a **Linux page fault**
# : The Linux kernel handles it exactly as on any other machine. If the page was swapped out
#   it reads it back from its swap disk; if the page was allocated but never touched it
#   supplies a page of zeros; if the address belongs to no memory area of the process, the
#   process gets a segmentation fault. z/VM is not involved, except that the guest page
#   Linux reads into is itself memory that z/VM must back.
#
# A fault in tier 1 is a **z/VM page fault**
# : CP handles it, invisibly to Linux: Linux's own page table says the page is present,
#   and from Linux's point of view it is. CP reads the page from one of its paging devices
#   into a free DPA frame (or, for a page never instantiated, supplies a frame of zeros),
#   makes its entry valid and resumes the guest. While the page is being read, the guest's
#   virtual CPU would simply stall. With {term}`page fault handshaking` CP tells Linux about
#   the fault, Linux runs another process on that virtual CPU, and CP tells Linux again when
#   the page has arrived {cite:p}`johanssen2014overcommit`.
#
# The study's memory cuts produce the second kind. Its guests were configured not to
# overcommit memory inside Linux; the shortage was z/VM's, and the page reads the paper
# reports are z/VM page faults being served (see {doc}`study`).
#
# ## A translation simulator
#
# The package contains a small translation simulator in the spirit of the homework
# simulators that accompany {cite:t}`arpacidusseau2018ostep`. From a seed it builds a
# random set-up: a process of {glue:text}`dat-process-pages` pages of {glue:text}`dat-page-kib` KiB, a guest of {glue:text}`dat-guest-pages` pages, a host whose real
# memory has {glue:text}`dat-host-frames` frames (the frames this guest does not use belong to other guests), and
# {glue:text}`dat-n-addresses` process virtual addresses. The same seed always builds the same set-up, and
# the simulator works one address through it step by step, as below for seed 0.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `overcommit.dat.generate(seed)` builds a set-up and `dat.translate(setup, address)`
# translates one address of it.
# ````

# %%
setup = dat.generate(0)
dat.translate(setup, 0x81E9)

# %% [markdown]
# Sizes, page size and how many entries are valid are all parameters of the simulator;
# the tables below are the ones seed 0 builds with the defaults. An invalid entry says why
# it is invalid: Linux keeps the *swap slot* of a page it has swapped out in the entry,
# and CP the *paging slot* of a page it has paged out.
#
# ```{glue:md} dat-tables
# :format: myst
# ```

# %% [markdown]
# :::{exercise}
# :label: dat-ex-example
# :class: oc-where-browser
#
# Translate the five addresses of seed 0 with the tables above. For each one, say where
# it ends: at a host real address, or in a fault, and in that case which tier faults and
# who handles it.
#
# 0. {glue:text}`dat-addr-0`
# 1. {glue:text}`dat-addr-1`
# 2. {glue:text}`dat-addr-2`
# 3. {glue:text}`dat-addr-3`
# 4. {glue:text}`dat-addr-4`
#
# Then check yourself with the figure below, which draws each address's path.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `dat.translate(dat.generate(0), address)` translates each of them step by step.
# ````
# :::
#
# :::{solution} dat-ex-example
# :class: dropdown
#
# ```{glue:md} dat-example-steps
# :format: myst
# ```
# :::
#
# The figure draws the same set-up. The left column is the process page table, the middle
# one z/VM's table for the guest, the right one the host's real memory; grey lines are the
# valid mappings, and the blue path is the chosen address.

# %% tags=["remove-input"]
figures_dat.path_chart(setup)

# %% [markdown]
# ```{container} oc-caption
# **Figure: one address through both tiers.** The simulator's seed-0 set-up:
# {glue:text}`dat-process-pages` process pages, {glue:text}`dat-guest-pages` guest pages, {glue:text}`dat-host-frames` host frames. The drop-down picks one of the five
# addresses; its path is drawn in blue and the note below the columns says where it ends,
# as the simulator translates it. Hover over a cell for its entry.
# ```
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `figures_dat.path_chart(dat.generate(seed))` draws the figure for another seed.
# ````
#
# Seed 0 happens to show every outcome. Address 0 reaches a valid Linux entry but a guest
# page z/VM has paged out: a z/VM page fault. Address 1 hits a page Linux has swapped out,
# address 3 a page the process allocated but never touched, and address 4 a page outside
# the process's memory areas: three Linux faults of different kinds, none of which
# z/VM sees. Only address 2 makes it all the way to a host frame.
#
# The live explorer draws the same picture for any seed and any address of the {glue:text}`dat-space-kib` KiB
# process address space.

# %% tags=["remove-input"]
explorer(
    figures_dat.explore_chart,
    adds="The set-up of any seed from 0 to 999 and any address of its process, translated through both tiers.",
    seed=widgets.IntSlider(value=0, min=0, max=999, description="seed"),
    address=widgets.IntSlider(value=0x81E9, min=0, max=space - 1, description="address"),
)

# %% [markdown]
# ```{container} oc-caption
# **Live explorer: translate any address.** Each change builds the set-up for the seed
# and translates the address (0 to {glue:text}`dat-space-max`) with the simulator.
# ```
#
# ## Where the two tiers get in each other's way
#
# Because each provider manages its table without knowing about the other, their decisions
# can collide. The classic case is *double paging* {cite:p}`waldspurger2002esx`. Under
# memory pressure CP pages out a guest page that looks idle. Later Linux, short of memory
# itself, picks the same page to swap out, because it looks idle to Linux too. To write
# the page to its swap disk, Linux must read it, which causes a z/VM page fault: CP reads
# the page back from its paging device only so that Linux can write it to another disk and
# then leave the frame unused. Two I/O operations do the work of none.
#
# The guest/host interactions of the previous chapter exist to prevent exactly this kind of
# waste. When Linux tells CP which pages it no longer needs (CMMA, diagnose x'10'), CP can
# throw those away first instead of paging out pages Linux still holds data in; with page
# fault handshaking a z/VM fault stops one Linux process instead of a whole virtual CPU.
#
# ## Shadow tables
#
# A two-tier translation costs two table lookups for every access that misses the
# translation cache (the TLB), and with real multi-level tables many more. A hypervisor can
# avoid the second walk by composing the two tables into one: a *shadow table* that maps
# process pages directly to host frames, which it gives to the hardware in place of the
# guest's own table. The hardware's TLB then caches the composed translation, and an access
# whose entry is valid costs no more than on a machine without virtualisation. VMware ESX
# Server worked this way on processors of its time {cite:p}`waldspurger2002esx`; the paper
# lists shadow DAT tables among the refinements z/VM uses for layered memory
# virtualisation, and leaves them out of its simplified picture
# {cite:p}`johanssen2014overcommit`. The simulator builds the shadow table of a set-up too;
# for seed 0 it is:
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `dat.shadow(setup)` builds the shadow table of a set-up.
# ````

# %% tags=["remove-input"]
shadow

# %% [markdown]
# A shadow entry is valid only where both tiers are valid, so it is invalid for two
# different reasons, and the hypervisor must keep them apart. When the hardware faults on an
# invalid shadow entry, CP looks at the two tables it was built from. If the Linux entry
# is invalid, the fault belongs to Linux: CP passes it on to the guest as an ordinary Linux
# page fault. If the Linux entry is valid but CP's own entry is not, it is a z/VM page
# fault and CP handles it itself. Either way, the shadow entry is rebuilt once the page is
# back.
#
# The price is bookkeeping. Every time Linux changes an entry of its page table, or CP
# pages out a guest page, the shadow entries built from it become wrong and must be
# invalidated: the hypervisor has to notice changes to the guest's tables as well as its
# own. Processors with support for virtualisation can instead walk both tables in hardware,
# which trades the bookkeeping for longer walks on a TLB miss.
#
# ## Exercises
#
# :::{exercise}
# :label: dat-ex-seeded
# :class: oc-where-browser
#
# This exercise is generated from a seed; the one below is seed 12.
#
# ```{glue:md} dat-q
# :format: myst
# ```
#
# Type another seed in the box to get another question and check your answer there. Host
# addresses may be given as `0x...` or as decimal numbers.
#
# ````{admonition} Try it in Python
# :class: oc-try dropdown
# `exercises.generate("dat", seed=...)` gives the question and
# `exercises.check("dat", seed=..., answer=[...])` checks an answer, after
# `from overcommit import exercises`; host addresses are Python integers, `0x...` or decimal.
# ````
#
# <div class="oc-selfcheck" data-topic="dat" data-seed="12"></div>
# :::
#
# :::{solution} dat-ex-seeded
# :class: dropdown
#
# ```{glue:md} dat-a
# :format: myst
# ```
# :::
#
# :::{exercise}
# :label: dat-ex-shadow
# :class: oc-where-browser
#
# In the seed-0 set-up, CP pages out guest page 24 to make room for another guest. Which
# entry of the shadow table must it invalidate, and which process addresses would now end
# in a z/VM page fault that did not before? If instead Linux swapped out process page 13,
# which shadow entry would change, and who would handle the next access to it?
# :::
#
# :::{solution} dat-ex-shadow
# :class: dropdown
#
# Guest page 24 is the target of process page {glue:text}`dat-sh-via` (Linux's entry {glue:text}`dat-sh-via` → guest page 24, CP's
# entry 24 → frame {glue:text}`dat-sh-via-frame`), so shadow entry {glue:text}`dat-sh-via`, which maps straight to frame {glue:text}`dat-sh-via-frame`, must become
# invalid. The process addresses {glue:text}`dat-sh-via-from` to {glue:text}`dat-sh-via-to` would then end in a z/VM page fault.
# Process page 13 maps to guest page {glue:text}`dat-sh-p-guest` and on to frame {glue:text}`dat-sh-p-frame`; if Linux swapped it out, its own
# entry 13 would become invalid, so shadow entry 13 must be invalidated too. The next
# access to page 13 faults on the shadow entry; CP sees that Linux's entry is invalid and
# passes the fault on to Linux, which reads the page back from its swap disk. The general
# rule: a shadow entry depends on one entry in each table, and a change to either
# invalidates it. Check with `dat.shadow(dat.generate(0))`.
# :::
#
# :::{exercise}
# :label: dat-ex-walk
# :class: oc-where-browser
#
# Suppose each tier used a hierarchy of four tables instead of one page table, and there
# were no TLB and no shadow tables. Every table the guest's hierarchy reads lies at a
# guest address, which the hardware must itself translate through z/VM's four tables. How
# many memory references does one process load take?
# :::
#
# :::{solution} dat-ex-walk
# :class: dropdown
#
# Each of the four guest table entries is read at a guest address: translating that
# address costs four references to z/VM's tables, and reading the entry one more, so {glue:text}`dat-walk-per-level`
# per guest level, {glue:text}`dat-walk-guest` in all. That yields the guest address of the data, which takes
# another four references through z/VM's tables: {glue:text}`dat-walk-translate` references to translate, and the load
# itself makes {glue:text}`dat-walk-load`, where a single tier needs 4 + 1 = {glue:text}`dat-walk-single`. This is why a translation cache, shadow
# tables or both matter so much for virtual machines.
# :::
#
# :::{exercise}
# :label: dat-ex-double
# :class: oc-where-browser
#
# In the seed-0 set-up, Linux runs short of memory and picks process page 2 to swap out.
# Follow both tables: what does the swap-out cost, and why is this double paging? How could
# the guest have avoided it?
# :::
#
# :::{solution} dat-ex-double
# :class: dropdown
#
# Process page 2 is valid in Linux's table (→ guest page {glue:text}`dat-dp-guest`), and CP has guest page {glue:text}`dat-dp-guest` paged
# out (paging slot {glue:text}`dat-dp-slot`). If Linux now chooses process page 2 for swapping, it must read the
# page's contents to write them to its swap disk; that read goes to guest page {glue:text}`dat-dp-guest`, which
# faults in tier 1, and CP reads the page back from its paging slot. Linux then writes it
# to its own swap disk and frees guest page {glue:text}`dat-dp-guest`: two I/O operations and a frame that is
# filled only to be abandoned. Linux cannot see that the page is already on disk, so it
# cannot avoid the collision by itself. What helps is telling CP more: pages Linux has
# released (diagnose x'10') or marked unused (CMMA) are the ones CP discards first, so CP
# has less reason to page out pages Linux still holds data in; and a guest that is given
# enough memory of its own rarely swaps at all.
# :::
