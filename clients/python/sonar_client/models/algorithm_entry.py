from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.grid_kind import GridKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.level_table import LevelTable


T = TypeVar("T", bound="AlgorithmEntry")


@_attrs_define
class AlgorithmEntry:
    """One algorithm the service offers.

    Example:
        {'default': False, 'grid_kind': 'score', 'history': 'Reads the board the history implies: misses, hits, and the
            cells of sunk ships the announcements prove; a sunk ship of uncertain cells counts as afloat', 'mean_shots':
            45.0202, 'mean_shots_ci95': 0.17969640603859552, 'measured_by': 'sonar simulate --algorithm all --games 10000
            --seed 1 --json > data/strength.jsonl', 'name': 'density', 'no_touch': 'Reads the board with the rule applied to
            its candidate cells: every cell next to a sunk ship or diagonal to a hit is water (never shot, 0 in the grid);
            its own method is unchanged', 'observations': None, 'opponent': None, 'salvo': 'Its own shot first, then the
            open cells of highest grid value, ties broken by the seed', 'source': 'Faiz Ilham Muhammad, "Greedy Algorithm
            and String Matching in Battleship Game Strategy Using Probability Density Matrix", paper, Institut Teknologi
            Bandung, c. 2013', 'summary': 'Greedy probability density: count every placement of each unsunk ship (hunt),
            weight placements through hits by their hit count (target)', 'thinking': None, 'uses_randomness': False}

    Attributes:
        default (bool): Whether requests that name no algorithm get this one.
        grid_kind (GridKind): `probability`: each value is the algorithm's estimate of the chance the cell holds a ship.
            `score`: the algorithm's own preference, scaled so that the best cell is 1.
        history (str): How it reads a game sent as a `history` instead of a board: what of the announcements
            (which ship sank, which ship a hit struck) it uses.
        name (str): The value for `algorithm` in `POST /recommend`.
        no_touch (str): How it plays the no-touch rules (`rules.touching: false`).
        salvo (str): How it fills a salvo of several shots (`rules.salvo`).
        source (str): A citation of the published work it implements (author, title, year, address), or the
            baseline or method it stands for.
        summary (str):
        uses_randomness (bool): Whether it draws random numbers beyond breaking ties between equally good cells.
        levels (LevelTable | None | Unset):
        mean_shots (float | None | Unset): Its measured mean shots to sink the classic fleet on the classic 10x10 board
            (10,000
            simulated games, uniform layouts; the committed table `data/strength.jsonl`, made by
            `sonar simulate --algorithm all --games 10000 --seed 1 --json`): lower is stronger.
        mean_shots_ci95 (float | None | Unset): Half-width of the 95% interval of `mean_shots`.
        measured_by (None | str | Unset): The command that measured `mean_shots`.
        observations (None | str | Unset): What it reads of what a reveal showed (the board's `s` cells, known to hold a
            ship), or
            null when it reads none: it then sees each `s` as a `.` it knows nothing of.
        opponent (None | str | Unset): How it uses the request's `opponent` (a model of the opponent's habits), or null
            when it
            ignores it (it then plays as if every layout were equally likely).
        thinking (None | str | Unset): What it does with a `budget_ms` above the default 10 (thinking time), or null
            when a larger
            budget changes nothing but its precision.
    """

    default: bool
    grid_kind: GridKind
    history: str
    name: str
    no_touch: str
    salvo: str
    source: str
    summary: str
    uses_randomness: bool
    levels: LevelTable | None | Unset = UNSET
    mean_shots: float | None | Unset = UNSET
    mean_shots_ci95: float | None | Unset = UNSET
    measured_by: None | str | Unset = UNSET
    observations: None | str | Unset = UNSET
    opponent: None | str | Unset = UNSET
    thinking: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.level_table import LevelTable

        default = self.default

        grid_kind = self.grid_kind.value

        history = self.history

        name = self.name

        no_touch = self.no_touch

        salvo = self.salvo

        source = self.source

        summary = self.summary

        uses_randomness = self.uses_randomness

        levels: dict[str, Any] | None | Unset
        if isinstance(self.levels, Unset):
            levels = UNSET
        elif isinstance(self.levels, LevelTable):
            levels = self.levels.to_dict()
        else:
            levels = self.levels

        mean_shots: float | None | Unset
        if isinstance(self.mean_shots, Unset):
            mean_shots = UNSET
        else:
            mean_shots = self.mean_shots

        mean_shots_ci95: float | None | Unset
        if isinstance(self.mean_shots_ci95, Unset):
            mean_shots_ci95 = UNSET
        else:
            mean_shots_ci95 = self.mean_shots_ci95

        measured_by: None | str | Unset
        if isinstance(self.measured_by, Unset):
            measured_by = UNSET
        else:
            measured_by = self.measured_by

        observations: None | str | Unset
        if isinstance(self.observations, Unset):
            observations = UNSET
        else:
            observations = self.observations

        opponent: None | str | Unset
        if isinstance(self.opponent, Unset):
            opponent = UNSET
        else:
            opponent = self.opponent

        thinking: None | str | Unset
        if isinstance(self.thinking, Unset):
            thinking = UNSET
        else:
            thinking = self.thinking

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "default": default,
                "grid_kind": grid_kind,
                "history": history,
                "name": name,
                "no_touch": no_touch,
                "salvo": salvo,
                "source": source,
                "summary": summary,
                "uses_randomness": uses_randomness,
            }
        )
        if levels is not UNSET:
            field_dict["levels"] = levels
        if mean_shots is not UNSET:
            field_dict["mean_shots"] = mean_shots
        if mean_shots_ci95 is not UNSET:
            field_dict["mean_shots_ci95"] = mean_shots_ci95
        if measured_by is not UNSET:
            field_dict["measured_by"] = measured_by
        if observations is not UNSET:
            field_dict["observations"] = observations
        if opponent is not UNSET:
            field_dict["opponent"] = opponent
        if thinking is not UNSET:
            field_dict["thinking"] = thinking

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.level_table import LevelTable

        d = dict(src_dict)
        default = d.pop("default")

        grid_kind = GridKind(d.pop("grid_kind"))

        history = d.pop("history")

        name = d.pop("name")

        no_touch = d.pop("no_touch")

        salvo = d.pop("salvo")

        source = d.pop("source")

        summary = d.pop("summary")

        uses_randomness = d.pop("uses_randomness")

        def _parse_levels(data: object) -> LevelTable | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                levels_type_0 = LevelTable.from_dict(data)

                return levels_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LevelTable | None | Unset, data)

        levels = _parse_levels(d.pop("levels", UNSET))

        def _parse_mean_shots(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_shots = _parse_mean_shots(d.pop("mean_shots", UNSET))

        def _parse_mean_shots_ci95(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_shots_ci95 = _parse_mean_shots_ci95(d.pop("mean_shots_ci95", UNSET))

        def _parse_measured_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        measured_by = _parse_measured_by(d.pop("measured_by", UNSET))

        def _parse_observations(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observations = _parse_observations(d.pop("observations", UNSET))

        def _parse_opponent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        opponent = _parse_opponent(d.pop("opponent", UNSET))

        def _parse_thinking(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thinking = _parse_thinking(d.pop("thinking", UNSET))

        algorithm_entry = cls(
            default=default,
            grid_kind=grid_kind,
            history=history,
            name=name,
            no_touch=no_touch,
            salvo=salvo,
            source=source,
            summary=summary,
            uses_randomness=uses_randomness,
            levels=levels,
            mean_shots=mean_shots,
            mean_shots_ci95=mean_shots_ci95,
            measured_by=measured_by,
            observations=observations,
            opponent=opponent,
            thinking=thinking,
        )

        algorithm_entry.additional_properties = d
        return algorithm_entry

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
