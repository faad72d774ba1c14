"""What a game backend needs beyond the generated client: a refusal as a typed exception.

The generated operations return ``Response[Problem | Answer]``, the ``Problem`` being the
``application/problem+json`` body of a refusal. :func:`unwrap` returns the answer or raises
:class:`SonarProblem`, which carries that body::

    turn = unwrap(recommend.sync_detailed(client=client, body=request))
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import TypeVar

from sonar_client.models.problem import Problem
from sonar_client.types import Response, Unset

__all__ = ["SonarProblem", "unwrap"]

Answer = TypeVar("Answer")


class SonarProblem(Exception):
    """A refusal: any status other than 2xx, with the problem+json body the service sent."""

    def __init__(self, problem: Problem, status: int | None = None) -> None:
        super().__init__(f"{problem.status} {problem.title}: {problem.detail}")
        self.problem = problem
        self.status = problem.status if status is None else status

    @property
    def kind(self) -> str:
        """The problem's name, the end of its type (``invalid-board`` for ``urn:sonar:problem:invalid-board``)."""
        return self.problem.type_.removeprefix("urn:sonar:problem:")

    @property
    def field(self) -> str | None:
        """The request field at fault (``board``, ``history.shots[3]``), or None."""
        return _present(self.problem.field)

    @property
    def row(self) -> int | None:
        return _present(self.problem.row)

    @property
    def col(self) -> int | None:
        return _present(self.problem.col)

    @property
    def turn(self) -> int | None:
        return _present(self.problem.turn)

    @property
    def shot(self) -> int | None:
        return _present(self.problem.shot)

    @classmethod
    def from_response(cls, response: Response[object]) -> SonarProblem:
        """Reads a refusal the generated code left unparsed (a status the document does not list for
        the operation, such as a 404 or 405, or a body that is not a problem: a proxy's page)."""
        status = int(response.status_code)
        try:
            body = json.loads(response.content)
            return cls(Problem.from_dict(body), status)
        except (ValueError, TypeError, KeyError):
            text = response.content.decode("utf-8", errors="replace")
            try:
                title = HTTPStatus(status).phrase
            except ValueError:
                title = "Error"
            return cls(Problem(type_="about:blank", title=title, status=status, detail=text), status)


def unwrap(response: Response[Problem | Answer]) -> Answer:
    """The answer of a ``sync_detailed``/``asyncio_detailed`` call, or a raised :class:`SonarProblem`."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise SonarProblem(parsed, int(response.status_code))
    if parsed is None or not 200 <= int(response.status_code) < 300:
        raise SonarProblem.from_response(response)
    return parsed


def _present(value):  # type: ignore[no-untyped-def]
    return None if isinstance(value, Unset) else value
