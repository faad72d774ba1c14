from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.opponent_request import OpponentRequest
from ...models.opponent_response import OpponentResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: OpponentRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/opponent",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OpponentResponse | Problem | None:
    if response.status_code == 200:
        response_200 = OpponentResponse.from_dict(response.json())

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
) -> Response[OpponentResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OpponentRequest,
) -> Response[OpponentResponse | Problem]:
    """Fit a model of a player's habits.

     Takes the fleets a player hid in past games (as `POST /placement` writes a board: one string
    per row, `.` water, each ship its own letter) and returns a model of where they put ships,
    whether they let them touch and which way they lay them: a weight per cell, a weight per
    touching cell pair and a weight per ship laid across, and a summary of what the fleets showed. Store
    the model and send it as `opponent.model` with every
    `POST /recommend` against that player. Deterministic: the same fleets give the same model.

    Args:
        body (OpponentRequest): The board size, the starting fleet, the rules, and the fleets a
            player hid in past games. Example: {'cols': 6, 'fleets': [['AAA...', '......', 'B....C',
            'B....C', '......', '......'], ['A.....', 'A.....', 'A....B', '.....B', '......',
            'CC....'], ['......', 'B.....', 'B.....', '......', 'C.....', 'C..AAA']], 'rows': 6,
            'rules': {'touching': False}, 'ships': [3, 2, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpponentResponse | Problem]
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
    body: OpponentRequest,
) -> OpponentResponse | Problem | None:
    """Fit a model of a player's habits.

     Takes the fleets a player hid in past games (as `POST /placement` writes a board: one string
    per row, `.` water, each ship its own letter) and returns a model of where they put ships,
    whether they let them touch and which way they lay them: a weight per cell, a weight per
    touching cell pair and a weight per ship laid across, and a summary of what the fleets showed. Store
    the model and send it as `opponent.model` with every
    `POST /recommend` against that player. Deterministic: the same fleets give the same model.

    Args:
        body (OpponentRequest): The board size, the starting fleet, the rules, and the fleets a
            player hid in past games. Example: {'cols': 6, 'fleets': [['AAA...', '......', 'B....C',
            'B....C', '......', '......'], ['A.....', 'A.....', 'A....B', '.....B', '......',
            'CC....'], ['......', 'B.....', 'B.....', '......', 'C.....', 'C..AAA']], 'rows': 6,
            'rules': {'touching': False}, 'ships': [3, 2, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpponentResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OpponentRequest,
) -> Response[OpponentResponse | Problem]:
    """Fit a model of a player's habits.

     Takes the fleets a player hid in past games (as `POST /placement` writes a board: one string
    per row, `.` water, each ship its own letter) and returns a model of where they put ships,
    whether they let them touch and which way they lay them: a weight per cell, a weight per
    touching cell pair and a weight per ship laid across, and a summary of what the fleets showed. Store
    the model and send it as `opponent.model` with every
    `POST /recommend` against that player. Deterministic: the same fleets give the same model.

    Args:
        body (OpponentRequest): The board size, the starting fleet, the rules, and the fleets a
            player hid in past games. Example: {'cols': 6, 'fleets': [['AAA...', '......', 'B....C',
            'B....C', '......', '......'], ['A.....', 'A.....', 'A....B', '.....B', '......',
            'CC....'], ['......', 'B.....', 'B.....', '......', 'C.....', 'C..AAA']], 'rows': 6,
            'rules': {'touching': False}, 'ships': [3, 2, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpponentResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OpponentRequest,
) -> OpponentResponse | Problem | None:
    """Fit a model of a player's habits.

     Takes the fleets a player hid in past games (as `POST /placement` writes a board: one string
    per row, `.` water, each ship its own letter) and returns a model of where they put ships,
    whether they let them touch and which way they lay them: a weight per cell, a weight per
    touching cell pair and a weight per ship laid across, and a summary of what the fleets showed. Store
    the model and send it as `opponent.model` with every
    `POST /recommend` against that player. Deterministic: the same fleets give the same model.

    Args:
        body (OpponentRequest): The board size, the starting fleet, the rules, and the fleets a
            player hid in past games. Example: {'cols': 6, 'fleets': [['AAA...', '......', 'B....C',
            'B....C', '......', '......'], ['A.....', 'A.....', 'A....B', '.....B', '......',
            'CC....'], ['......', 'B.....', 'B.....', '......', 'C.....', 'C..AAA']], 'rows': 6,
            'rules': {'touching': False}, 'ships': [3, 2, 2]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpponentResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
