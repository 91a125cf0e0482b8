"""The public API is exactly what stud/__init__ exports, and its example runs."""

import doctest

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
