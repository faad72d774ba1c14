from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ObservationRequest")


@_attrs_define
class ObservationRequest:
    """A scan of some cells: `count`, how many of them hold a ship (a count scan: radar, sonar), or
    `any`, whether any does (a yes/no scan); exactly one of the two. Hit and sunk cells count as
    ship cells, so a scan read before a ship sank stays true after.

        Example:
            {'cells': ['D4', 'D5', 'D6', 'E4', 'E5', 'E6', 'F4', 'F5', 'F6'], 'count': 2}

        Attributes:
            cells (list[str]): The cells scanned, as labels (`C5`: row C, column 5), each on the board and listed once.
            any_ (bool | None | Unset): Whether any of `cells` holds a ship.
            count (int | None | Unset): How many of `cells` hold a ship, from 0 to their number.
    """

    cells: list[str]
    any_: bool | None | Unset = UNSET
    count: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cells = self.cells

        any_: bool | None | Unset
        if isinstance(self.any_, Unset):
            any_ = UNSET
        else:
            any_ = self.any_

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cells": cells,
            }
        )
        if any_ is not UNSET:
            field_dict["any"] = any_
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cells = cast(list[str], d.pop("cells"))

        def _parse_any_(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        any_ = _parse_any_(d.pop("any", UNSET))

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))

        observation_request = cls(
            cells=cells,
            any_=any_,
            count=count,
        )

        return observation_request
