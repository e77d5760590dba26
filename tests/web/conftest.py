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


def join_group(client, phone):
    """`phone` joins `client`'s group through the invitation link of its group page, as a phone scanning the QR."""
    html = client.get("/group/").get_data(as_text=True)
    link = re.search(r'value="https?://[^/]+(/group/join/[\w-]+)"', html).group(1)
    assert phone.post(link, data={"csrf_token": csrf_of(phone)}).status_code == 303
    return phone


@pytest.fixture
def group_phone(app, client):
    """Another phone (its own cookies) in the same group as `client`."""
    return lambda: join_group(client, app.test_client())


def open_table(client, body) -> str:
    """Create a tracked table through the API; the client then carries its token on every API call,
    as the contract asks (Authorization: Bearer), and has opened its join link."""
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    doc = response.get_json()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {doc['token']}"
    client.get(doc["join_url"])                 # and its pages, as a phone that opened the join link
    return doc["code"]
