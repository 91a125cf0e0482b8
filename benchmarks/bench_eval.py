"""Hand evaluation speed: stud next to eval7, phevaluator, treys and pokerkit.

One process, one core, the same random seven-card hands for every evaluator, each
given in the form its API takes (stud Cards, codes or masks; eval7 Cards;
phevaluator card ids; treys ints; pokerkit Cards) and converted before timing.
Every round times every row once, interleaved, so load from other processes on a
shared machine hits all rows alike; the table shows the median of the rounds.
Only speed is compared: each library has its own order of hand values.

    make bench                                  # installs the peers, then runs this
    .venv/bin/python benchmarks/bench_eval.py [--rounds 7] [--markdown]

Per call means one Python call per hand, in a Python loop (the loop is part of the
cost, for every row alike). Batch means one call for an array of hands; stud's batch
rows write into output arrays given with ``out=`` except the one marked "new output
arrays", which pays for allocating them too. phevaluator
ships no batch API; its C core's batch row loops over ``evaluate_7cards`` in a small
C function compiled here (skipped without a C compiler).

It also measures the costs paid once: building the tables, and compiling the numba
kernels into an empty cache (each in a fresh process).
"""

from __future__ import annotations

import argparse
import atexit
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from stud.cards import DECK
from stud.compiled import evaluation as kernels
from stud.evaluation import fast, reference
from stud.evaluation.tables import tables

Codes = npt.NDArray[np.uint8]


@dataclass
class Row:
    """One timed evaluator: ``run`` evaluates ``hands`` hands once."""

    library: str
    route: str
    evaluates: str
    hands: int
    run: Callable[[], object]
    seconds: list[float]


def random_hands(n: int, seed: int) -> Codes:
    """``n`` random hands of seven distinct card codes."""
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52), dtype=np.float32)
    return np.argpartition(keys, 7, axis=1)[:, :7].astype(np.uint8)


def per_call(evaluate: Callable[..., object], hands: Sequence[Any]) -> Callable[[], object]:
    def run() -> None:
        for hand in hands:
            evaluate(hand)

    return run


def per_call_star(
    evaluate: Callable[..., object], hands: list[tuple[int, ...]]
) -> Callable[[], object]:
    def run() -> None:
        for hand in hands:
            evaluate(*hand)

    return run


PHEVAL_BATCH_C = """
typedef int (*eval7_fn)(int, int, int, int, int, int, int);
void batch7(eval7_fn evaluate, const unsigned char *codes, long n, int *out) {
    for (long i = 0; i < n; i++) {
        const unsigned char *h = codes + 7 * i;
        out[i] = evaluate(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
    }
}
"""


def pheval_batch(batch: Codes) -> Callable[[], object] | None:
    """phevaluator's C ``evaluate_7cards`` over a batch, or None without a compiler."""
    import phevaluator._pheval as pheval  # noqa: PLC0415  (a benchmark-only extra)

    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    build = Path(tempfile.mkdtemp(prefix="stud-bench-"))
    atexit.register(shutil.rmtree, build, ignore_errors=True)
    (build / "batch.c").write_text(PHEVAL_BATCH_C)
    subprocess.run(
        [
            compiler,
            "-O2",
            "-shared",
            "-fPIC",
            "-o",
            str(build / "batch.so"),
            str(build / "batch.c"),
        ],
        check=True,
    )
    driver = ctypes.CDLL(str(build / "batch.so"))
    core = ctypes.CDLL(pheval.__file__)
    evaluate = ctypes.cast(core.evaluate_7cards, ctypes.c_void_p)
    out = np.empty(len(batch), dtype=np.int32)
    codes = np.ascontiguousarray(batch)  # phevaluator ids are rank * 4 + suit, as stud's

    def run() -> None:
        driver.batch7(
            evaluate,
            codes.ctypes.data_as(ctypes.c_void_p),
            ctypes.c_long(len(codes)),
            out.ctypes.data_as(ctypes.c_void_p),
        )

    return run


