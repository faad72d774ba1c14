from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.anchor import Anchor


T = TypeVar("T", bound="ActionAnswer")


@_attrs_define
class ActionAnswer:
    """One thing to do this turn: a plain shot (`kind` `shot`) or a power-up aimed.

    Example:
        {'anchor': {'col': 3, 'label': 'D4', 'row': 3}, 'cells': ['D4', 'D5', 'D6', 'E4', 'E5', 'E6', 'F4', 'F5', 'F6'],
            'expected_hits': 1.62, 'kind': 'strike', 'name': 'missile', 'value': 1.94}

    Attributes:
        anchor (Anchor): A cell as the answer names it.
        cells (list[str]): The cells it covers, clipped at the board's edge: for a torpedo the cells it may cross, in
            order (it stops at the first ship cell).
        expected_hits (float): Ship cells it is expected to hit this turn.
        kind (str): `shot`, or the power-up's kind.
        name (str): The power-up's name; `shot` for a plain shot.
        value (float): Turns it is expected to save against the plain shot by the one-step rule (`docs/power-ups.md`):
            0 for the shot; a power-up is the `action` only when its value is above 0.
        direction (None | str | Unset): The way a torpedo runs: `down`, `up`, `right` or `left`.
    """

    anchor: Anchor
    cells: list[str]
    expected_hits: float
    kind: str
    name: str
    value: float
    direction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        anchor = self.anchor.to_dict()

        cells = self.cells

        expected_hits = self.expected_hits

        kind = self.kind

        name = self.name

        value = self.value

        direction: None | str | Unset
        if isinstance(self.direction, Unset):
            direction = UNSET
        else:
            direction = self.direction

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "anchor": anchor,
                "cells": cells,
                "expected_hits": expected_hits,
                "kind": kind,
                "name": name,
                "value": value,
            }
        )
        if direction is not UNSET:
            field_dict["direction"] = direction

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.anchor import Anchor

        d = dict(src_dict)
        anchor = Anchor.from_dict(d.pop("anchor"))

        cells = cast(list[str], d.pop("cells"))

        expected_hits = d.pop("expected_hits")

        kind = d.pop("kind")

        name = d.pop("name")

        value = d.pop("value")

        def _parse_direction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        direction = _parse_direction(d.pop("direction", UNSET))

        action_answer = cls(
            anchor=anchor,
            cells=cells,
            expected_hits=expected_hits,
            kind=kind,
            name=name,
            value=value,
            direction=direction,
        )

        action_answer.additional_properties = d
        return action_answer

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
