from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.observation_request import ObservationRequest


T = TypeVar("T", bound="HistoryScan")


@_attrs_define
class HistoryScan:
    """A turn spent scanning instead of shooting, in a history's `shots` or `salvoes`.

    Example:
        {'scan': {'any': False, 'cells': ['A1', 'A2', 'B1', 'B2']}}

    Attributes:
        scan (ObservationRequest): A scan of some cells: `count`, how many of them hold a ship (a count scan: radar,
            sonar), or
            `any`, whether any does (a yes/no scan); exactly one of the two. Hit and sunk cells count as
            ship cells, so a scan read before a ship sank stays true after. Example: {'cells': ['D4', 'D5', 'D6', 'E4',
            'E5', 'E6', 'F4', 'F5', 'F6'], 'count': 2}.
    """

    scan: ObservationRequest

    def to_dict(self) -> dict[str, Any]:
        scan = self.scan.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scan": scan,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.observation_request import ObservationRequest

        d = dict(src_dict)
        scan = ObservationRequest.from_dict(d.pop("scan"))

        history_scan = cls(
            scan=scan,
        )

        return history_scan