def rows(batch: Codes, per_call_n: int) -> list[Row]:
    """Every evaluator to time, with its hands prepared."""
    import eval7  # noqa: PLC0415  (benchmark-only extras)
    import phevaluator  # noqa: PLC0415
    import phevaluator._pheval as pheval  # noqa: PLC0415
    import pokerkit  # noqa: PLC0415
    import treys  # noqa: PLC0415

    hands = batch[:per_call_n]
    cards = [[DECK[c] for c in row] for row in hands.tolist()]
    texts = [[str(c) for c in hand] for hand in cards]
    masks = [fast.card_mask(hand) for hand in cards]
    ids = [tuple(row) for row in hands.tolist()]
    e7 = [[eval7.Card(t) for t in hand] for hand in texts]
    tr = [[treys.Card.new(t) for t in hand] for hand in texts]
    pk = [
        (list(pokerkit.Card.parse("".join(h[:2]))), list(pokerkit.Card.parse("".join(h[2:]))))
        for h in texts
    ]
    treys_evaluator = treys.Evaluator()
    out = np.empty(len(batch), dtype=np.int32), np.empty(len(batch), dtype=np.int32)
    slow = per_call_n // 100

    def row(library: str, route: str, evaluates: str, n: int, run: Callable[[], object]) -> Row:
        return Row(library, route, evaluates, n, run, [])

    table = [
        row("stud", "batch (numba)", "high", len(batch), lambda: kernels.high_batch(batch, out[0])),
        row(
            "stud",
            "batch (numba)",
            "high + low8",
            len(batch),
            lambda: kernels.high_low8_batch(batch, out),
        ),
        row(
            "stud",
            "batch (numba), new output arrays",
            "high + low8",
            len(batch),
            lambda: kernels.high_low8_batch(batch),
        ),
        row("stud", "batch (numba)", "low8", len(batch), lambda: kernels.low8_batch(batch, out[0])),
        row("stud", "batch (numba)", "razz", len(batch), lambda: kernels.razz_batch(batch, out[0])),
    ]
    c_batch = pheval_batch(batch)
    if c_batch is not None:
        table.append(
            row("phevaluator", "batch (its C core, looped in C)", "high", len(batch), c_batch)
        )
    table += [
        row(
            "stud",
            "per call, card mask int",
            "high + low8",
            per_call_n,
            per_call(fast.high_low8_from_mask, masks),
        ),
        row(
            "stud",
            "per call, list of Cards",
            "high + low8",
            per_call_n,
            per_call(fast.high_low8_value, cards),
        ),
        row(
            "stud",
            "per call, list of Cards",
            "high",
            per_call_n,
            per_call(fast.high_value, cards),
        ),
        row(
            "eval7",
            "per call, list of its Cards",
            "high",
            per_call_n,
            per_call(eval7.evaluate, e7),
        ),
        row(
            "phevaluator",
            "per call, evaluate_7cards (C)",
            "high",
            per_call_n,
            per_call_star(pheval.evaluate_7cards, ids),
        ),
        row(
            "phevaluator",
            "per call, evaluate_cards",
            "high",
            per_call_n,
            per_call_star(phevaluator.evaluate_cards, ids),
        ),
        row(
            "treys",
            "per call",
            "high",
            slow * 10,
            lambda: [treys_evaluator.evaluate(h[:2], h[2:]) for h in tr[: slow * 10]],
        ),
        row(
            "pokerkit",
            "per call, StandardHighHand",
            "high",
            slow // 2,
            lambda: [pokerkit.StandardHighHand.from_game(h, b) for h, b in pk[: slow // 2]],
        ),
        row(
            "stud",
            "per call, reference (oracle)",
            "high",
            slow,
            per_call(reference.high_value, cards[:slow]),
        ),
    ]
    return table


ONCE = textwrap.dedent(
    """
    import time
    start = time.perf_counter()
    from stud.compiled import evaluation as kernels
    imported = time.perf_counter()
    kernels.compile_all()
    print(imported - start, time.perf_counter() - imported)
    """
)


def one_off_costs() -> dict[str, float]:
    """Seconds to build the tables, load them cached, and compile or load the kernels."""
    started = time.perf_counter()
    from stud.evaluation.tables import build_tables  # noqa: PLC0415

    build_tables()
    built = time.perf_counter() - started
    with tempfile.TemporaryDirectory(prefix="stud-numba-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        runs = []
        for _ in range(2):  # first into the empty cache, then from it
            done = subprocess.run(
                [sys.executable, "-c", ONCE], env=env, capture_output=True, text=True, check=True
            )
            runs.append([float(x) for x in done.stdout.split()])
    return {
        "tables built": built,
        "kernels compiled (empty cache, tables from their cache)": runs[0][1],
        "kernels loaded from the cache": runs[1][1],
        "import of stud.compiled.evaluation (numba)": runs[1][0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--batch", type=int, default=4_000_000, help="hands per batch row")
    parser.add_argument("--per-call", type=int, default=200_000, help="hands per per-call row")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()

    batch = random_hands(args.batch, seed=2024)
    kernels.compile_all()
    fast.high_value(DECK[:7])  # install the tables in the C extension
    table = rows(batch, args.per_call)
    for _ in range(args.rounds):
        for entry in table:
            started = time.perf_counter()
            entry.run()
            entry.seconds.append(time.perf_counter() - started)

    def rate(entry: Row) -> float:
        return entry.hands / statistics.median(entry.seconds)

    eval7_rate = next(rate(e) for e in table if e.library == "eval7")
    lines = [
        ("library", "route", "evaluates", "hands/s", "x eval7"),
        *(
            (
                e.library,
                e.route,
                e.evaluates,
                f"{rate(e) / 1e6:,.2f} M" if rate(e) >= 1e5 else f"{rate(e) / 1e3:,.1f} k",
                f"{rate(e) / eval7_rate:,.3g}",
            )
            for e in sorted(table, key=rate, reverse=True)
        ),
    ]
    widths = [max(len(line[i]) for line in lines) for i in range(5)]
    print(
        f"Random seven-card hands, one core, median of {args.rounds} rounds "
        f"({args.batch:,} hands a batch row, {args.per_call:,} a fast per-call row)."
    )
    if args.markdown:
        print("| " + " | ".join(lines[0]) + " |")
        print("|" + "|".join("---:" if i >= 3 else "---" for i in range(5)) + "|")
        for line in lines[1:]:
            print("| " + " | ".join(line) + " |")
    else:
        for line in lines:
            print(
                "  ".join(
                    cell.rjust(w) if i >= 3 else cell.ljust(w)
                    for i, (cell, w) in enumerate(zip(line, widths, strict=True))
                )
            )
    print()
    costs = one_off_costs()
    for what, seconds in costs.items():
        print(f"{what}: {seconds:.2f} s")
    t = tables()
    print(f"tables: {t.nbytes / 2**20:.2f} MiB in all:")
    for name in t._fields:
        value = getattr(t, name)
        if isinstance(value, np.ndarray):
            print(f"  {name:<16} {value.nbytes:>9,} bytes ({len(value):,} x {value.dtype})")


if __name__ == "__main__":
    main()
