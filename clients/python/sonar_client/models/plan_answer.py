from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.layouts_from import LayoutsFrom
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plan_candidate import PlanCandidate


T = TypeVar("T", bound="PlanAnswer")


@_attrs_define
class PlanAnswer:
    """Present when `bayes` planned ahead (a `budget_ms` above the default 10, one shot a turn, a board
    string or a history under `sunk-cells`, no opponent model or the uniform one): the candidate
    cells it played out to the end of the game, each by `weighted-density` on the same layouts
    drawn from the posterior, and which it chose. It shoots a candidate other than the grid's most
    likely cell only when that cell's mean shots are lower by more than
    [`Z`](crate::shooting::bayes::planner::Z) standard errors of their paired difference, or, with
    `layouts_from` `every`, lower at all.

        Example:
            {'candidates': [{'col': 1, 'label': 'C2', 'mean_shots': 6.4, 'paired_std_error': 0.0, 'probability': 0.7, 'row':
                2, 'std_error': 0.0}, {'col': 3, 'label': 'C4', 'mean_shots': 6.25, 'paired_std_error': 0.0, 'probability':
                0.55, 'row': 2, 'std_error': 0.0}], 'chosen': 1, 'layouts': 40, 'layouts_from': 'every'}

        Attributes:
            candidates (list[PlanCandidate]): The cells played out, the grid's most likely first, then in order of
                probability.
            chosen (int): Index in `candidates` of the cell shot (`shot`; 0 when the most likely cell stays best).
            layouts (int): How many layouts each candidate was played out on.
            layouts_from (LayoutsFrom): Where the layouts came from: `every` agreeing layout (the means are exact
                expectations),
                `exact` uniform draws from the exact posterior, or `resampled` from importance draws where
                the posterior is sampled (the opening).
            cut_short (bool | Unset): Present and `true` when the clock stopped the plan before its budget's work was done:
                the
                candidates were compared on the `layouts` played by then (the answer's `compute` says
                what was spent).
    """

    candidates: list[PlanCandidate]
    chosen: int
    layouts: int
    layouts_from: LayoutsFrom
    cut_short: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        candidates = []
        for candidates_item_data in self.candidates:
            candidates_item = candidates_item_data.to_dict()
            candidates.append(candidates_item)

        chosen = self.chosen

        layouts = self.layouts

        layouts_from = self.layouts_from.value

        cut_short = self.cut_short

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "candidates": candidates,
                "chosen": chosen,
                "layouts": layouts,
                "layouts_from": layouts_from,
            }
        )
        if cut_short is not UNSET:
            field_dict["cut_short"] = cut_short

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plan_candidate import PlanCandidate

        d = dict(src_dict)
        candidates = []
        _candidates = d.pop("candidates")
        for candidates_item_data in _candidates:
            candidates_item = PlanCandidate.from_dict(candidates_item_data)

            candidates.append(candidates_item)

        chosen = d.pop("chosen")

        layouts = d.pop("layouts")

        layouts_from = LayoutsFrom(d.pop("layouts_from"))

        cut_short = d.pop("cut_short", UNSET)

        plan_answer = cls(
            candidates=candidates,
            chosen=chosen,
            layouts=layouts,
            layouts_from=layouts_from,
            cut_short=cut_short,
        )

        plan_answer.additional_properties = d
        return plan_answer

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
