from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.shot_result import ShotResult
from ..types import UNSET, Unset

T = TypeVar("T", bound="HistoryShot")


@_attrs_define
class HistoryShot:
    """One shot and the defender's answer. The cell is given once: as `cell`, or as `row` and `col`.

    Example:
        {'cell': 'E5', 'result': 'sunk', 'ship': 'cruiser'}

    Attributes:
        result (ShotResult): What the defender answered. `sunk`: a hit that sank a ship (one shot a turn only: a salvo's
            sinkings come after all its shots, in its `sunk`).
        cell (None | str | Unset): The cell's label: its row letter (A = row 0) then its one-based column, e.g. `C5`.
        cells (list[str] | None | Unset): The sunk ship's cells, as labels (`["F5", "F6"]`); under `sunk-cells` only.
        col (int | None | Unset): Zero-based column of the cell (with `row`, instead of `cell`).
        row (int | None | Unset): Zero-based row of the cell (with `col`, instead of `cell`).
        ship (None | str | Unset): The ship, by its name in the fleet: on a `sunk` result the ship that sank (required
            under
            `sunk` and `hit`); under `hit`, on every `hit` too. Never on a miss.
    """

    result: ShotResult
    cell: None | str | Unset = UNSET
    cells: list[str] | None | Unset = UNSET
    col: int | None | Unset = UNSET
    row: int | None | Unset = UNSET
    ship: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        result = self.result.value

        cell: None | str | Unset
        if isinstance(self.cell, Unset):
            cell = UNSET
        else:
            cell = self.cell

        cells: list[str] | None | Unset
        if isinstance(self.cells, Unset):
            cells = UNSET
        elif isinstance(self.cells, list):
            cells = self.cells

        else:
            cells = self.cells

        col: int | None | Unset
        if isinstance(self.col, Unset):
            col = UNSET
        else:
            col = self.col

        row: int | None | Unset
        if isinstance(self.row, Unset):
            row = UNSET
        else:
            row = self.row

        ship: None | str | Unset
        if isinstance(self.ship, Unset):
            ship = UNSET
        else:
            ship = self.ship

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "result": result,
            }
        )
        if cell is not UNSET:
            field_dict["cell"] = cell
        if cells is not UNSET:
            field_dict["cells"] = cells
        if col is not UNSET:
            field_dict["col"] = col
        if row is not UNSET:
            field_dict["row"] = row
        if ship is not UNSET:
            field_dict["ship"] = ship

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        result = ShotResult(d.pop("result"))

        def _parse_cell(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cell = _parse_cell(d.pop("cell", UNSET))

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

        def _parse_col(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        col = _parse_col(d.pop("col", UNSET))

        def _parse_row(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        row = _parse_row(d.pop("row", UNSET))

        def _parse_ship(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ship = _parse_ship(d.pop("ship", UNSET))

        history_shot = cls(
            result=result,
            cell=cell,
            cells=cells,
            col=col,
            row=row,
            ship=ship,
        )

        return history_shot
