import pytest

from companion.catalog import catalog as load_project_catalog


@pytest.fixture(scope="session")
def cat():
    return load_project_catalog()


@pytest.fixture(scope="session")
def index(cat):
    from companion.catalog.search import SearchIndex
    return SearchIndex(cat)
