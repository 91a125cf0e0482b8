"""The learned bot: a policy network trained by self-play (``stud.learned``).

Its policy is compiled (``stud.compiled.learned_policy``), so it plays in ``stud sim``'s
compiled engine at full speed, in the batched environment as an opponent, and, as
every ``CompiledBot``, through the reference engine in ``stud play``, ``stud deal`` and
the cardroom, with the same decision from the same observation and stream.
"""

from __future__ import annotations

from dataclasses import dataclass

from stud.bots.compiled import CompiledBot
from stud.compiled.policies import LEARNED

__all__ = ["LearnedBot"]


@dataclass(frozen=True, slots=True)
class LearnedBot(CompiledBot):
    """Plays the stance its network draws from a few features of what it sees, with the
    weights shipped for the hand's variant (``stud.compiled.learned_policy``)."""

    name: str = "learned"
    policy: int = LEARNED
