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
        "equity",
        "format_cards",
        "new_hand",
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
