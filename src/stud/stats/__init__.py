"""Statistics over played hands: what a player does in each stud spot, what their
all-in hands were worth, and where they lose against a reference.

``table`` defines every statistic once (with its source); ``hands`` reads one
seat's hand; ``counting`` adds the statistics up over hands with filters; ``ev``
values all-in hands with the odds engine; ``leaks`` compares with a reference
that ``reference`` measures by playing the built-in bots; ``sources`` turns PHH,
PokerStars text and stored hands into played hands; ``graph`` draws the results.
"""
