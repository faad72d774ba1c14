from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.placement_style import PlacementStyle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_request import RulesRequest
    from ..models.search_model_body import SearchModelBody


T = TypeVar("T", bound="PlacementRequest")


@_attrs_define
class PlacementRequest:
    """The board size and fleet to place, the rules, and an optional seed.

    Example:
        {'cols': 10, 'rows': 10, 'rules': {'touching': False}, 'seed': 42, 'ships': [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]}

    Attributes:
        ships (list[int]): Lengths of the ships not yet sunk (duplicates allowed): at least one, at most 64, each
            between 1 and the board's longer side.
        blocked (list[str] | None | Unset): The sea's islands, as labels (`["D4", "D5"]`): no ship is placed on them
            (ships may lie beside them), in every style. Default: none.
        cols (int | None | Unset): Columns of the board, 1 to 26 (default 10).
        rows (int | None | Unset): Rows of the board, 1 to 26 (default 10).
        rules (None | RulesRequest | Unset):
        search_model (None | SearchModelBody | Unset):
        searches (list[list[str]] | None | Unset): Up to 200 searches the player made of the computer's waters in past
            games, each the shots in order, each shot its cell and the answer: `o` a miss, `x` a hit, `#` and the ship's
            length a sinking (`E5o`, `C3x`, `C5#3`). Each on the request's board size, no cell twice, no longer than the
            board (each checked with a 422 naming the search in `field` and the shot in `shot`).
        seed (int | None | Unset): Makes the layout reproducible: the same request and seed give the same layout. A
            random seed is drawn when omitted or null; the response reports the seed used.
        style (None | PlacementStyle | Unset):
    """

    ships: list[int]
    blocked: list[str] | None | Unset = UNSET
    cols: int | None | Unset = UNSET
    rows: int | None | Unset = UNSET
    rules: None | RulesRequest | Unset = UNSET
    search_model: None | SearchModelBody | Unset = UNSET
    searches: list[list[str]] | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    style: None | PlacementStyle | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules_request import RulesRequest
        from ..models.search_model_body import SearchModelBody

        ships = self.ships

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

        search_model: dict[str, Any] | None | Unset
        if isinstance(self.search_model, Unset):
            search_model = UNSET
        elif isinstance(self.search_model, SearchModelBody):
            search_model = self.search_model.to_dict()
        else:
            search_model = self.search_model

        searches: list[list[str]] | None | Unset
        if isinstance(self.searches, Unset):
            searches = UNSET
        elif isinstance(self.searches, list):
            searches = []
            for searches_type_0_item_data in self.searches:
                searches_type_0_item = searches_type_0_item_data

                searches.append(searches_type_0_item)

        else:
            searches = self.searches

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        style: None | str | Unset
        if isinstance(self.style, Unset):
            style = UNSET
        elif isinstance(self.style, PlacementStyle):
            style = self.style.value
        else:
            style = self.style

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ships": ships,
            }
        )
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if cols is not UNSET:
            field_dict["cols"] = cols
        if rows is not UNSET:
            field_dict["rows"] = rows
        if rules is not UNSET:
            field_dict["rules"] = rules
        if search_model is not UNSET:
            field_dict["search_model"] = search_model
        if searches is not UNSET:
            field_dict["searches"] = searches
        if seed is not UNSET:
            field_dict["seed"] = seed
        if style is not UNSET:
            field_dict["style"] = style

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rules_request import RulesRequest
        from ..models.search_model_body import SearchModelBody

        d = dict(src_dict)
        ships = cast(list[int], d.pop("ships"))

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

        def _parse_search_model(data: object) -> None | SearchModelBody | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                search_model_type_0 = SearchModelBody.from_dict(data)

                return search_model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchModelBody | Unset, data)

        search_model = _parse_search_model(d.pop("search_model", UNSET))

        def _parse_searches(data: object) -> list[list[str]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                searches_type_0 = []
                _searches_type_0 = data
                for searches_type_0_item_data in _searches_type_0:
                    searches_type_0_item = cast(list[str], searches_type_0_item_data)

                    searches_type_0.append(searches_type_0_item)

                return searches_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None | Unset, data)

        searches = _parse_searches(d.pop("searches", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_style(data: object) -> None | PlacementStyle | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                style_type_0 = PlacementStyle(data)

                return style_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlacementStyle | Unset, data)

        style = _parse_style(d.pop("style", UNSET))

        placement_request = cls(
            ships=ships,
            blocked=blocked,
            cols=cols,
            rows=rows,
            rules=rules,
            search_model=search_model,
            searches=searches,
            seed=seed,
            style=style,
        )

        return placement_request
