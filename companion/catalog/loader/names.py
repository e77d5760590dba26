"""names/<game>/<lang>*.toml: the printed names of cards, wonders and tokens in other languages."""
from __future__ import annotations

from dataclasses import replace

from ..catalog import Catalog
from ..errors import CatalogError, LookupFailed
from ..model import LANGUAGES, Entity, Game, LocalName
from .fields import check_source
from .files import CardDbFiles, top_keys


def with_names(files: CardDbFiles, catalog: Catalog) -> Catalog:
    """names/<game>/<lang>*.toml: printed names, each for every edition or for some.

    A file may say `edition = 2` at the top (its names are those of that
    edition) or an entry `editions = [1]`; a name without either holds for
    every edition. One language may name a card once per edition: a card
    the 2nd edition renamed has a 1st-edition and a 2nd-edition name.
    """
    by_game: dict[Game, dict[str, dict[str, list[LocalName]]]] = {g: {} for g in Game}
    given_in: dict[tuple[Game, str, str, int | None], str] = {}
    folder = files.root / "names"
    for path in sorted(folder.rglob("*.toml")):
        relative = str(path.relative_to(files.root))
        _, raw = files.toml(relative)
        top_keys(relative, raw, {"game", "lang", "edition", "names"})
        try:
            game = Game(raw.get("game"))
        except ValueError:
            raise CatalogError(f'game must be one of {[g.value for g in Game]}, not {raw.get("game")!r}',
                               relative) from None
        lang = raw.get("lang")
        if lang not in LANGUAGES or lang == "en":
            raise CatalogError(f"lang must be one of {list(LANGUAGES[1:])}, not {lang!r}", relative)
        all_editions = catalog.editions(game)
        file_edition = raw.get("edition")
        if file_edition is not None and (game is not Game.SEVEN_WONDERS or file_edition not in all_editions):
            raise CatalogError("edition, when given, must be 1 or 2 (7 Wonders only)", relative)
        known = catalog.ids(game)
        table = raw.get("names", {})
        if not isinstance(table, dict):
            raise CatalogError("[names] must be a table of id = { name, source }", relative)
        for ident, entry in table.items():
            where = f"names.{ident}"
            if ident not in known:
                raise CatalogError(f'no card, wonder or token has the id "{ident}"', relative, where)
            if not isinstance(entry, dict) or set(entry) - {"name", "aliases", "source", "doubt", "notes",
                                                             "editions"}:
                raise CatalogError("an entry has name, source, and optionally aliases, editions, doubt, notes",
                                   relative, where)
            if not isinstance(entry.get("name"), str) or not entry["name"].strip():
                raise CatalogError("needs a non-empty name", relative, where)
            if not isinstance(entry.get("source"), str):
                raise CatalogError("needs a source", relative, where)
            check_source(relative, where, entry["source"])
            editions = entry.get("editions")
            if editions is not None:
                if file_edition is not None or game is not Game.SEVEN_WONDERS:
                    raise CatalogError("editions is for a 7 Wonders name in a file without an edition",
                                       relative, where)
                if not isinstance(editions, list) or not editions or not set(editions) <= {1, 2}:
                    raise CatalogError("editions must list 1 and/or 2", relative, where)
                editions = tuple(sorted(set(editions)))
            elif file_edition is not None:
                editions = (file_edition,)
            else:
                editions = ()
            for edition in editions:
                try:
                    catalog.get(game, edition, ident)      # a box's things too
                except LookupFailed:
                    raise CatalogError(f'edition {edition} has no "{ident}"', relative, where) from None
            if entry.get("doubt"):
                files.doubts.append(f"{relative}: {where}: {entry['doubt']}")
            for edition in editions or all_editions:
                if (game, ident, lang, edition) in given_in:
                    label = "" if edition is None else f" in edition {edition}"
                    raise CatalogError(f"a {lang} name for {ident}{label} is given twice "
                                       f"(also in {given_in[(game, ident, lang, edition)]})", relative, where)
                given_in[(game, ident, lang, edition)] = relative
            aliases = entry.get("aliases", [])
            if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
                raise CatalogError("aliases must be a list of names", relative, where)
            by_game[game].setdefault(ident, {}).setdefault(lang, []).append(
                LocalName(lang=lang, name=entry["name"].strip(), aliases=tuple(aliases),
                          source=entry["source"], editions=editions,
                          english=str(entry.get("doubt", "")).startswith("English:")))

    def named(entity: Entity) -> Entity:
        locals_ = by_game[entity.game].get(entity.id, {})
        ordered = tuple(local for lang in LANGUAGES
                        for local in sorted(locals_.get(lang, []), key=lambda n: n.editions))
        return replace(entity, names=ordered)

    catalog.cards = {k: tuple(named(c) for c in v) for k, v in catalog.cards.items()}
    catalog.wonders = {k: tuple(named(w) for w in v) for k, v in catalog.wonders.items()}
    catalog.progress = tuple(named(t) for t in catalog.progress)
    catalog.box_things = {k: tuple(named(t) for t in v) for k, v in catalog.box_things.items()}
    if catalog.architects is not None:
        box = catalog.architects
        catalog.architects = replace(box, wonders=tuple(named(w) for w in box.wonders),
                                     tokens=tuple(named(t) for t in box.tokens),
                                     medals=tuple(named(m) for m in box.medals))
    catalog.reindex()
    return catalog
