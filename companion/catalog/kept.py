"""card_db/ as last loaded and validated, kept in a file: a server's worker starts without reading it again.

Reading and checking card_db/'s TOML files took 0.3 s of CPU in each worker at every start (issue 29:
a restart's phones wait for the workers); unpickling the catalog they gave takes 0.04 s. The kept
file is named by a hash of every file of card_db/ and every module of this package (the loader,
the model, the checks): any change to the data or to how it is read or checked is another name, so
a kept catalog is only ever one that this data and this code loaded and validated. A missing,
unreadable or foreign file is ignored and the catalog loaded as before (then kept).

The files live in the project's instance folder (beside the app's secret key and database, no
world-writable place: a pickle is code). COMPANION_CATALOG_KEPT=0 turns the keeping off.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from .catalog import Catalog

PACKAGE = Path(__file__).resolve().parent
FOLDER = PACKAGE.parents[1] / "instance" / "catalog"
PREFIX = "catalog-"


def key(card_db: Path) -> str:
    """A hash of card_db/'s files and this package's modules, each with its path."""
    digest = hashlib.sha256()
    for root, folder in ((card_db, card_db), (PACKAGE, PACKAGE)):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(f"{root.name}/{path.relative_to(root)}".encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:40]


def kept_or_loaded(card_db: Path, load) -> Catalog:
    """The catalog kept for card_db/ as it is now, or `load(card_db)`'s (validated there), then kept."""
    if os.environ.get("COMPANION_CATALOG_KEPT", "1") == "0":
        return load(card_db)
    path = FOLDER / f"{PREFIX}{key(card_db)}.pickle"
    try:
        with path.open("rb") as file:
            found = pickle.load(file)
        if isinstance(found, Catalog):
            return found
    except Exception:                # missing, cut, or made by other code: loaded again
        pass
    catalog = load(card_db)
    if key(card_db) == path.name[len(PREFIX):-len(".pickle")]:     # not kept if the files changed meanwhile
        _keep(path, catalog)
    return catalog


def _keep(path: Path, catalog: Catalog) -> None:
    """Written whole under another name, then renamed: a worker reading meanwhile sees the old file or
    the whole new one. Older kept files are removed. A folder that cannot be written keeps nothing."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        with partial.open("wb") as file:
            pickle.dump(catalog, file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(partial, path)
        for old in path.parent.glob(f"{PREFIX}*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
