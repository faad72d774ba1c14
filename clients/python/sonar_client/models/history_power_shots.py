from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.history_shot import HistoryShot
    from ..models.history_sinking import HistorySinking


T = TypeVar("T", bound="HistoryPowerShots")


@_attrs_define
class HistoryPowerShots:
    """The shots of a turn spent on a power-up that shoots, in `shots` or `salvoes` alike: a strike's
    (`{"strike": ...}`, every open cell of its area) or a torpedo's (`{"torpedo": ...}`, the water it
    `passed`, then the one ship cell that stopped it, if one did). Each shot answers `miss` or `hit`;
    the sinkings they cause are announced after them, in `sunk`, as a salvo's are.

        Example:
            {'passed': ['A1', 'A2'], 'shots': [{'cell': 'A3', 'result': 'hit'}]}

        Attributes:
            passed (list[str] | None | Unset): A torpedo's only, and required there: the cells of water it passed, as labels
                (empty where it met a ship at once).
            shots (list[HistoryShot] | Unset): The turn's shots, each `miss` or `hit`: a strike's, or a torpedo's one at
                most.
            sunk (list[HistorySinking | str] | None | Unset): The ships announced sunk after the salvo's shots: each its
                name (`"cruiser"`), or an object with `ship` and, under `sunk-cells`, `cells`. Default: none.
    """

    passed: list[str] | None | Unset = UNSET
    shots: list[HistoryShot] | Unset = UNSET
    sunk: list[HistorySinking | str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.history_sinking import HistorySinking

        passed: list[str] | None | Unset
        if isinstance(self.passed, Unset):
            passed = UNSET
        elif isinstance(self.passed, list):
            passed = self.passed

        else:
            passed = self.passed

        shots: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shots, Unset):
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

        field_dict.update({})
        if passed is not UNSET:
            field_dict["passed"] = passed
        if shots is not UNSET:
            field_dict["shots"] = shots
        if sunk is not UNSET:
            field_dict["sunk"] = sunk

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_shot import HistoryShot
        from ..models.history_sinking import HistorySinking

        d = dict(src_dict)

        def _parse_passed(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                passed_type_0 = cast(list[str], data)

                return passed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        passed = _parse_passed(d.pop("passed", UNSET))

        _shots = d.pop("shots", UNSET)
        shots: list[HistoryShot] | Unset = UNSET
        if _shots is not UNSET:
            shots = []
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

        history_power_shots = cls(
            passed=passed,
            shots=shots,
            sunk=sunk,
        )

        return history_power_shots
