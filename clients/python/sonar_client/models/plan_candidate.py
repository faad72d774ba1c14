from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlanCandidate")


@_attrs_define
class PlanCandidate:
    """One candidate cell and what its rollouts measured.

    Attributes:
        col (int): Zero-based column.
        label (str): Row letter (A = row 0) followed by the one-based column.
        mean_shots (float): Mean shots to finish the game, this one included, when this cell is shot now and
            `weighted-density` plays the rest.
        paired_std_error (float): Standard error of the difference between this cell's `mean_shots` and the first
            candidate's, on the same layouts (0 for the first, and when every layout was played).
        probability (float): The cell's posterior probability (its grid value).
        row (int): Zero-based row.
        std_error (float): Standard error of `mean_shots` (0 when every agreeing layout was played).
    """

    col: int
    label: str
    mean_shots: float
    paired_std_error: float
    probability: float
    row: int
    std_error: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        col = self.col

        label = self.label

        mean_shots = self.mean_shots

        paired_std_error = self.paired_std_error

        probability = self.probability

        row = self.row

        std_error = self.std_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "col": col,
                "label": label,
                "mean_shots": mean_shots,
                "paired_std_error": paired_std_error,
                "probability": probability,
                "row": row,
                "std_error": std_error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        col = d.pop("col")

        label = d.pop("label")

        mean_shots = d.pop("mean_shots")

        paired_std_error = d.pop("paired_std_error")

        probability = d.pop("probability")

        row = d.pop("row")

        std_error = d.pop("std_error")

        plan_candidate = cls(
            col=col,
            label=label,
            mean_shots=mean_shots,
            paired_std_error=paired_std_error,
            probability=probability,
            row=row,
            std_error=std_error,
        )

        plan_candidate.additional_properties = d
        return plan_candidate

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
