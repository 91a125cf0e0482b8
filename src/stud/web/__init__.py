"""The cardroom: stud tables for people and bots over websockets.

An adapter at the edge. The pure core deals and rules; this package seats people,
runs one task per table (the only writer of its hand), projects what each
connection may see, stores accounts, chips and hands, and serves the page.

- ``protocol``: the typed, versioned messages (``docs/protocol.md``)
- ``projection``: the one function that decides what a connection sees
- ``table``: the table task, its seats, clocks and bots
- ``store``: accounts, ledger, tables, hands and chat through SQLAlchemy
- ``app``: the HTTP and websocket endpoints, and the lobby
- ``replay``: a finished hand or an uploaded PHH file, step by step, through the projection
- ``watching``: who watched which table when (they may replay those hands)
- ``limits``: how often one client address may open an account
"""
