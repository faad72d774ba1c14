from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.history_request_fleet_type_1_item import HistoryRequestFleetType1Item
    from ..models.history_reveal import HistoryReveal
    from ..models.history_salvo import HistorySalvo
    from ..models.history_scan import HistoryScan
    from ..models.history_shot import HistoryShot
    from ..models.history_strike import HistoryStrike
    from ..models.history_torpedo import HistoryTorpedo


T = TypeVar("T", bound="HistoryRequest")


@_attrs_define
class HistoryRequest:
    """A game's log, sent instead of `board` and `ships`: the board's size, the starting fleet and
    every shot in order with the defender's answer, as `rules.announce` says it. The service
    replays it, checks every answer against the rules and plays the position it implies.

        Example:
            {'cols': 10, 'fleet': [5, 4, 3, 3, 2], 'rows': 10, 'shots': [{'cell': 'C5', 'result': 'miss'}, {'col': 4,
                'result': 'hit', 'row': 3}]}

        Attributes:
            blocked (list[str] | None | Unset): The islands, as labels (`["D4", "D5"]`): no ship lies on them and none is
                shot.
            cols (int | None | Unset): Columns of the board, 1 to 26 (default 10).
            fleet (list[HistoryRequestFleetType1Item] | list[int] | None | Unset): The whole starting fleet, sunk ships
                included: its lengths (`[5, 4, 3, 3, 2]`), or its ships with their names (`[{"name": "cruiser", "length": 3},
                ...]`), which the rules `sunk` and `hit` need; not both kinds. 1 to 64 ships, each from 1 to the board's longer
                side (checked with a 422). Default: carrier 5, battleship 4, cruiser 3, submarine 3, destroyer 2.
            rows (int | None | Unset): Rows of the board, 1 to 26 (default 10).
            salvoes (list[HistoryReveal | HistorySalvo | HistoryScan | HistoryStrike | HistoryTorpedo] | None | Unset): One
                salvo a turn, in order, each with the sinkings announced after it, or a turn spent scanning (`{"scan": ...}`),
                revealing (`{"reveal": ...}`), on a strike (`{"strike": ...}`) or on a torpedo (`{"torpedo": ...}`); exactly one
                of `shots` and `salvoes`. An empty list is the first turn.
            shots (list[HistoryReveal | HistoryScan | HistoryShot | HistoryStrike | HistoryTorpedo] | None | Unset): One
                shot a turn, in order (only under `rules.salvo` 1), or a turn spent scanning (`{"scan": ...}`), revealing
                (`{"reveal": ...}`), on a strike (`{"strike": ...}`) or on a torpedo (`{"torpedo": ...}`); exactly one of
                `shots` and `salvoes`. An empty list is the first turn.
    """

    blocked: list[str] | None | Unset = UNSET
    cols: int | None | Unset = UNSET
    fleet: list[HistoryRequestFleetType1Item] | list[int] | None | Unset = UNSET
    rows: int | None | Unset = UNSET
    salvoes: (
        list[
            HistoryReveal | HistorySalvo | HistoryScan | HistoryStrike | HistoryTorpedo
        ]
        | None
        | Unset
    ) = UNSET
    shots: (
        list[HistoryReveal | HistoryScan | HistoryShot | HistoryStrike | HistoryTorpedo]
        | None
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.history_reveal import HistoryReveal
        from ..models.history_salvo import HistorySalvo
        from ..models.history_scan import HistoryScan
        from ..models.history_shot import HistoryShot
        from ..models.history_strike import HistoryStrike

        blocked: list[str] | None | Unset
        if isinstance(self.blocked, Unset):
            blocked = UNSET
        elif isinstance(self.blocked, list):
            blocked = self.blocked

        else:
            blocked = self.blocked

        cols: int | None | Unset
        if isinstance(self.cols, Unset):
            cols = UNSET
        else:
            cols = self.cols

        fleet: list[dict[str, Any]] | list[int] | None | Unset
        if isinstance(self.fleet, Unset):
            fleet = UNSET
        elif isinstance(self.fleet, list):
            fleet = self.fleet

        elif isinstance(self.fleet, list):
            fleet = []
            for fleet_type_1_item_data in self.fleet:
                fleet_type_1_item = fleet_type_1_item_data.to_dict()
                fleet.append(fleet_type_1_item)

        else:
            fleet = self.fleet

        rows: int | None | Unset
        if isinstance(self.rows, Unset):
            rows = UNSET
        else:
            rows = self.rows

        salvoes: list[dict[str, Any]] | None | Unset
        if isinstance(self.salvoes, Unset):
            salvoes = UNSET
        elif isinstance(self.salvoes, list):
            salvoes = []
            for salvoes_type_0_item_data in self.salvoes:
                salvoes_type_0_item: dict[str, Any]
                if (
                    isinstance(salvoes_type_0_item_data, HistorySalvo)
                    or isinstance(salvoes_type_0_item_data, HistoryScan)
                    or isinstance(salvoes_type_0_item_data, HistoryReveal)
                    or isinstance(salvoes_type_0_item_data, HistoryStrike)
                ):
                    salvoes_type_0_item = salvoes_type_0_item_data.to_dict()
                else:
                    salvoes_type_0_item = salvoes_type_0_item_data.to_dict()

                salvoes.append(salvoes_type_0_item)

        else:
            salvoes = self.salvoes

        shots: list[dict[str, Any]] | None | Unset
        if isinstance(self.shots, Unset):
            shots = UNSET
        elif isinstance(self.shots, list):
            shots = []
            for shots_type_0_item_data in self.shots:
                shots_type_0_item: dict[str, Any]
                if (
                    isinstance(shots_type_0_item_data, HistoryShot)
                    or isinstance(shots_type_0_item_data, HistoryScan)
                    or isinstance(shots_type_0_item_data, HistoryReveal)
                    or isinstance(shots_type_0_item_data, HistoryStrike)
                ):
                    shots_type_0_item = shots_type_0_item_data.to_dict()
                else:
                    shots_type_0_item = shots_type_0_item_data.to_dict()

                shots.append(shots_type_0_item)

        else:
            shots = self.shots

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if cols is not UNSET:
            field_dict["cols"] = cols
        if fleet is not UNSET:
            field_dict["fleet"] = fleet
        if rows is not UNSET:
            field_dict["rows"] = rows
        if salvoes is not UNSET:
            field_dict["salvoes"] = salvoes
        if shots is not UNSET:
            field_dict["shots"] = shots

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_request_fleet_type_1_item import (
            HistoryRequestFleetType1Item,
        )
        from ..models.history_reveal import HistoryReveal
        from ..models.history_salvo import HistorySalvo
        from ..models.history_scan import HistoryScan
        from ..models.history_shot import HistoryShot
        from ..models.history_strike import HistoryStrike
        from ..models.history_torpedo import HistoryTorpedo

        d = dict(src_dict)

        def _parse_blocked(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                blocked_type_0 = cast(list[str], data)

                return blocked_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        blocked = _parse_blocked(d.pop("blocked", UNSET))

        def _parse_cols(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cols = _parse_cols(d.pop("cols", UNSET))

        def _parse_fleet(
            data: object,
        ) -> list[HistoryRequestFleetType1Item] | list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fleet_type_0 = cast(list[int], data)

                return fleet_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fleet_type_1 = []
                _fleet_type_1 = data
                for fleet_type_1_item_data in _fleet_type_1:
                    fleet_type_1_item = HistoryRequestFleetType1Item.from_dict(
                        fleet_type_1_item_data
                    )

                    fleet_type_1.append(fleet_type_1_item)

                return fleet_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[HistoryRequestFleetType1Item] | list[int] | None | Unset, data
            )

        fleet = _parse_fleet(d.pop("fleet", UNSET))

        def _parse_rows(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rows = _parse_rows(d.pop("rows", UNSET))

        def _parse_salvoes(
            data: object,
        ) -> (
            list[
                HistoryReveal
                | HistorySalvo
                | HistoryScan
                | HistoryStrike
                | HistoryTorpedo
            ]
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                salvoes_type_0 = []
                _salvoes_type_0 = data
                for salvoes_type_0_item_data in _salvoes_type_0:

                    def _parse_salvoes_type_0_item(
                        data: object,
                    ) -> (
                        HistoryReveal
                        | HistorySalvo
                        | HistoryScan
                        | HistoryStrike
                        | HistoryTorpedo
                    ):
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            salvoes_type_0_item_type_0 = HistorySalvo.from_dict(data)

                            return salvoes_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            salvoes_type_0_item_type_1 = HistoryScan.from_dict(data)

                            return salvoes_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            salvoes_type_0_item_type_2 = HistoryReveal.from_dict(data)

                            return salvoes_type_0_item_type_2
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            salvoes_type_0_item_type_3 = HistoryStrike.from_dict(data)

                            return salvoes_type_0_item_type_3
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        if not isinstance(data, dict):
                            raise TypeError()
                        salvoes_type_0_item_type_4 = HistoryTorpedo.from_dict(data)

                        return salvoes_type_0_item_type_4

                    salvoes_type_0_item = _parse_salvoes_type_0_item(
                        salvoes_type_0_item_data
                    )

                    salvoes_type_0.append(salvoes_type_0_item)

                return salvoes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[
                    HistoryReveal
                    | HistorySalvo
                    | HistoryScan
                    | HistoryStrike
                    | HistoryTorpedo
                ]
                | None
                | Unset,
                data,
            )

        salvoes = _parse_salvoes(d.pop("salvoes", UNSET))

        def _parse_shots(
            data: object,
        ) -> (
            list[
                HistoryReveal
                | HistoryScan
                | HistoryShot
                | HistoryStrike
                | HistoryTorpedo
            ]
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                shots_type_0 = []
                _shots_type_0 = data
                for shots_type_0_item_data in _shots_type_0:

                    def _parse_shots_type_0_item(
                        data: object,
                    ) -> (
                        HistoryReveal
                        | HistoryScan
                        | HistoryShot
                        | HistoryStrike
                        | HistoryTorpedo
                    ):
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            shots_type_0_item_type_0 = HistoryShot.from_dict(data)

                            return shots_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            shots_type_0_item_type_1 = HistoryScan.from_dict(data)

                            return shots_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            shots_type_0_item_type_2 = HistoryReveal.from_dict(data)

                            return shots_type_0_item_type_2
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            shots_type_0_item_type_3 = HistoryStrike.from_dict(data)

                            return shots_type_0_item_type_3
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        if not isinstance(data, dict):
                            raise TypeError()
                        shots_type_0_item_type_4 = HistoryTorpedo.from_dict(data)

                        return shots_type_0_item_type_4

                    shots_type_0_item = _parse_shots_type_0_item(shots_type_0_item_data)

                    shots_type_0.append(shots_type_0_item)

                return shots_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                list[
                    HistoryReveal
                    | HistoryScan
                    | HistoryShot
                    | HistoryStrike
                    | HistoryTorpedo
                ]
                | None
                | Unset,
                data,
            )

        shots = _parse_shots(d.pop("shots", UNSET))

        history_request = cls(
            blocked=blocked,
            cols=cols,
            fleet=fleet,
            rows=rows,
            salvoes=salvoes,
            shots=shots,
        )

        return history_request
