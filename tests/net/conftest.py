"""The network tests' owner of their connections forgets them after each test."""

import pytest

from tests.net.net_helpers import forget_owned


@pytest.fixture(autouse=True)
def _forget_owned_peers():
    yield
    forget_owned()
