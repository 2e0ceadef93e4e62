"""The table companion: ``verify serve``, a web page over the same library calls as ``cli.py``.

An interface layer like ``cli.py``: ``answers`` runs one library call per question and returns
the JSON the CLI prints; ``jobs`` runs each one in a process of its own (bounded in time and in
number, cancellable); ``app`` is the Starlette application (the page, its assets, the endpoints,
the host and token checks); ``serve`` binds the socket and runs uvicorn. Starlette and uvicorn
come with the ``web`` extra and are imported only here, never by the rest of the package.
"""
