from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PowerUpRequest")


@_attrs_define
class PowerUpRequest:
    """A power-up the shooter holds.

    Example:
        {'area': ['XXX', 'XXX', 'XXX'], 'kind': 'strike', 'name': 'missile', 'uses': 1}

    Attributes:
        kind (str): What it does: `strike` shoots every cell of its area; `count` tells how many cells of its
            area hold a ship; `any` whether any does; `reveal` which do, without damaging them;
            `torpedo` runs along a row or column from the edge, passing water, and hits the first ship
            cell it meets (it stops at an island or a cell already hit).
        name (str): The power-up's name, echoed in `action` and `actions`; each power-up's its own.
        uses (int): Uses left, 1 to 100.
        area (list[str] | None | Unset): Rows of `X` (a cell of the area) and `.` (a gap), all of one length, at most 10
            by 10,
            aimed by the top-left cell and clipped at the board's edge. Every kind but `torpedo`
            needs one; a torpedo takes none.
    """

    kind: str
    name: str
    uses: int
    area: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        uses = self.uses

        area: list[str] | None | Unset
        if isinstance(self.area, Unset):
            area = UNSET
        elif isinstance(self.area, list):
            area = self.area

        else:
            area = self.area

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
                "uses": uses,
            }
        )
        if area is not UNSET:
            field_dict["area"] = area

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = d.pop("kind")

        name = d.pop("name")

        uses = d.pop("uses")

        def _parse_area(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                area_type_0 = cast(list[str], data)

                return area_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        area = _parse_area(d.pop("area", UNSET))

        power_up_request = cls(
            kind=kind,
            name=name,
            uses=uses,
            area=area,
        )

        return power_up_request
