"""stud: Seven-Card Stud, Stud Hi-Lo and Razz, played, analysed and simulated."""

from stud.cards import Card, CardError, Rank, Suit, format_cards, parse_card, parse_cards

__all__ = [
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]
