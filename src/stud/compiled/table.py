"""One table of the compiled engine, played one decision at a time, for the one-hand environments.

``StudAECEnv`` and ``StudGymEnv`` (``stud.env``) give one agent's decision at a time
and one hand an episode. They run on this: after ``stud.compiled.batched.deal_hand``
has dealt a hand, ``play_to_decision`` plays an agent's action and then the built-in bots' compiled
policies (``stud.compiled.policies``) for the seats no agent holds, up to the next
agent's decision or the end of the hand, and writes that agent's observation and mask
(``stud.compiled.batched``'s encoder, the one the batched environment uses). Each
played action is written to a log, so the hand can be replayed on the reference
engine when someone asks for it (``stud.env.compiled_hand``).
"""

from __future__ import annotations

from typing import Any

from stud.compiled.batched import encode_table, mask_table
from stud.compiled.engine import T_ACTOR, apply_action, bot_choice, legal_actions
from stud.compiled.jitted import counted

__all__ = ["play_to_decision"]


@counted  # the tight, equity and learned policies allocate scratch
def play_to_decision(
    choice: int,
    r: Any,
    agents: Any,
    policies: Any,
    t: Any,
    cards: Any,
    deck: Any,
    kinds: Any,
    amounts: Any,
    tabs: Any,
    won: Any,
    bot_obs: Any,
    stream: Any,
    log: Any,
    logged: Any,
    table_chips: int,
    obs: Any,
    mask: Any,
    choice_of: Any,
) -> int:
    """Legal action ``choice`` (none if negative), then the bots', to an agent's decision.

    Returns the seat of the agent to act, whose observation and mask are then in
    ``obs`` and ``mask`` (and the engine's action behind each index in
    ``choice_of``), or -1 when the hand is over.
    """
    while True:
        if choice >= 0:
            k = logged[0]
            if k < log.shape[0]:  # a longer hand (an uncapped war) is played, not logged
                log[k, 0] = kinds[choice]
                log[k, 1] = amounts[choice]
            logged[0] = k + 1
            apply_action(t, r, cards, deck, kinds[choice], amounts[choice], tabs, won)
        seat: int = t[T_ACTOR]
        if seat < 0:
            return -1
        nlegal = legal_actions(t, r, kinds, amounts)
        if agents[seat]:
            mask_table(kinds, nlegal, mask, choice_of)
            encode_table(t, r, cards, seat, table_chips, obs)
            return seat
        choice = bot_choice(
            policies[seat], t, r, cards, kinds, amounts, nlegal, bot_obs, stream, tabs
        )
