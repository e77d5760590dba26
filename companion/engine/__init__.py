"""The rules of both games, pure Python: no Flask, no SQLite, no HTTP.

The web app, the CLI and the photo reader all ask this package. Game facts
come from companion.catalog; state transitions are pure functions.
"""
