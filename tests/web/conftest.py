import re

import pytest

from companion.web import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "store.sqlite3"), "SECRET_KEY": "test"})


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_of(client, url="/sheets/new"):
    html = client.get(url).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


@pytest.fixture
def csrf(client):
    return csrf_of(client)


@pytest.fixture
def make_sheet(client, csrf):
    def make(pad="7wonders", names=("Ana", "Bruno", "Chloé", "Dan")):
        response = client.post("/sheets/new", data={"csrf_token": csrf, "pad": pad, "name": list(names)})
        assert response.status_code == 303, response.get_data(as_text=True)
        return response.headers["Location"]
    return make
