from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.opponent_model import OpponentModel


T = TypeVar("T", bound="OpponentEcho")


@_attrs_define
class OpponentEcho:
    """The model a recommendation used, echoed in the response.

    Attributes:
        model (OpponentModel): A model of the opponent's habits as the wire carries it: what `POST /opponent` returns
            and
            `POST /recommend` takes back as `opponent.model`. Example: {'across': 2.0, 'cells': [[1.0, 0.5], [0.5, 0.25]],
            'touching': 0.8}.
        games (int | None | Unset): When the request sent `fleets`: how many were fitted.
    """

    model: OpponentModel
    games: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        model = self.model.to_dict()

        games: int | None | Unset
        if isinstance(self.games, Unset):
            games = UNSET
        else:
            games = self.games

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "model": model,
            }
        )
        if games is not UNSET:
            field_dict["games"] = games

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.opponent_model import OpponentModel

        d = dict(src_dict)
        model = OpponentModel.from_dict(d.pop("model"))

        def _parse_games(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        games = _parse_games(d.pop("games", UNSET))

        opponent_echo = cls(
            model=model,
            games=games,
        )

        opponent_echo.additional_properties = d
        return opponent_echo

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
