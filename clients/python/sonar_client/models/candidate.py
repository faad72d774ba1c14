from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Candidate")


@_attrs_define
class Candidate:
    """A cell offered as a hint, with its grid value.

    Example:
        {'col': 4, 'label': 'C5', 'row': 2, 'value': 0.41}

    Attributes:
        col (int): Zero-based column.
        label (str): Row letter (A = row 0) followed by the one-based column.
        row (int): Zero-based row.
        value (float): The cell's grid value (a probability or a score, as `grid_kind` says).
    """

    col: int
    label: str
    row: int
    value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        col = self.col

        label = self.label

        row = self.row

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "col": col,
                "label": label,
                "row": row,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        col = d.pop("col")

        label = d.pop("label")

        row = d.pop("row")

        value = d.pop("value")

        candidate = cls(
            col=col,
            label=label,
            row=row,
            value=value,
        )

        candidate.additional_properties = d
        return candidate

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
