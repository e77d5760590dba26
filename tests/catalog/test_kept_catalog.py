"""card_db/ kept as loaded between a server's starts (issue 29, restart): only ever for the same
data and code, equal to a fresh load, and a kept file that cannot be read is loaded again."""
import enum
import shutil

from companion.catalog import default_card_db, kept, load_catalog


def same(x, y, path="catalog", seen=None) -> None:
    """x and y hold the same values all the way down (sets compared as sets, dicts' keys in order)."""
    seen = set() if seen is None else seen
    if (id(x), id(y)) in seen:
        return
    seen.add((id(x), id(y)))
    assert type(x) is type(y), path
    if isinstance(x, (str, int, float, bool, type(None), enum.Enum, bytes, set, frozenset)):
        assert x == y, path
    elif isinstance(x, (list, tuple)):
        assert len(x) == len(y), path
        for i, (a, b) in enumerate(zip(x, y)):
            same(a, b, f"{path}[{i}]", seen)
    elif isinstance(x, dict):
        assert list(x) == list(y), path
        for k in x:
            same(x[k], y[k], f"{path}[{k!r}]", seen)
    else:
        slots = [s for c in type(x).__mro__ for s in getattr(c, "__slots__", ())]
        if hasattr(x, "__dict__"):
            same(vars(x), vars(y), f"{path}.__dict__", seen)
        for s in slots:
            if hasattr(x, s):
                same(getattr(x, s), getattr(y, s), f"{path}.{s}", seen)
        if not slots and not hasattr(x, "__dict__"):
            assert x == y, path


def test_a_kept_catalog_is_the_one_a_load_gives(tmp_path, monkeypatch):
    monkeypatch.setattr(kept, "FOLDER", tmp_path)
    loads = []

    def load(root):
        loads.append(root)
        return load_catalog(root)
    first = kept.kept_or_loaded(default_card_db(), load)
    again = kept.kept_or_loaded(default_card_db(), load)
    assert len(loads) == 1 and len(list(tmp_path.glob("catalog-*.pickle"))) == 1
    assert again is not first
    same(again, load_catalog())


def test_changed_data_is_another_catalog(tmp_path, monkeypatch):
    root = tmp_path / "card_db"
    shutil.copytree(default_card_db(), root)
    before = kept.key(root)
    assert kept.key(root) == before
    some = sorted(root.rglob("*.toml"))[0]
    some.write_text(some.read_text() + "\n# a comment\n")
    assert kept.key(root) != before
    (root / "new.toml").write_text("")
    assert len({before, kept.key(root)}) == 2


def test_an_unreadable_kept_file_is_loaded_again_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(kept, "FOLDER", tmp_path)
    path = tmp_path / f"{kept.PREFIX}{kept.key(default_card_db())}.pickle"
    path.write_bytes(b"not a pickle")
    (tmp_path / f"{kept.PREFIX}old.pickle").write_bytes(b"old")
    loads = []
    kept.kept_or_loaded(default_card_db(), lambda root: loads.append(root) or load_catalog(root))
    assert len(loads) == 1
    assert [p.name for p in tmp_path.glob("catalog-*.pickle")] == [path.name]
    assert path.read_bytes() != b"not a pickle"


def test_keeping_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setattr(kept, "FOLDER", tmp_path)
    monkeypatch.setenv("COMPANION_CATALOG_KEPT", "0")
    kept.kept_or_loaded(default_card_db(), load_catalog)
    assert not list(tmp_path.iterdir())
