"""The cardroom on many processes: gateways hold the websockets and HTTP, workers own
tables, Redis carries commands and frames between them, PostgreSQL stays the truth.

- ``bus``: the one interface to the bus, in process (tests) and over Redis pub/sub.
- ``lease``: who owns which table, with an epoch the database fences writes by.
- ``worker``: a process that takes tables by lease and runs them as one process does.
- ``gateway``: the room of a process that serves pages and sockets, its tables remote.
- ``local``: ``stud serve --workers N --gateways M``, a cluster on this machine.

``stud serve`` without these options stays one process with no bus at all.
"""
