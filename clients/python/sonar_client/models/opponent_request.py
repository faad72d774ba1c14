from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_request import RulesRequest


T = TypeVar("T", bound="OpponentRequest")


@_attrs_define
class OpponentRequest:
    """The board size, the starting fleet, the rules, and the fleets a player hid in past games.

    Example:
        {'cols': 6, 'fleets': [['AAA...', '......', 'B....C', 'B....C', '......', '......'], ['A.....', 'A.....',
            'A....B', '.....B', '......', 'CC....'], ['......', 'B.....', 'B.....', '......', 'C.....', 'C..AAA']], 'rows':
            6, 'rules': {'touching': False}, 'ships': [3, 2, 2]}

    Attributes:
        fleets (list[list[str]]): Up to 200 fleets the player hid in past games, each as `POST /placement` writes a
            board: one string per row, `.` water, each ship's cells its own letter (`A`-`Z`, `a`-`z`, `0`-`9`, `!`, `$`),
            every ship one straight run. Each on the request's board size, of the starting fleet, and under the no-touch
            rules apart (each checked with a 422 naming the fleet, row and column).
        ships (list[int]): Lengths of the ships not yet sunk (duplicates allowed): at least one, at most 64, each
            between 1 and the board's longer side.
        cols (int | None | Unset): Columns of the board, 1 to 26 (default 10).
        rows (int | None | Unset): Rows of the board, 1 to 26 (default 10).
        rules (None | RulesRequest | Unset):
    """

    fleets: list[list[str]]
    ships: list[int]
    cols: int | None | Unset = UNSET
    rows: int | None | Unset = UNSET
    rules: None | RulesRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules_request import RulesRequest

        fleets = []
        for fleets_item_data in self.fleets:
            fleets_item = fleets_item_data

            fleets.append(fleets_item)

        ships = self.ships

        cols: int | None | Unset
        if isinstance(self.cols, Unset):
            cols = UNSET
        else:
            cols = self.cols

        rows: int | None | Unset
        if isinstance(self.rows, Unset):
            rows = UNSET
        else:
            rows = self.rows

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, RulesRequest):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fleets": fleets,
                "ships": ships,
            }
        )
        if cols is not UNSET:
            field_dict["cols"] = cols
        if rows is not UNSET:
            field_dict["rows"] = rows
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rules_request import RulesRequest

        d = dict(src_dict)
        fleets = []
        _fleets = d.pop("fleets")
        for fleets_item_data in _fleets:
            fleets_item = cast(list[str], fleets_item_data)

            fleets.append(fleets_item)

        ships = cast(list[int], d.pop("ships"))

        def _parse_cols(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cols = _parse_cols(d.pop("cols", UNSET))

        def _parse_rows(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rows = _parse_rows(d.pop("rows", UNSET))

        def _parse_rules(data: object) -> None | RulesRequest | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = RulesRequest.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesRequest | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        opponent_request = cls(
            fleets=fleets,
            ships=ships,
            cols=cols,
            rows=rows,
            rules=rules,
        )

        return opponent_request
