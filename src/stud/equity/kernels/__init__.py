"""The odds' compiled kernels: completion tables, scoring, enumeration and sampling.

``tables`` evaluates every player's possible completions once, in a batch;
``enumeration`` walks every disjoint choice of completions and ``sampling`` draws
them at random (or deals card by card where no table fits); ``scoring`` adds one
outcome to the counters, in the columns named there.
"""
