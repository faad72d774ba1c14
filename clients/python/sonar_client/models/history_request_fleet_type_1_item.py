from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HistoryRequestFleetType1Item")


@_attrs_define
class HistoryRequestFleetType1Item:
    """
    Attributes:
        length (int):
        name (str): The ship's name.
    """

    length: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        length = self.length

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "length": length,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        length = d.pop("length")

        name = d.pop("name")

        history_request_fleet_type_1_item = cls(
            length=length,
            name=name,
        )

        return history_request_fleet_type_1_item
