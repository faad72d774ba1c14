from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LevelEntry")


@_attrs_define
class LevelEntry:
    """One level's measured strength on the classic board.

    Example:
        {'level': 5, 'mean_shots': 61.4, 'mean_shots_ci95': 0.23, 'median': 61.0, 'sd': 11.9}

    Attributes:
        level (int):
        mean_shots (float): Mean shots to sink the classic fleet: lower is stronger.
        mean_shots_ci95 (float): Half-width of the 95% interval of `mean_shots`.
        median (float):
        sd (float): Standard deviation of the shots a game.
    """

    level: int
    mean_shots: float
    mean_shots_ci95: float
    median: float
    sd: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        level = self.level

        mean_shots = self.mean_shots

        mean_shots_ci95 = self.mean_shots_ci95

        median = self.median

        sd = self.sd

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "level": level,
                "mean_shots": mean_shots,
                "mean_shots_ci95": mean_shots_ci95,
                "median": median,
                "sd": sd,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        level = d.pop("level")

        mean_shots = d.pop("mean_shots")

        mean_shots_ci95 = d.pop("mean_shots_ci95")

        median = d.pop("median")

        sd = d.pop("sd")

        level_entry = cls(
            level=level,
            mean_shots=mean_shots,
            mean_shots_ci95=mean_shots_ci95,
            median=median,
            sd=sd,
        )

        level_entry.additional_properties = d
        return level_entry

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
