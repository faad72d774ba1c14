"""The service the tests play against: SONAR_URL, e.g. http://127.0.0.1:8080 (.ci/clients starts
the release binary on a free port and sets it)."""

import os
from collections.abc import Iterator

import pytest

from sonar_client import Client


@pytest.fixture(scope="session")
def sonar_url() -> str:
    url = os.environ.get("SONAR_URL")
    if not url:
        pytest.fail("set SONAR_URL to the address of a running sonar (e.g. http://127.0.0.1:8080); .ci/clients does")
    return url.rstrip("/")


@pytest.fixture(scope="session")
def client(sonar_url: str) -> Iterator[Client]:
    # bayes with a history runs within the service's compute deadline (5 s); wait a little longer.
    with Client(base_url=sonar_url, timeout=30.0) as client:
        yield client
