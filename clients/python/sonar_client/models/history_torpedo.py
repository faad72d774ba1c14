from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.history_power_shots import HistoryPowerShots


T = TypeVar("T", bound="HistoryTorpedo")


@_attrs_define
class HistoryTorpedo:
    """A turn spent on a torpedo: the water it `passed`, then the ship cell that stopped it, if one did.

    Attributes:
        torpedo (HistoryPowerShots): The shots of a turn spent on a power-up that shoots, in `shots` or `salvoes` alike:
            a strike's
            (`{"strike": ...}`, every open cell of its area) or a torpedo's (`{"torpedo": ...}`, the water it
            `passed`, then the one ship cell that stopped it, if one did). Each shot answers `miss` or `hit`;
            the sinkings they cause are announced after them, in `sunk`, as a salvo's are. Example: {'passed': ['A1', 'A2'],
            'shots': [{'cell': 'A3', 'result': 'hit'}]}.
    """

    torpedo: HistoryPowerShots

    def to_dict(self) -> dict[str, Any]:
        torpedo = self.torpedo.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "torpedo": torpedo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_power_shots import HistoryPowerShots

        d = dict(src_dict)
        torpedo = HistoryPowerShots.from_dict(d.pop("torpedo"))

        history_torpedo = cls(
            torpedo=torpedo,
        )

        return history_torpedo
