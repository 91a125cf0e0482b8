"""The rules' decisions as small pure functions over ints and int arrays.

Both engines call these and nothing else to decide who brings in, who acts, what
they may wager, whether a short all-in counts, who acts next, what goes back
uncalled, how the chips make pots and how each pot is shared out. The reference
engine (``stud.state``) calls them as plain Python over tuples and lists; the
compiled engine (``stud.compiled.engine``), the odds kernels and the compiled bots call
the very same functions inside numba code, after ``stud.compiled.jitted`` has
registered them with ``numba.extending.register_jitable``. So a rule lives here
once, and this package never imports numba: it is written in the subset numba
compiles (ints, bools, indexing, loops, tuples of ints; no allocation, no objects).

Callers pass per-seat values as sequences indexed by seat (``folded[s]``,
``stacks[s]``) together with the number of seats ``n``, and hand in the buffers
results are written to.
"""
