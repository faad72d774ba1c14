from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SearchModelAnswer")


@_attrs_define
class SearchModelAnswer:
    """What the computer knows of the player's searching, in an `adaptive` answer: store it and send
    it back as `search_model` instead of the searches.

        Attributes:
            habit (bool): Whether the searches showed a habit (else the fleet was drawn uniformly).
            pull (list[list[float]]): Each cell's pull, rounded to 3 decimals.
            beside_ships (float | None | Unset): The player's hunting shots beside the ships they had found, against what a
                choice uniform
                over the open cells would give, to 3 decimals: about 1 for no regard to them (a fixed order,
                parity), above 1 for flooding around them, about 0.65 for a player who reasons that ships
                seldom fit there. From 0.85 on, against a habit, the fleet's ships lean apart. Absent when the
                searches gave too few chances to tell (fewer than 20 expected such shots).
            searches (int | None | Unset): Searches it was fitted from (absent for a model sent whole).
    """

    habit: bool
    pull: list[list[float]]
    beside_ships: float | None | Unset = UNSET
    searches: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        habit = self.habit

        pull = []
        for pull_item_data in self.pull:
            pull_item = pull_item_data

            pull.append(pull_item)

        beside_ships: float | None | Unset
        if isinstance(self.beside_ships, Unset):
            beside_ships = UNSET
        else:
            beside_ships = self.beside_ships

        searches: int | None | Unset
        if isinstance(self.searches, Unset):
            searches = UNSET
        else:
            searches = self.searches

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "habit": habit,
                "pull": pull,
            }
        )
        if beside_ships is not UNSET:
            field_dict["beside_ships"] = beside_ships
        if searches is not UNSET:
            field_dict["searches"] = searches

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        habit = d.pop("habit")

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

        def _parse_searches(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        searches = _parse_searches(d.pop("searches", UNSET))

        search_model_answer = cls(
            habit=habit,
            pull=pull,
            beside_ships=beside_ships,
            searches=searches,
        )

        search_model_answer.additional_properties = d
        return search_model_answer

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
