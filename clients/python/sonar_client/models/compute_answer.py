from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ComputeAnswer")


@_attrs_define
class ComputeAnswer:
    """What the computation spent, where it was not the whole work of the budget asked for.

    Example:
        {'asked_ms': 100, 'budget_ms': 100, 'cut_short': True, 'spent_ms': 100.4, 'stage': 'rollouts'}

    Attributes:
        asked_ms (int): The request's `budget_ms` (or the default).
        budget_ms (int): The budget the answer was computed with: `asked_ms`, the default where the planning
            budget could not be kept, or the part of `asked_ms` whose work the CPU the service gets
            could finish in time.
        cut_short (bool): Whether the clock stopped the computation before the budget's work was done: the answer
            rests on what was done by then.
        spent_ms (float): Time the computation took, from its start on the compute pool, in milliseconds.
        stage (None | str | Unset): Where it was stopped: `sampling` (the posterior rests on fewer draws), `counting`
            (no
            posterior in time: the grid is the placement count, `grid_kind` `score`), `rollouts`
            (the plan drew and played out fewer layouts) or `arsenal` (the choice among the arsenal
            weighed only the power-ups `actions` lists).
    """

    asked_ms: int
    budget_ms: int
    cut_short: bool
    spent_ms: float
    stage: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        asked_ms = self.asked_ms

        budget_ms = self.budget_ms

        cut_short = self.cut_short

        spent_ms = self.spent_ms

        stage: None | str | Unset
        if isinstance(self.stage, Unset):
            stage = UNSET
        else:
            stage = self.stage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "asked_ms": asked_ms,
                "budget_ms": budget_ms,
                "cut_short": cut_short,
                "spent_ms": spent_ms,
            }
        )
        if stage is not UNSET:
            field_dict["stage"] = stage

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        asked_ms = d.pop("asked_ms")

        budget_ms = d.pop("budget_ms")

        cut_short = d.pop("cut_short")

        spent_ms = d.pop("spent_ms")

        def _parse_stage(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stage = _parse_stage(d.pop("stage", UNSET))

        compute_answer = cls(
            asked_ms=asked_ms,
            budget_ms=budget_ms,
            cut_short=cut_short,
            spent_ms=spent_ms,
            stage=stage,
        )

        compute_answer.additional_properties = d
        return compute_answer

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
