from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.opponent_model import OpponentModel
    from ..models.opponent_summary import OpponentSummary


T = TypeVar("T", bound="OpponentResponse")


@_attrs_define
class OpponentResponse:
    """The fitted model, to store and send back as `opponent.model` on every `POST /recommend`.

    Example:
        {'games': 3, 'model': {'across': 1.0, 'cells': [[1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
            [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0,
            1.0, 1.0, 1.0]], 'touching': 1.0}, 'summary': {'across_share': 0.3333333333333333, 'edge_share': 1.0,
            'touching_share': 0.0, 'uniform_across_share': 0.5020833333333333, 'uniform_edge_share': 0.47885714285714287,
            'uniform_touching_share': 0.6985}}

    Attributes:
        games (int): How many fleets it was fitted from.
        model (OpponentModel): A model of the opponent's habits as the wire carries it: what `POST /opponent` returns
            and
            `POST /recommend` takes back as `opponent.model`. Example: {'across': 2.0, 'cells': [[1.0, 0.5], [0.5, 0.25]],
            'touching': 0.8}.
        summary (OpponentSummary): What the fleets showed, against what uniform layouts of the same fleet would show.
    """

    games: int
    model: OpponentModel
    summary: OpponentSummary
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        model = self.model.to_dict()

        summary = self.summary.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "model": model,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.opponent_model import OpponentModel
        from ..models.opponent_summary import OpponentSummary

        d = dict(src_dict)
        games = d.pop("games")

        model = OpponentModel.from_dict(d.pop("model"))

        summary = OpponentSummary.from_dict(d.pop("summary"))

        opponent_response = cls(
            games=games,
            model=model,
            summary=summary,
        )

        opponent_response.additional_properties = d
        return opponent_response

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
