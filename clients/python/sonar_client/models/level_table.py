from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.level_entry import LevelEntry


T = TypeVar("T", bound="LevelTable")


@_attrs_define
class LevelTable:
    """The measured strength of each level of an algorithm.

    Attributes:
        measured_by (str): The command that measured it (10,000 games a level, the same hidden fleets for all).
        table (list[LevelEntry]):
    """

    measured_by: str
    table: list[LevelEntry]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        measured_by = self.measured_by

        table = []
        for table_item_data in self.table:
            table_item = table_item_data.to_dict()
            table.append(table_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "measured_by": measured_by,
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.level_entry import LevelEntry

        d = dict(src_dict)
        measured_by = d.pop("measured_by")

        table = []
        _table = d.pop("table")
        for table_item_data in _table:
            table_item = LevelEntry.from_dict(table_item_data)

            table.append(table_item)

        level_table = cls(
            measured_by=measured_by,
            table=table,
        )

        level_table.additional_properties = d
        return level_table

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
