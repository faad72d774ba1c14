from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """An error response body (RFC 9457 problem details).

    Example:
        {'col': 3, 'detail': "board[2][3] (cell C4): invalid character 'X'; expected one of '.', 'o', 'x', '#', '^',
            's'", 'field': 'board', 'row': 2, 'status': 422, 'title': 'Invalid board', 'type': 'urn:sonar:problem:invalid-
            board'}

    Attributes:
        detail (str): What is wrong, naming the field, row and column at fault.
        status (int):
        title (str):
        type_ (str): A URN naming the kind of problem, e.g. `urn:sonar:problem:invalid-board`.
        col (int | None | Unset): Zero-based column at fault, when the problem is about one cell.
        field (None | str | Unset): The request field at fault, when there is one.
        row (int | None | Unset): Zero-based row at fault, when the problem is about one row or cell.
        shot (int | None | Unset): For a `history`: the zero-based shot within that turn, when the problem is about one
            shot;
            for `searches` (`POST /placement`), the zero-based shot within the search `field` names.
        turn (int | None | Unset): For a `history`: the zero-based turn at fault (the index in `history.shots` or
            `history.salvoes`), when the problem is about one turn.
    """

    detail: str
    status: int
    title: str
    type_: str
    col: int | None | Unset = UNSET
    field: None | str | Unset = UNSET
    row: int | None | Unset = UNSET
    shot: int | None | Unset = UNSET
    turn: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        col: int | None | Unset
        if isinstance(self.col, Unset):
            col = UNSET
        else:
            col = self.col

        field: None | str | Unset
        if isinstance(self.field, Unset):
            field = UNSET
        else:
            field = self.field

        row: int | None | Unset
        if isinstance(self.row, Unset):
            row = UNSET
        else:
            row = self.row

        shot: int | None | Unset
        if isinstance(self.shot, Unset):
            shot = UNSET
        else:
            shot = self.shot

        turn: int | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        else:
            turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "detail": detail,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if col is not UNSET:
            field_dict["col"] = col
        if field is not UNSET:
            field_dict["field"] = field
        if row is not UNSET:
            field_dict["row"] = row
        if shot is not UNSET:
            field_dict["shot"] = shot
        if turn is not UNSET:
            field_dict["turn"] = turn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        def _parse_col(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        col = _parse_col(d.pop("col", UNSET))

        def _parse_field(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        field = _parse_field(d.pop("field", UNSET))

        def _parse_row(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        row = _parse_row(d.pop("row", UNSET))

        def _parse_shot(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        shot = _parse_shot(d.pop("shot", UNSET))

        def _parse_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))

        problem = cls(
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            col=col,
            field=field,
            row=row,
            shot=shot,
            turn=turn,
        )

        problem.additional_properties = d
        return problem

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
