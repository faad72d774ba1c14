from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.opponent_model import OpponentModel


T = TypeVar("T", bound="OpponentPrior")


@_attrs_define
class OpponentPrior:
    """What the shooter knows of the opponent's habits: exactly one of `fleets` (the fleets they hid
    in past games, which the service fits) and `model` (a model `POST /opponent` fitted before).

        Example:
            {'fleets': [['AAA..', '.....', '....B', '....B', 'C....']]}

        Attributes:
            fleets (list[list[str]] | Unset): Up to 200 fleets the player hid in past games, each as `POST /placement`
                writes a board: one string per row, `.` water, each ship's cells its own letter (`A`-`Z`, `a`-`z`, `0`-`9`, `!`,
                `$`), every ship one straight run. Each on the request's board size, of the starting fleet, and under the no-
                touch rules apart (each checked with a 422 naming the fleet, row and column).
            model (None | OpponentModel | Unset):
    """

    fleets: list[list[str]] | Unset = UNSET
    model: None | OpponentModel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.opponent_model import OpponentModel

        fleets: list[list[str]] | Unset = UNSET
        if not isinstance(self.fleets, Unset):
            fleets = []
            for fleets_item_data in self.fleets:
                fleets_item = fleets_item_data

                fleets.append(fleets_item)

        model: dict[str, Any] | None | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        elif isinstance(self.model, OpponentModel):
            model = self.model.to_dict()
        else:
            model = self.model

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fleets is not UNSET:
            field_dict["fleets"] = fleets
        if model is not UNSET:
            field_dict["model"] = model

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.opponent_model import OpponentModel

        d = dict(src_dict)
        _fleets = d.pop("fleets", UNSET)
        fleets: list[list[str]] | Unset = UNSET
        if _fleets is not UNSET:
            fleets = []
            for fleets_item_data in _fleets:
                fleets_item = cast(list[str], fleets_item_data)

                fleets.append(fleets_item)

        def _parse_model(data: object) -> None | OpponentModel | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_type_0 = OpponentModel.from_dict(data)

                return model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpponentModel | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        opponent_prior = cls(
            fleets=fleets,
            model=model,
        )

        return opponent_prior
