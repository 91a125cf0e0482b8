"""PokerStars text hand histories of stud, stud8 and razz: read, check, write.

``reading`` reads a file hand by hand into ``StarsHand`` values (``read_stars``);
``checking`` replays a hand through the engine against what the file states
(``check_hand``) and writes it as PHH (``stars_phh``); ``writing`` turns a hand
stud played into the same text format (``write_stars``, ``phh_stars``), which
``read_stars`` reads back to the same hand.
"""
