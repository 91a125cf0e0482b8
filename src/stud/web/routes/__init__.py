"""The cardroom's HTTP and websocket routes, by concept: accounts, tables and their
hands, tournaments, and a table connection. Each module's ``routes(room)`` gives its
part; none blocks the event loop: every store call goes to a worker thread."""
