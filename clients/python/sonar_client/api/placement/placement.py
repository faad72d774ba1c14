from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.placement_request import PlacementRequest
from ...models.placement_response import PlacementResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PlacementRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/placement",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlacementResponse | Problem | None:
    if response.status_code == 200:
        response_200 = PlacementResponse.from_dict(response.json())

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
) -> Response[PlacementResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlacementRequest,
) -> Response[PlacementResponse | Problem]:
    """Place a fleet.

     The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
    uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
    or a corner), with `style: hard` the least exposed of 3 such layouts, or with `style: adaptive`
    drawn away from where this player looks first, read from their past `searches` (the answer's
    `search_model` can be stored and sent instead). Stateless and reproducible: the same request
    and seed give the same layout. A fleet that cannot fit is refused with a 422 naming the
    problem, decided within a bounded time whatever the board size.

    Args:
        body (PlacementRequest): The board size and fleet to place, the rules, and an optional
            seed. Example: {'cols': 10, 'rows': 10, 'rules': {'touching': False}, 'seed': 42, 'ships':
            [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlacementResponse | Problem]
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
    body: PlacementRequest,
) -> PlacementResponse | Problem | None:
    """Place a fleet.

     The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
    uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
    or a corner), with `style: hard` the least exposed of 3 such layouts, or with `style: adaptive`
    drawn away from where this player looks first, read from their past `searches` (the answer's
    `search_model` can be stored and sent instead). Stateless and reproducible: the same request
    and seed give the same layout. A fleet that cannot fit is refused with a 422 naming the
    problem, decided within a bounded time whatever the board size.

    Args:
        body (PlacementRequest): The board size and fleet to place, the rules, and an optional
            seed. Example: {'cols': 10, 'rows': 10, 'rules': {'touching': False}, 'seed': 42, 'ships':
            [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlacementResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlacementRequest,
) -> Response[PlacementResponse | Problem]:
    """Place a fleet.

     The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
    uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
    or a corner), with `style: hard` the least exposed of 3 such layouts, or with `style: adaptive`
    drawn away from where this player looks first, read from their past `searches` (the answer's
    `search_model` can be stored and sent instead). Stateless and reproducible: the same request
    and seed give the same layout. A fleet that cannot fit is refused with a 422 naming the
    problem, decided within a bounded time whatever the board size.

    Args:
        body (PlacementRequest): The board size and fleet to place, the rules, and an optional
            seed. Example: {'cols': 10, 'rows': 10, 'rules': {'touching': False}, 'seed': 42, 'ships':
            [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlacementResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PlacementRequest,
) -> PlacementResponse | Problem | None:
    """Place a fleet.

     The computer's own hidden fleet: a layout of the ships on an empty board, drawn exactly
    uniformly over every layout the rules allow (with `touching: false`, no two ships share an edge
    or a corner), with `style: hard` the least exposed of 3 such layouts, or with `style: adaptive`
    drawn away from where this player looks first, read from their past `searches` (the answer's
    `search_model` can be stored and sent instead). Stateless and reproducible: the same request
    and seed give the same layout. A fleet that cannot fit is refused with a 422 naming the
    problem, decided within a bounded time whatever the board size.

    Args:
        body (PlacementRequest): The board size and fleet to place, the rules, and an optional
            seed. Example: {'cols': 10, 'rows': 10, 'rules': {'touching': False}, 'seed': 42, 'ships':
            [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlacementResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
