from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rules_request_announce_type_1 import RulesRequestAnnounceType1
from ..models.rules_request_announce_type_2_type_1 import RulesRequestAnnounceType2Type1
from ..models.rules_request_announce_type_3_type_1 import RulesRequestAnnounceType3Type1
from ..types import UNSET, Unset

T = TypeVar("T", bound="RulesRequest")


@_attrs_define
class RulesRequest:
    """The rules a game is played by. Unknown keys are refused (400).

    Example:
        {'salvo': 3, 'touching': False}

    Attributes:
        announce (None | RulesRequestAnnounceType1 | RulesRequestAnnounceType2Type1 | RulesRequestAnnounceType3Type1 |
            Unset): What the defender announces after a shot: `sunk-cells` (the default: a sinking shows the ship's cells,
            as a board string's `#` does), `sunk` (a sinking names the ship, not its cells: the classic rules), `hit` (every
            hit names the ship it struck, and sinkings are announced) or `none` (only hit or miss). `POST /recommend` reads
            a `history` under it; board strings can only say `sunk-cells` (any other is a 422). `POST /placement` and `POST
            /opponent` do not depend on it.
        salvo (int | None | Unset): Shots fired a turn, 1 to 10 (default 1): the response's `shots` lists that many
            distinct
            `.` cells, best first.
        touching (bool | None | Unset): `true` (default): ships may touch, the classic rules. `false`: no two ships
            share an edge or
            a corner; every cell next to a sunk ship, or diagonal to a hit, is then known to be water
            (exactly 0 in the grid, never shot), and only layouts that keep the ships apart count.
    """

    announce: (
        None
        | RulesRequestAnnounceType1
        | RulesRequestAnnounceType2Type1
        | RulesRequestAnnounceType3Type1
        | Unset
    ) = UNSET
    salvo: int | None | Unset = UNSET
    touching: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        announce: None | str | Unset
        if isinstance(self.announce, Unset):
            announce = UNSET
        elif (
            isinstance(self.announce, RulesRequestAnnounceType1)
            or isinstance(self.announce, RulesRequestAnnounceType2Type1)
            or isinstance(self.announce, RulesRequestAnnounceType3Type1)
        ):
            announce = self.announce.value
        else:
            announce = self.announce

        salvo: int | None | Unset
        if isinstance(self.salvo, Unset):
            salvo = UNSET
        else:
            salvo = self.salvo

        touching: bool | None | Unset
        if isinstance(self.touching, Unset):
            touching = UNSET
        else:
            touching = self.touching

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if announce is not UNSET:
            field_dict["announce"] = announce
        if salvo is not UNSET:
            field_dict["salvo"] = salvo
        if touching is not UNSET:
            field_dict["touching"] = touching

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_announce(
            data: object,
        ) -> (
            None
            | RulesRequestAnnounceType1
            | RulesRequestAnnounceType2Type1
            | RulesRequestAnnounceType3Type1
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                announce_type_1 = RulesRequestAnnounceType1(data)

                return announce_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                announce_type_2_type_1 = RulesRequestAnnounceType2Type1(data)

                return announce_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                announce_type_3_type_1 = RulesRequestAnnounceType3Type1(data)

                return announce_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | RulesRequestAnnounceType1
                | RulesRequestAnnounceType2Type1
                | RulesRequestAnnounceType3Type1
                | Unset,
                data,
            )

        announce = _parse_announce(d.pop("announce", UNSET))

        def _parse_salvo(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        salvo = _parse_salvo(d.pop("salvo", UNSET))

        def _parse_touching(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        touching = _parse_touching(d.pop("touching", UNSET))

        rules_request = cls(
            announce=announce,
            salvo=salvo,
            touching=touching,
        )

        return rules_request
