from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.board import Board
from ...models.history import History
from ...models.problem import Problem
from ...models.recommend_response import RecommendResponse
from ...types import Response


def _get_kwargs(
    *,
    body: Board | History,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/recommend",
    }

    if isinstance(body, Board):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RecommendResponse | None:
    if response.status_code == 200:
        response_200 = RecommendResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 411:
        response_411 = Problem.from_dict(response.json())

        return response_411

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RecommendResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Board | History,
) -> Response[Problem | RecommendResponse]:
    """Recommend the next shot.

     Takes the board as the shooter sees it and the ships still afloat, or the game's history
    instead (the fleet and every shot with its answer), and optionally the rules
    (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
    of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
    the full per-cell grid behind them. Stateless: the same request with the same seed always gets
    the same answer.

    Args:
        body (Board | History): A position, as board strings and the ships still afloat or as a
            game's history; which
            algorithm to ask, with an optional seed. Exactly one of the two positions (`board` with
            `ships`, or `history`). Example: {'algorithm': 'density', 'board': ['..........',
            '...o......', '...x......', '..........', '..........', '..........', '..........',
            '..........', '..........', '..........'], 'seed': 42, 'ships': [5, 4, 3, 3, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecommendResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Board | History,
) -> Problem | RecommendResponse | None:
    """Recommend the next shot.

     Takes the board as the shooter sees it and the ships still afloat, or the game's history
    instead (the fleet and every shot with its answer), and optionally the rules
    (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
    of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
    the full per-cell grid behind them. Stateless: the same request with the same seed always gets
    the same answer.

    Args:
        body (Board | History): A position, as board strings and the ships still afloat or as a
            game's history; which
            algorithm to ask, with an optional seed. Exactly one of the two positions (`board` with
            `ships`, or `history`). Example: {'algorithm': 'density', 'board': ['..........',
            '...o......', '...x......', '..........', '..........', '..........', '..........',
            '..........', '..........', '..........'], 'seed': 42, 'ships': [5, 4, 3, 3, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecommendResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Board | History,
) -> Response[Problem | RecommendResponse]:
    """Recommend the next shot.

     Takes the board as the shooter sees it and the ships still afloat, or the game's history
    instead (the fleet and every shot with its answer), and optionally the rules
    (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
    of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
    the full per-cell grid behind them. Stateless: the same request with the same seed always gets
    the same answer.

    Args:
        body (Board | History): A position, as board strings and the ships still afloat or as a
            game's history; which
            algorithm to ask, with an optional seed. Exactly one of the two positions (`board` with
            `ships`, or `history`). Example: {'algorithm': 'density', 'board': ['..........',
            '...o......', '...x......', '..........', '..........', '..........', '..........',
            '..........', '..........', '..........'], 'seed': 42, 'ships': [5, 4, 3, 3, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecommendResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Board | History,
) -> Problem | RecommendResponse | None:
    """Recommend the next shot.

     Takes the board as the shooter sees it and the ships still afloat, or the game's history
    instead (the fleet and every shot with its answer), and optionally the rules
    (ships that may not touch, salvos of several shots), a strength `level` (1 to 10) and a number
    of `candidates` (a hint), runs the chosen algorithm and returns the shot, the turn's salvo and
    the full per-cell grid behind them. Stateless: the same request with the same seed always gets
    the same answer.

    Args:
        body (Board | History): A position, as board strings and the ships still afloat or as a
            game's history; which
            algorithm to ask, with an optional seed. Exactly one of the two positions (`board` with
            `ships`, or `history`). Example: {'algorithm': 'density', 'board': ['..........',
            '...o......', '...x......', '..........', '..........', '..........', '..........',
            '..........', '..........', '..........'], 'seed': 42, 'ships': [5, 4, 3, 3, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecommendResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
