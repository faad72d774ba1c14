from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HistorySinking")


@_attrs_define
class HistorySinking:
    """A sinking announced after a salvo, as an object: the ship's name (required under `sunk` and
    `hit`) and, under `sunk-cells` (where they are required), its cells.

        Example:
            {'cells': ['A1', 'A2'], 'ship': 'destroyer'}

        Attributes:
            cells (list[str] | None | Unset): The sunk ship's cells, as labels (`["F5", "F6"]`); under `sunk-cells` only.
            ship (None | str | Unset): The ship's name in the fleet.
    """

    cells: list[str] | None | Unset = UNSET
    ship: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cells: list[str] | None | Unset
        if isinstance(self.cells, Unset):
            cells = UNSET
        elif isinstance(self.cells, list):
            cells = self.cells

        else:
            cells = self.cells

        ship: None | str | Unset
        if isinstance(self.ship, Unset):
            ship = UNSET
        else:
            ship = self.ship

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if cells is not UNSET:
            field_dict["cells"] = cells
        if ship is not UNSET:
            field_dict["ship"] = ship

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_cells(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cells_type_0 = cast(list[str], data)

                return cells_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        cells = _parse_cells(d.pop("cells", UNSET))

        def _parse_ship(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ship = _parse_ship(d.pop("ship", UNSET))

        history_sinking = cls(
            cells=cells,
            ship=ship,
        )

        return history_sinking
