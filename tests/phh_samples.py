"""PHH texts shared by the history tests (on the import path, like ``helpers``)."""

from __future__ import annotations

HAND = """\
variant = 'F7S'
ante_trimming_status = false
antes = [50, 50, 50]
bring_in = 50
small_bet = 200
big_bet = 400
starting_stacks = [4000, 5000, 6000]
actions = [
  'd dh p1 Td3c4d',
  'd dh p2 Kd3h4c',
  'd dh p3 As8d5c',
  'p2 pb',
  'p3 cbr 200',
  'p1 f',
  'p2 f',
]
finishing_stacks = [3950, 4900, 6150]
"""
"""A three-handed stud hand over on third street: p2 brings in, p3 completes, p1 and
p2 fold. Line 14 is 'p1 f'."""
