from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SearchModelBody")


@_attrs_define
class SearchModelBody:
    """A player's search model: how strongly they are drawn to each cell while hunting.

    Attributes:
        pull (list[list[float]]): One row of numbers per board row: each cell's pull, higher for cells the player shoots
            earlier while hunting, all 0 for no habit (-20 to 20).
    """

    pull: list[list[float]]

    def to_dict(self) -> dict[str, Any]:
        pull = []
        for pull_item_data in self.pull:
            pull_item = pull_item_data

            pull.append(pull_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pull": pull,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pull = []
        _pull = d.pop("pull")
        for pull_item_data in _pull:
            pull_item = cast(list[float], pull_item_data)

            pull.append(pull_item)

        search_model_body = cls(
            pull=pull,
        )

        return search_model_body
