from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.history_power_shots import HistoryPowerShots


T = TypeVar("T", bound="HistoryStrike")


@_attrs_define
class HistoryStrike:
    """A turn spent on an area strike: its shots, every open cell of its area.

    Attributes:
        strike (HistoryPowerShots): The shots of a turn spent on a power-up that shoots, in `shots` or `salvoes` alike:
            a strike's
            (`{"strike": ...}`, every open cell of its area) or a torpedo's (`{"torpedo": ...}`, the water it
            `passed`, then the one ship cell that stopped it, if one did). Each shot answers `miss` or `hit`;
            the sinkings they cause are announced after them, in `sunk`, as a salvo's are. Example: {'passed': ['A1', 'A2'],
            'shots': [{'cell': 'A3', 'result': 'hit'}]}.
    """

    strike: HistoryPowerShots

    def to_dict(self) -> dict[str, Any]:
        strike = self.strike.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "strike": strike,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_power_shots import HistoryPowerShots

        d = dict(src_dict)
        strike = HistoryPowerShots.from_dict(d.pop("strike"))

        history_strike = cls(
            strike=strike,
        )

        return history_strike
