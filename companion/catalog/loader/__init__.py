"""Reads card_db/ into a Catalog, refusing anything malformed.

Every error names the file and the entry (its index and id), so a typo in the
data is found at load rather than as a wrong number at a table. One module a
family of card_db/'s files:

  files.py          reading a TOML file, checking a file's and a list's shape
  fields.py         the fields every entry shares (id, name, source, doubt...), costs, effects
  cards.py          [[card]] entries of either game, and the chains between them
  seven_wonders.py  7 Wonders: cards of both editions, the wonder boards
  duel.py           the Duel: cards, wonders, progress tokens, pyramid layouts, military track
  architects.py     7 Wonders Architects: wonders, progress tokens, medals, the count's facts
  pads.py           the paper score pads and our printable pad's geometry
  boxes.py          the expansion boxes and the rows their score pads add
  expansions.py     each box's things: its buildings, wonders, tokens and pieces
  names.py          printed names in other languages
  rulings.py        rulings, their translations and the topics' names
"""
from __future__ import annotations

from pathlib import Path

from ..catalog import Catalog
from ..checks import run_self_checks
from ..errors import CatalogError
from ..model import Game
from . import duel, seven_wonders
from .architects import architects_box_things, check_row_steps, read_architects
from .boxes import read_boxes
from .cards import with_chains_to
from .expansions import box_file, check_chains, read_box_things
from .files import CardDbFiles
from .names import with_names
from .pads import read_pads
from .rulings import read_rulings, read_topic_labels


def default_card_db() -> Path:
    return Path(__file__).resolve().parents[3] / "card_db"


def load_catalog(root: Path | str | None = None) -> Catalog:
    root = Path(root) if root is not None else default_card_db()
    if not root.is_dir():
        raise CatalogError(f"card database folder not found: {root}")
    catalog = read(CardDbFiles(root))
    run_self_checks(catalog)
    return catalog


def read(files: CardDbFiles) -> Catalog:
    """Every file of card_db/, in an order that lists its doubts as they always were."""
    cards = {**seven_wonders.read_cards(files), **duel.read_cards(files)}
    wonders = {**seven_wonders.read_wonders(files), **duel.read_wonders(files)}
    progress = duel.read_progress(files)
    layouts = duel.read_layouts(files)
    military = duel.read_military(files)
    architects = read_architects(files)
    cards[(Game.ARCHITECTS, None)] = ()           # Architects' cards are counted, not named
    wonders[(Game.ARCHITECTS, None)] = architects.wonders_of()

    catalog = Catalog(cards=cards, wonders=wonders, progress=progress,
                      layouts=layouts, military=military, pads=read_pads(files), architects=architects)
    catalog = with_chains_to(catalog)
    base_rows: dict = {}
    for pad in catalog.pads.values():
        base_rows.setdefault(pad.game, set()).update(row.key for row in pad.rows)
    catalog.boxes = read_boxes(files, base_rows)
    check_row_steps([*catalog.pads["architects"].rows, *(r for b in catalog.boxes.values()
                                                         if b.game is Game.ARCHITECTS for r in b.rows)], architects.facts)
    catalog.box_things, catalog.box_tables, catalog.box_layouts = read_box_things(files, catalog.boxes,
                                                                                   catalog.editions)
    catalog.box_things[(Game.ARCHITECTS, None, "medals")] = architects_box_things(architects, "medals")
    for (game, edition, box), things in catalog.box_things.items():
        check_chains(things, catalog.card_list(game, edition), box_file(catalog.boxes[box], edition))
    catalog.reindex()              # the boxes' things by id too: a name may be given for one edition's leader
    catalog = with_names(files, catalog)
    catalog.rulings = read_rulings(files, catalog)
    catalog.topic_labels = read_topic_labels(files)
    catalog.doubts = tuple(files.doubts)
    return catalog
