from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SearchModelBody")


@_attrs_define
class SearchModelBody:
    """A player's search model: how strongly they are drawn to each cell while hunting.

    Attributes:
        pull (list[list[float]]): One row of numbers per board row: each cell's pull, higher for cells the player shoots
            earlier while hunting, all 0 for no habit (-20 to 20).
        beside_ships (float | None | Unset): The player's hunting shots beside the ships they had found, against a
            uniform choice's
            (0 to 100), as an answer gave it; absent when it did not (too few searches to tell): the
            ships then do not lean apart.
    """

    pull: list[list[float]]
    beside_ships: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pull = []
        for pull_item_data in self.pull:
            pull_item = pull_item_data

            pull.append(pull_item)

        beside_ships: float | None | Unset
        if isinstance(self.beside_ships, Unset):
            beside_ships = UNSET
        else:
            beside_ships = self.beside_ships

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pull": pull,
            }
        )
        if beside_ships is not UNSET:
            field_dict["beside_ships"] = beside_ships

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pull = []
        _pull = d.pop("pull")
        for pull_item_data in _pull:
            pull_item = cast(list[float], pull_item_data)

            pull.append(pull_item)

        def _parse_beside_ships(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        beside_ships = _parse_beside_ships(d.pop("beside_ships", UNSET))

        search_model_body = cls(
            pull=pull,
            beside_ships=beside_ships,
        )

        return search_model_body
