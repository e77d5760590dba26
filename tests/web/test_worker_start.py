"""What a server's worker does at start and what it leaves to first use (issue 29, restart): a
restart's phones wait for the workers, so work a table never needs is not done at start."""
from jinja2 import FileSystemBytecodeCache

from companion.catalog.search import SearchIndex
from companion.web import create_app


def test_templates_compiled_by_one_worker_are_read_by_the_next(tmp_path):
    first = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite3"), "SECRET_KEY": "t"})
    assert isinstance(first.jinja_env.bytecode_cache, FileSystemBytecodeCache)
    assert first.test_client().get("/g/new").status_code == 200        # compiles games/new.html (or reads it)
    second = create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.sqlite3"), "SECRET_KEY": "t"})

    def compile_again(*args, **kwargs):
        raise AssertionError("compiled again")
    second.jinja_env.compile = compile_again
    assert second.jinja_env.get_template("games/new.html") is not None


def test_the_card_search_index_is_built_at_the_first_search_only(tmp_path, monkeypatch):
    built = []
    real = SearchIndex.__init__

    def counting(self, *args, **kwargs):
        built.append(1)
        real(self, *args, **kwargs)
    monkeypatch.setattr(SearchIndex, "__init__", counting)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite3"), "SECRET_KEY": "t"})
    client = app.test_client()
    assert client.get("/g/new").status_code == 200
    assert built == []
    assert "Temple" in client.get("/cards/?q=temple").get_data(as_text=True)
    assert client.get("/cards/?q=palace").status_code == 200
    assert built == [1]
