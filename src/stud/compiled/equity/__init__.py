"""The odds' compiled kernels: scoring, enumeration and sampling.

``enumeration`` walks every disjoint choice of completions and ``sampling`` draws
them at random (or deals card by card where no completion table fits); ``scoring``
adds one outcome to the counters, in the columns named there. The completion tables
themselves are built in batch by ``stud.equity.tables``.
"""
