"""Everything numba compiles, in one package.

``jitted`` makes the rules core (``stud.core``) callable from compiled code and
holds the two ``njit`` flavours; ``rng`` is the counter-based random stream;
``engine`` is the compiled engine over flat arrays; ``features``, ``tight``,
``equity_bot`` and ``policies`` are the built-in bots' compiled decisions;
``evaluation`` holds the batch hand-evaluation kernels; ``equity`` the odds kernels
(scoring, enumeration, sampling); ``batched`` the batched environment's loop and
``prefetch`` its cache hint. ``numba_cache`` keeps numba's on-disk cache of all of
them honest, and ``python -m stud.compiled.warmup`` compiles everything once.

Importing this package imports none of them: each module is loaded where it is used.
"""
