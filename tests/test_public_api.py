"""The public API is exactly what stud/__init__ exports, and its example runs."""

import doctest
import subprocess
import sys

import stud


def test_public_api_is_pinned() -> None:
    assert stud.__all__ == [
        "Action",
        "Bet",
        "BringIn",
        "Call",
        "Card",
        "CardError",
        "Check",
        "Complete",
        "Event",
        "Fold",
        "HandState",
        "IllegalActionError",
        "Muck",
        "Phase",
        "PlayerView",
        "Raise",
        "Rank",
        "Rules",
        "RulesError",
        "ShortAllInRule",
        "Show",
        "Suit",
        "Variant",
        "format_cards",
        "new_hand",
        "odds",
        "parse_card",
        "parse_cards",
        "view_of",
    ]
    for name in stud.__all__:
        assert hasattr(stud, name), name


def test_module_example_runs() -> None:
    failures, tried = doctest.testmod(stud)
    assert tried > 0
    assert failures == 0


def test_odds_is_the_function_and_equity_the_module_in_any_import_order() -> None:
    import types  # noqa: PLC0415

    from stud.equity import Situation  # noqa: PLC0415  (makes stud.equity the module)

    assert isinstance(stud.equity, types.ModuleType)
    assert stud.equity.Situation is Situation
    result = stud.odds(["As Ks Qs Js Ts 9s", "2c 2d 3h 4h 5h 6c"], method="exact")
    assert abs(result.players[0].share + result.players[1].share - 1) < 1e-12
    assert callable(stud.odds)


def test_import_stud_and_its_rules_core_do_not_load_numba() -> None:
    """The reference engine and the rules core are plain Python: numba loads only with
    the compiled engine, the odds kernels or the compiled bots."""
    code = (
        "import random, sys, stud, stud.core.betting, stud.core.pots, stud.core.shares,"
        " stud.core.layout, stud.pots\n"
        "hand = stud.new_hand(stud.Rules(), [100, 100], rng=random.Random(1))\n"
        "hand.apply(hand.legal_actions()[0])\n"
        "print('numba' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
