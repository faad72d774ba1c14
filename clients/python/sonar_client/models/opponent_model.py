from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OpponentModel")


@_attrs_define
class OpponentModel:
    """A model of the opponent's habits as the wire carries it: what `POST /opponent` returns and
    `POST /recommend` takes back as `opponent.model`.

        Example:
            {'across': 2.0, 'cells': [[1.0, 0.5], [0.5, 0.25]], 'touching': 0.8}

        Attributes:
            cells (list[list[float]]): One row of positive weights per board row, the board's shape (checked with a 422).
            touching (float): The weight of each touching cell pair (two cells of different ships sharing an edge or a
                corner), 0 to 100: 1 is indifferent, below 1 the player keeps ships apart (0: never
                touching), above 1 crowds them together.
            across (float | Unset): The weight of each ship of two or more cells laid across (along a row) against laid
                down,
                from 1e-6 to 1e6: 1 is indifferent (the default, so a model stored without it keeps
                working), above 1 the player lays ships across, below 1 down. Default: 1.0.
    """

    cells: list[list[float]]
    touching: float
    across: float | Unset = 1.0

    def to_dict(self) -> dict[str, Any]:
        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data

            cells.append(cells_item)

        touching = self.touching

        across = self.across

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cells": cells,
                "touching": touching,
            }
        )
        if across is not UNSET:
            field_dict["across"] = across

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = cast(list[float], cells_item_data)

            cells.append(cells_item)

        touching = d.pop("touching")

        across = d.pop("across", UNSET)

        opponent_model = cls(
            cells=cells,
            touching=touching,
            across=across,
        )

        return opponent_model
