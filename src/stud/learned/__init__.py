"""Training and measuring the learned bot (``stud.bots.learned``).

``stud.learned.train`` trains the policy network by self-play against a reservoir of
its past selves and writes checkpoints, a learning curve and weights;
``stud.compiled.selfplay`` plays the hands for it in the compiled engine, and its
duplicate matches measure a bot against another with the luck of the deal cancelled.
"""
