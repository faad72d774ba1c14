from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.shot import Shot


T = TypeVar("T", bound="PlacedShip")


@_attrs_define
class PlacedShip:
    """One ship of the layout.

    Example:
        {'cells': [{'col': 3, 'label': 'A4', 'row': 0}, {'col': 4, 'label': 'A5', 'row': 0}], 'horizontal': True,
            'length': 2, 'letter': 'A'}

    Attributes:
        cells (list[Shot]): Its cells, from its top or left end.
        horizontal (bool): Whether it lies along a row (a length-1 ship counts as horizontal).
        length (int):
        letter (str): The ship's letter on `board`.
    """

    cells: list[Shot]
    horizontal: bool
    length: int
    letter: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data.to_dict()
            cells.append(cells_item)

        horizontal = self.horizontal

        length = self.length

        letter = self.letter

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cells": cells,
                "horizontal": horizontal,
                "length": length,
                "letter": letter,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.shot import Shot

        d = dict(src_dict)
        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = Shot.from_dict(cells_item_data)

            cells.append(cells_item)

        horizontal = d.pop("horizontal")

        length = d.pop("length")

        letter = d.pop("letter")

        placed_ship = cls(
            cells=cells,
            horizontal=horizontal,
            length=length,
            letter=letter,
        )

        placed_ship.additional_properties = d
        return placed_ship

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
