"""A bot of your own: bet a pair or better, call early, fold without a pair from fifth street.

Play it with ``stud play --bots ./examples/mybot.py:PairBot`` or test it against
the built-in bots with ``stud sim --bots ./examples/mybot.py:PairBot,tight,equity``.
"""

import random
from collections import Counter

from stud import Action, Bet, BringIn, Call, Check, Complete, Fold, PlayerView, Raise, Show


class PairBot:
    name = "pairbot"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions
        if Show() in legal:  # at showdown: show to claim the pot (Muck() gives it up)
            return Show()
        pairs = max(Counter(card.rank for card in view.my_cards).values()) >= 2
        raises = [a for a in legal if isinstance(a, Complete | Bet | Raise)]
        if pairs and raises:
            return raises[0]
        if Fold() in legal and not pairs and view.street >= 5:
            return Fold()
        for action in (Check(), Call(), BringIn()):
            if action in legal:
                return action
        return legal[0]
