from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.placement_style import PlacementStyle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.placed_ship import PlacedShip
    from ..models.search_model_answer import SearchModelAnswer


T = TypeVar("T", bound="PlacementResponse")


@_attrs_define
class PlacementResponse:
    """A layout of the whole fleet.

    Example:
        {'board': ['..A...D...', '..A...D.E.', '..A.....E.', '..A...G...', '....H.....', '..........', '..BBB.C...',
            '......C...', '......C.I.', 'J.FF......'], 'seed': 42, 'ships': [{'cells': [{'col': 2, 'label': 'A3', 'row': 0},
            {'col': 2, 'label': 'B3', 'row': 1}, {'col': 2, 'label': 'C3', 'row': 2}, {'col': 2, 'label': 'D3', 'row': 3}],
            'horizontal': False, 'length': 4, 'letter': 'A'}, {'cells': [{'col': 2, 'label': 'G3', 'row': 6}, {'col': 3,
            'label': 'G4', 'row': 6}, {'col': 4, 'label': 'G5', 'row': 6}], 'horizontal': True, 'length': 3, 'letter': 'B'},
            {'cells': [{'col': 6, 'label': 'G7', 'row': 6}, {'col': 6, 'label': 'H7', 'row': 7}, {'col': 6, 'label': 'I7',
            'row': 8}], 'horizontal': False, 'length': 3, 'letter': 'C'}, {'cells': [{'col': 6, 'label': 'A7', 'row': 0},
            {'col': 6, 'label': 'B7', 'row': 1}], 'horizontal': False, 'length': 2, 'letter': 'D'}, {'cells': [{'col': 8,
            'label': 'B9', 'row': 1}, {'col': 8, 'label': 'C9', 'row': 2}], 'horizontal': False, 'length': 2, 'letter':
            'E'}, {'cells': [{'col': 2, 'label': 'J3', 'row': 9}, {'col': 3, 'label': 'J4', 'row': 9}], 'horizontal': True,
            'length': 2, 'letter': 'F'}, {'cells': [{'col': 6, 'label': 'D7', 'row': 3}], 'horizontal': True, 'length': 1,
            'letter': 'G'}, {'cells': [{'col': 4, 'label': 'E5', 'row': 4}], 'horizontal': True, 'length': 1, 'letter':
            'H'}, {'cells': [{'col': 8, 'label': 'I9', 'row': 8}], 'horizontal': True, 'length': 1, 'letter': 'I'},
            {'cells': [{'col': 0, 'label': 'J1', 'row': 9}], 'horizontal': True, 'length': 1, 'letter': 'J'}], 'style':
            'uniform'}

    Attributes:
        board (list[str]): One string per row: `.` water, `^` an island, and each ship's cells its own letter (`A`-`Z`,
            then `a`-`z`, then `0`-`9`, `!` and `$`), longest ship first.
        seed (int): The seed every random choice was drawn from (the request's, or a fresh one below 2^53, which a
            JavaScript number holds exactly).
        ships (list[PlacedShip]): The ships, longest first, in the order of their letters.
        style (PlacementStyle): How the layout is chosen.
        search_model (None | SearchModelAnswer | Unset):
    """

    board: list[str]
    seed: int
    ships: list[PlacedShip]
    style: PlacementStyle
    search_model: None | SearchModelAnswer | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.search_model_answer import SearchModelAnswer

        board = self.board

        seed = self.seed

        ships = []
        for ships_item_data in self.ships:
            ships_item = ships_item_data.to_dict()
            ships.append(ships_item)

        style = self.style.value

        search_model: dict[str, Any] | None | Unset
        if isinstance(self.search_model, Unset):
            search_model = UNSET
        elif isinstance(self.search_model, SearchModelAnswer):
            search_model = self.search_model.to_dict()
        else:
            search_model = self.search_model

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "board": board,
                "seed": seed,
                "ships": ships,
                "style": style,
            }
        )
        if search_model is not UNSET:
            field_dict["search_model"] = search_model

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.placed_ship import PlacedShip
        from ..models.search_model_answer import SearchModelAnswer

        d = dict(src_dict)
        board = cast(list[str], d.pop("board"))

        seed = d.pop("seed")

        ships = []
        _ships = d.pop("ships")
        for ships_item_data in _ships:
            ships_item = PlacedShip.from_dict(ships_item_data)

            ships.append(ships_item)

        style = PlacementStyle(d.pop("style"))

        def _parse_search_model(data: object) -> None | SearchModelAnswer | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                search_model_type_0 = SearchModelAnswer.from_dict(data)

                return search_model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchModelAnswer | Unset, data)

        search_model = _parse_search_model(d.pop("search_model", UNSET))

        placement_response = cls(
            board=board,
            seed=seed,
            ships=ships,
            style=style,
            search_model=search_model,
        )

        placement_response.additional_properties = d
        return placement_response

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
