"""Tournaments (R10): levels, places and prizes, tables, ICM, and running them with bots.

A pure package: it plays hands through the engine and never reads or writes files.
"""
