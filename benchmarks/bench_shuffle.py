"""The verifiable shuffle (docs/shuffle.md): deals verified a second, and how uniform
the dealt positions are.

Two measurements:

- ``--deals`` simulated deals (a million by default), each from a fresh server
  secret and fresh player seeds, committed, dealt to 2 to 8 players over a random
  number of streets (folds thin the later streets; seventh street falls back to a
  community card when the deck runs short, R3.4), and verified from one player's
  chair exactly as ``stud verify`` does (``verify_proof``: the Merkle root, the deal
  positions read from the deal lines, each card the player saw against its
  commitment). Every deal must verify.
- ``--shuffles`` shuffles (ten million by default): the card dealt at each of the 52
  deal positions counted, and a chi-squared test per position against the uniform
  (51 degrees of freedom; p-values by the Wilson-Hilferty approximation, close for
  that many). With uniform positions about 1 in 100 positions has p < 0.01.

    .venv/bin/python benchmarks/bench_shuffle.py [--deals 1000000] [--shuffles 10000000]
"""

from __future__ import annotations

import argparse
import math
import random
import secrets
import time

from stud.shuffle import deal, deck_order, secret_deck
from stud.verify import deal_slots, positions_of, verify_proof


def _deal_lines(dealt: list[str], players: int, rng: random.Random, me: int) -> list[str]:
    """A hand's deal lines as player ``me`` sees them, folds thinning later streets."""
    lines: list[str] = []
    live = list(range(players))
    used = 0
    for street in range(3, 8):
        if street > 3:
            live = [p for p in live if rng.random() > 0.2 or p == me]
            if len(live) < 2:
                break
            lines.append(f"p{live[0] + 1} cc")  # the street's betting between deals
        count = 3 if street == 3 else 1
        if street == 7 and 52 - used < len(live):
            lines.append(f"d db {dealt[used]}")
            break
        k = len(live)
        for i, p in enumerate(live):
            cards = [dealt[used + i + m * k] for m in range(count)]
            down = {0, 1} if street == 3 else ({0} if street == 7 else set())
            shown = "".join("??" if m in down and p != me else c for m, c in enumerate(cards))
            lines.append(f"d dh p{p + 1} {shown}")
        used += count * k
    return lines


def verify_deals(deals: int, rng: random.Random) -> float:
    """Deal, commit and verify ``deals`` hands; the seconds it took."""
    start = time.perf_counter()
    for n in range(deals):
        seeds = [secrets.token_hex(8) for _ in range(rng.randint(0, 3))]
        shuffle = deal(secret_deck(secrets.token_bytes(32)), seeds)
        players = rng.randint(2, 8)
        me = rng.randrange(players)
        actions = _deal_lines([str(c) for c in shuffle.dealt], players, rng, me)
        salts = shuffle.salts(deal_slots(actions).cards)
        result = verify_proof(shuffle.deck.root, shuffle.deck.leaves, seeds, salts, actions)
        if result.cards < 3:
            raise SystemExit(f"deal {n}: only {result.cards} cards verified")
    return time.perf_counter() - start


def _p_value(x: float, k: int) -> float:
    """P(chi-squared with ``k`` degrees of freedom >= x), by Wilson-Hilferty."""
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _report(counts: list[list[int]], shuffles: int, seconds: float) -> None:
    expected = shuffles / 52
    stats = [sum((c - expected) ** 2 / expected for c in row) for row in counts]
    p = [_p_value(x, 51) for x in stats]
    low = sum(x < 0.01 for x in p)
    print(
        f"{shuffles:,} shuffles in {seconds:.0f} s; chi-squared per deal position (51 df): "
        f"statistic min {min(stats):.1f}, median {sorted(stats)[26]:.1f}, "
        f"max {max(stats):.1f}; p-value min {min(p):.3f}; "
        f"positions with p < 0.01: {low} of 52",
        flush=True,
    )


def uniformity(shuffles: int, every: int) -> None:
    """Count the card at each deal position over ``shuffles`` deals, and report the
    chi-squared statistics every ``every`` shuffles and at the end."""
    counts = [[0] * 52 for _ in range(52)]
    start = time.perf_counter()
    for n in range(1, shuffles + 1):
        order = deck_order(secrets.token_bytes(32))
        for j, p in enumerate(positions_of([secrets.token_hex(8)])):
            counts[j][order[p]] += 1
        if n % every == 0 or n == shuffles:
            _report(counts, n, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--shuffles", type=int, default=10_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=1_000_000, help="report every N shuffles")
    args = parser.parse_args()
    if args.deals:
        seconds = verify_deals(args.deals, random.Random(args.seed))
        print(
            f"{args.deals:,} deals committed, dealt and verified in {seconds:.0f} s "
            f"({args.deals / seconds:,.0f} a second); every one verified"
        )
    if args.shuffles:
        uniformity(args.shuffles, args.every)


if __name__ == "__main__":
    main()
