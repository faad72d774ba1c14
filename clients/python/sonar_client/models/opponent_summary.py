from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OpponentSummary")


@_attrs_define
class OpponentSummary:
    """What the fleets showed, against what uniform layouts of the same fleet would show.

    Attributes:
        across_share (float): Share of the fleets' ships of two or more cells laid across (along a row).
        edge_share (float): Share of the fleets' ship cells on the board's border (first or last row or column).
        touching_share (float): Share of the fleets with two ships touching (sharing an edge or a corner).
        uniform_across_share (float): `across_share` expected of uniform layouts.
        uniform_edge_share (float): `edge_share` expected of uniform layouts.
        uniform_touching_share (float): `touching_share` expected of uniform layouts.
    """

    across_share: float
    edge_share: float
    touching_share: float
    uniform_across_share: float
    uniform_edge_share: float
    uniform_touching_share: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        across_share = self.across_share

        edge_share = self.edge_share

        touching_share = self.touching_share

        uniform_across_share = self.uniform_across_share

        uniform_edge_share = self.uniform_edge_share

        uniform_touching_share = self.uniform_touching_share

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "across_share": across_share,
                "edge_share": edge_share,
                "touching_share": touching_share,
                "uniform_across_share": uniform_across_share,
                "uniform_edge_share": uniform_edge_share,
                "uniform_touching_share": uniform_touching_share,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        across_share = d.pop("across_share")

        edge_share = d.pop("edge_share")

        touching_share = d.pop("touching_share")

        uniform_across_share = d.pop("uniform_across_share")

        uniform_edge_share = d.pop("uniform_edge_share")

        uniform_touching_share = d.pop("uniform_touching_share")

        opponent_summary = cls(
            across_share=across_share,
            edge_share=edge_share,
            touching_share=touching_share,
            uniform_across_share=uniform_across_share,
            uniform_edge_share=uniform_edge_share,
            uniform_touching_share=uniform_touching_share,
        )

        opponent_summary.additional_properties = d
        return opponent_summary

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
