from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RevealRequest")


@_attrs_define
class RevealRequest:
    """What a reveal showed: its cells, and the ones among them that hold a ship (the rest are water).

    Attributes:
        cells (list[str]): The cells revealed, as labels, at least one.
        ships (list[str]): Those of `cells` that hold a ship (the rest are water), as labels; may be empty.
    """

    cells: list[str]
    ships: list[str]

    def to_dict(self) -> dict[str, Any]:
        cells = self.cells

        ships = self.ships

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cells": cells,
                "ships": ships,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cells = cast(list[str], d.pop("cells"))

        ships = cast(list[str], d.pop("ships"))

        reveal_request = cls(
            cells=cells,
            ships=ships,
        )

        return reveal_request
