"""The ``stud`` command: an adapter from the terminal to the core."""
