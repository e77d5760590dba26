"""The Flask app factory: thin blueprints over the catalog, the engine and the store."""
from __future__ import annotations

import functools
import os
import secrets
import threading
from pathlib import Path

from flask import Flask, current_app, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from jinja2 import FileSystemBytecodeCache
from werkzeug.exceptions import HTTPException

from ..catalog import catalog
from ..catalog.plays import MAX_NAME
from ..store import open_database

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=str(instance / "companion.sqlite3"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        TRANSLATIONS=ROOT / "translations",
    )
    app.config.from_prefixed_env()          # FLASK_SECRET_KEY, FLASK_DATABASE on a host
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance)
    # Templates compiled once, kept in the instance folder for the next start (issue 29: a worker's first
    # table board compiled table.html, 56 ms of CPU in each worker as a restart's phones came back). Jinja
    # names each by its template and checks its source: an edited template is compiled again.
    (instance / "jinja").mkdir(exist_ok=True)
    app.jinja_options = {**app.jinja_options, "bytecode_cache": FileSystemBytecodeCache(str(instance / "jinja"))}
    from .render import Environment
    app.jinja_environment = Environment     # a dict's `a.b` read as its item at once (render.py)

    catalog()                                # load and self-check card_db/ at start, not mid-request
    open_database(app.config["DATABASE"]).close()   # create or upgrade the file before serving

    from ..catalog.search import SearchIndex
    from . import body
    from . import (api, calculators, cards, cities, csrf, groups, history, home, i18n, scan, security, sheets,
                   table_pages, tables_api)
    app.wsgi_app = body.CheckedBodies(app.wsgi_app)    # a malformed or cut body: 400, not 500
    security.init_app(app)
    csrf.init_app(app)
    i18n.init_app(app)
    # Every field a player's name is typed in stops where the server's check does (the sheet took 40, the table 24).
    app.jinja_env.globals["max_name"] = MAX_NAME
    # In memory, one a worker, built at its first search (a table never searches); two threads meeting
    # there may both build it, the same index: no lock for that.
    app.extensions["card_search"] = functools.cache(lambda: SearchIndex(catalog()))
    for blueprint in (home.bp, sheets.bp, cities.bp, history.bp, cards.bp, calculators.bp, table_pages.bp,
                      tables_api.api, scan.bp, api.bp, groups.bp):
        app.register_blueprint(blueprint)
    app.teardown_appcontext(_close_db)
    _prepare_store(app)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _crash)
    return app


ERROR_TITLES = {400: _l("That request was not understood"), 404: _l("Page not found"),
                405: _l("That cannot be done here"), 408: _l("That took too long to arrive"),
                413: _l("That is too large"), 429: _l("Too many tries"), 500: _l("Something went wrong")}


def _http_error(exc: HTTPException):
    """One friendly page for every HTTP error; JSON for the API; a line in #refusal for htmx."""
    code = exc.code or 500
    if request.path.startswith("/api/"):
        return jsonify({"error": exc.description, "where": getattr(exc, "where", "(request)")}), code
    detail = exc.description if code in (400, 408, 413) else None
    if code == 429:
        detail = _("This phone tried too many codes or links that lead nowhere. Try again in an hour, or ask "
                   "the table for its QR code.")
    if code == 413:
        detail = _("Requests are limited to %(kb)s KB; nothing was saved.",
                   kb=current_app.config["MAX_CONTENT_LENGTH"] // 1024)
    return _error_answer(code, ERROR_TITLES.get(code, exc.name), detail)


def _error_answer(code: int, title, detail):
    """The error page; to a partial htmx request (a field, a step, a board), only its line, put
    in the page's #refusal whatever the element asked for (its own target would swap a whole
    page into a field's place, or nothing at all)."""
    from .render import wants_partial
    if not wants_partial():
        return render_template("error.html", code=code, title=title, detail=detail), code
    body = render_template("error_line.html", code=code, title=title, detail=detail)
    return body, code, {"HX-Retarget": "#refusal", "HX-Reswap": "outerHTML", "HX-Reselect": "#refusal",
                        "Vary": "HX-Request"}


def _crash(exc: Exception):
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    current_app.logger.exception("unhandled error")
    if request.path.startswith("/api/"):
        return jsonify({"error": "internal error; nothing saved was lost", "where": "(server)"}), 500
    return _error_answer(500, ERROR_TITLES[500], None)


def _prepare_store(app: Flask) -> None:
    """Migrate, then refill history's tables from the log when a migration asked for it."""
    from ..store import results
    from ..store.filing import rebuild
    db = open_database(app.config["DATABASE"], migrate=False)
    try:
        if results.needs_rebuild(db):
            rebuild(db)
    finally:
        db.close()


# SQLite connections are kept and reused, not opened for each request: opening
# and closing one cost more than most requests. A request borrows one and gives it
# back when it ends; as many stay open as requests ran at once (at most KEPT a
# file). Borrowed per request, not per thread: under gunicorn's gevent worker
# every request is a greenlet, and a thread-local would open one a request.
_kept: dict[str, list] = {}
_kept_lock = threading.Lock()
KEPT = 32
KEPT_FILES = 4


def get_db():
    """This request's connection to the app's database (a kept one when there is one)."""
    db = g.get("db")
    if db is None:
        path = current_app.config["DATABASE"]
        with _kept_lock:
            free = _kept.get(path)
            db = free.pop() if free else None
        if db is None:
            db = open_database(path, migrate=False)   # migrated at start
        g.db, g.db_path = db, path
    return db


def _close_db(_exc=None) -> None:
    """Give the connection back for the next request; a transaction is never left open in it."""
    db = g.pop("db", None)
    if db is None:
        return
    if db.conn.in_transaction:
        db.conn.rollback()
    path, retired = g.pop("db_path"), []
    with _kept_lock:
        free = _kept.setdefault(path, [])
        if len(free) < KEPT:
            free.append(db)
            db = None
        while len(_kept) > KEPT_FILES:          # tests open many files in one process; a server opens one
            retired += _kept.pop(next(iter(_kept)))
    for old in retired + ([db] if db is not None else []):
        old.close()


def _instance_secret(instance: Path) -> str:
    """Kept in the instance folder so sessions survive a restart of `make run`.

    Workers starting at once must agree on one key: each writes its candidate to
    a file of its own, then links it into place; a link never replaces an
    existing file, so the first one wins and everyone reads the winner's.
    """
    path = instance / "secret_key"
    if not path.exists():
        candidate = instance / f".secret_key.{os.getpid()}"
        candidate.write_text(secrets.token_hex(32))
        candidate.chmod(0o600)
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass
        finally:
            candidate.unlink()
    return path.read_text().strip()
