from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.history_shot import HistoryShot
    from ..models.history_sinking import HistorySinking


T = TypeVar("T", bound="HistorySalvo")


@_attrs_define
class HistorySalvo:
    """One turn of salvoes: its shots, each answered `miss` or `hit`, then the sinkings announced.

    Example:
        {'shots': [{'cell': 'A1', 'result': 'hit'}, {'cell': 'C3', 'result': 'miss'}], 'sunk': ['destroyer']}

    Attributes:
        shots (list[HistoryShot]): The salvo's shots, 1 to `rules.salvo` of them, each `miss` or `hit`.
        sunk (list[HistorySinking | str] | None | Unset): The ships announced sunk after the salvo's shots: each its
            name (`"cruiser"`), or an object with `ship` and, under `sunk-cells`, `cells`. Default: none.
    """

    shots: list[HistoryShot]
    sunk: list[HistorySinking | str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.history_sinking import HistorySinking

        shots = []
        for shots_item_data in self.shots:
            shots_item = shots_item_data.to_dict()
            shots.append(shots_item)

        sunk: list[dict[str, Any] | str] | None | Unset
        if isinstance(self.sunk, Unset):
            sunk = UNSET
        elif isinstance(self.sunk, list):
            sunk = []
            for sunk_type_0_item_data in self.sunk:
                sunk_type_0_item: dict[str, Any] | str
                if isinstance(sunk_type_0_item_data, HistorySinking):
                    sunk_type_0_item = sunk_type_0_item_data.to_dict()
                else:
                    sunk_type_0_item = sunk_type_0_item_data
                sunk.append(sunk_type_0_item)

        else:
            sunk = self.sunk

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "shots": shots,
            }
        )
        if sunk is not UNSET:
            field_dict["sunk"] = sunk

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_shot import HistoryShot
        from ..models.history_sinking import HistorySinking

        d = dict(src_dict)
        shots = []
        _shots = d.pop("shots")
        for shots_item_data in _shots:
            shots_item = HistoryShot.from_dict(shots_item_data)

            shots.append(shots_item)

        def _parse_sunk(data: object) -> list[HistorySinking | str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sunk_type_0 = []
                _sunk_type_0 = data
                for sunk_type_0_item_data in _sunk_type_0:

                    def _parse_sunk_type_0_item(data: object) -> HistorySinking | str:
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            sunk_type_0_item_type_1 = HistorySinking.from_dict(data)

                            return sunk_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(HistorySinking | str, data)

                    sunk_type_0_item = _parse_sunk_type_0_item(sunk_type_0_item_data)

                    sunk_type_0.append(sunk_type_0_item)

                return sunk_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[HistorySinking | str] | None | Unset, data)

        sunk = _parse_sunk(d.pop("sunk", UNSET))

        history_salvo = cls(
            shots=shots,
            sunk=sunk,
        )

        return history_salvo
