from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reveal_request import RevealRequest


T = TypeVar("T", bound="HistoryReveal")


@_attrs_define
class HistoryReveal:
    """A turn spent on a reveal, in a history's `shots` or `salvoes`: which cells of an area hold a
    ship, without damaging them.

        Example:
            {'reveal': {'cells': ['D4', 'D5', 'E4', 'E5'], 'ships': ['D5']}}

        Attributes:
            reveal (RevealRequest): What a reveal showed: its cells, and the ones among them that hold a ship (the rest are
                water).
    """

    reveal: RevealRequest

    def to_dict(self) -> dict[str, Any]:
        reveal = self.reveal.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reveal": reveal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reveal_request import RevealRequest

        d = dict(src_dict)
        reveal = RevealRequest.from_dict(d.pop("reveal"))

        history_reveal = cls(
            reveal=reveal,
        )

        return history_reveal
