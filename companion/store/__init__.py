"""The embedded SQLite store (sqlite-utils): migrations and connections."""
from .db import MIGRATIONS, open_database

__all__ = ["MIGRATIONS", "open_database"]
