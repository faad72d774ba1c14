from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.grid_kind import GridKind
from ..models.mode import Mode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.action_answer import ActionAnswer
    from ..models.candidate import Candidate
    from ..models.compute_answer import ComputeAnswer
    from ..models.opponent_echo import OpponentEcho
    from ..models.plan_answer import PlanAnswer
    from ..models.shot import Shot


T = TypeVar("T", bound="RecommendResponse")


@_attrs_define
class RecommendResponse:
    """The recommended shot and the grid the algorithm computed.

    Example:
        {'algorithm': 'density', 'grid': [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0, 0.0, 0.0], [0.16666666666666666, 0.5, 0.9166666666666666, 0.0, 1.0, 0.5833333333333334, 0.25,
            0.08333333333333333, 0.0, 0.0], [0.0, 0.0, 0.0, 0.4166666666666667, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0,
            0.0, 0.3333333333333333, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.16666666666666666, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0], [0.0, 0.0, 0.0, 0.08333333333333333, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
            0.0, 0.0, 0.0]], 'grid_kind': 'score', 'level': 10, 'mode': 'target', 'seed': 42, 'shot': {'col': 4, 'label':
            'C5', 'row': 2}, 'shots': [{'col': 4, 'label': 'C5', 'row': 2}]}

    Attributes:
        algorithm (str): The algorithm that answered.
        grid (list[list[float]]): Same shape as the board; finite values in [0, 1], exactly 0 on every cell that is not
            `.` or `s`.
        grid_kind (GridKind): `probability`: each value is the algorithm's estimate of the chance the cell holds a ship.
            `score`: the algorithm's own preference, scaled so that the best cell is 1.
        level (int): The strength level it played at: the request's `level`, or 10 (full strength).
        mode (Mode): `hunt` when the board has no `x`, else `target`.
        seed (int): The seed every random choice was drawn from (the request's, or a fresh one below 2^53, which a
            JavaScript number holds exactly).
        shot (Shot): A cell, zero-based, with its classic label. Example: {'col': 5, 'label': 'E6', 'row': 4}.
        shots (list[Shot]): The turn's shots, best first: `rules.salvo` distinct `.` cells (fewer only when fewer are
            left), the first of them `shot`. One cell under the default rules.
        action (ActionAnswer | None | Unset):
        actions (list[ActionAnswer] | None | Unset): When the request sent an `arsenal`: the best aim of each power-up
            with uses left, in the
            arsenal's order, with its value.
        candidates (list[Candidate] | None | Unset): When the request asked for `candidates`: that many best `.` cells
            (fewer only when fewer
            are left) with their grid values, best first: the algorithm's own view, `shot` first at
            level 10; below it `shot` is the level's pick and may lie elsewhere.
        compute (ComputeAnswer | None | Unset):
        exact (bool | None | Unset): Algorithms that compute a posterior (`bayes`): whether the grid is the exact
            posterior.
        layouts (None | str | Unset): When exact and every layout counted alike: the number of layouts of the ships
            afloat that
            agree with the board, as a decimal string (it can exceed 2^53). Left out of an exact answer
            under an `opponent` model (its layouts weigh differently) and for a `history` whose
            announcements say more than its board (a sinking the hits explain in several ways).
        mistake (bool | None | Unset): Present when the request asked for a `level` below 10: `true` when `shot` is a
            deliberate
            mistake of the level, a cell the grid values below the algorithm's own choice (which
            `candidates` and the grid still show), or, where `bayes` chose below the grid's top for
            the reason its `why` gives, differently from that choice; `false` when it is as good as
            the algorithm's own shot. Levels below 10 err on purpose.
        opponent (None | OpponentEcho | Unset):
        plan (None | PlanAnswer | Unset):
        samples (int | None | Unset): When estimated: how many sampled layouts the estimate rests on.
        why (None | str | Unset): Present when `shot` is the algorithm's own choice and not a cell of the grid's highest
            value: why it chose otherwise (`bayes` hunting or targeting by the placement count in a
            classic game, or when its `plan` found a better cell).
    """

    algorithm: str
    grid: list[list[float]]
    grid_kind: GridKind
    level: int
    mode: Mode
    seed: int
    shot: Shot
    shots: list[Shot]
    action: ActionAnswer | None | Unset = UNSET
    actions: list[ActionAnswer] | None | Unset = UNSET
    candidates: list[Candidate] | None | Unset = UNSET
    compute: ComputeAnswer | None | Unset = UNSET
    exact: bool | None | Unset = UNSET
    layouts: None | str | Unset = UNSET
    mistake: bool | None | Unset = UNSET
    opponent: None | OpponentEcho | Unset = UNSET
    plan: None | PlanAnswer | Unset = UNSET
    samples: int | None | Unset = UNSET
    why: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.action_answer import ActionAnswer
        from ..models.compute_answer import ComputeAnswer
        from ..models.opponent_echo import OpponentEcho
        from ..models.plan_answer import PlanAnswer

        algorithm = self.algorithm

        grid = []
        for grid_item_data in self.grid:
            grid_item = grid_item_data

            grid.append(grid_item)

        grid_kind = self.grid_kind.value

        level = self.level

        mode = self.mode.value

        seed = self.seed

        shot = self.shot.to_dict()

        shots = []
        for shots_item_data in self.shots:
            shots_item = shots_item_data.to_dict()
            shots.append(shots_item)

        action: dict[str, Any] | None | Unset
        if isinstance(self.action, Unset):
            action = UNSET
        elif isinstance(self.action, ActionAnswer):
            action = self.action.to_dict()
        else:
            action = self.action

        actions: list[dict[str, Any]] | None | Unset
        if isinstance(self.actions, Unset):
            actions = UNSET
        elif isinstance(self.actions, list):
            actions = []
            for actions_type_0_item_data in self.actions:
                actions_type_0_item = actions_type_0_item_data.to_dict()
                actions.append(actions_type_0_item)

        else:
            actions = self.actions

        candidates: list[dict[str, Any]] | None | Unset
        if isinstance(self.candidates, Unset):
            candidates = UNSET
        elif isinstance(self.candidates, list):
            candidates = []
            for candidates_type_0_item_data in self.candidates:
                candidates_type_0_item = candidates_type_0_item_data.to_dict()
                candidates.append(candidates_type_0_item)

        else:
            candidates = self.candidates

        compute: dict[str, Any] | None | Unset
        if isinstance(self.compute, Unset):
            compute = UNSET
        elif isinstance(self.compute, ComputeAnswer):
            compute = self.compute.to_dict()
        else:
            compute = self.compute

        exact: bool | None | Unset
        if isinstance(self.exact, Unset):
            exact = UNSET
        else:
            exact = self.exact

        layouts: None | str | Unset
        if isinstance(self.layouts, Unset):
            layouts = UNSET
        else:
            layouts = self.layouts

        mistake: bool | None | Unset
        if isinstance(self.mistake, Unset):
            mistake = UNSET
        else:
            mistake = self.mistake

        opponent: dict[str, Any] | None | Unset
        if isinstance(self.opponent, Unset):
            opponent = UNSET
        elif isinstance(self.opponent, OpponentEcho):
            opponent = self.opponent.to_dict()
        else:
            opponent = self.opponent

        plan: dict[str, Any] | None | Unset
        if isinstance(self.plan, Unset):
            plan = UNSET
        elif isinstance(self.plan, PlanAnswer):
            plan = self.plan.to_dict()
        else:
            plan = self.plan

        samples: int | None | Unset
        if isinstance(self.samples, Unset):
            samples = UNSET
        else:
            samples = self.samples

        why: None | str | Unset
        if isinstance(self.why, Unset):
            why = UNSET
        else:
            why = self.why

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "algorithm": algorithm,
                "grid": grid,
                "grid_kind": grid_kind,
                "level": level,
                "mode": mode,
                "seed": seed,
                "shot": shot,
                "shots": shots,
            }
        )
        if action is not UNSET:
            field_dict["action"] = action
        if actions is not UNSET:
            field_dict["actions"] = actions
        if candidates is not UNSET:
            field_dict["candidates"] = candidates
        if compute is not UNSET:
            field_dict["compute"] = compute
        if exact is not UNSET:
            field_dict["exact"] = exact
        if layouts is not UNSET:
            field_dict["layouts"] = layouts
        if mistake is not UNSET:
            field_dict["mistake"] = mistake
        if opponent is not UNSET:
            field_dict["opponent"] = opponent
        if plan is not UNSET:
            field_dict["plan"] = plan
        if samples is not UNSET:
            field_dict["samples"] = samples
        if why is not UNSET:
            field_dict["why"] = why

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.action_answer import ActionAnswer
        from ..models.candidate import Candidate
        from ..models.compute_answer import ComputeAnswer
        from ..models.opponent_echo import OpponentEcho
        from ..models.plan_answer import PlanAnswer
        from ..models.shot import Shot

        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        grid = []
        _grid = d.pop("grid")
        for grid_item_data in _grid:
            grid_item = cast(list[float], grid_item_data)

            grid.append(grid_item)

        grid_kind = GridKind(d.pop("grid_kind"))

        level = d.pop("level")

        mode = Mode(d.pop("mode"))

        seed = d.pop("seed")

        shot = Shot.from_dict(d.pop("shot"))

        shots = []
        _shots = d.pop("shots")
        for shots_item_data in _shots:
            shots_item = Shot.from_dict(shots_item_data)

            shots.append(shots_item)

        def _parse_action(data: object) -> ActionAnswer | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                action_type_0 = ActionAnswer.from_dict(data)

                return action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActionAnswer | None | Unset, data)

        action = _parse_action(d.pop("action", UNSET))

        def _parse_actions(data: object) -> list[ActionAnswer] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                actions_type_0 = []
                _actions_type_0 = data
                for actions_type_0_item_data in _actions_type_0:
                    actions_type_0_item = ActionAnswer.from_dict(
                        actions_type_0_item_data
                    )

                    actions_type_0.append(actions_type_0_item)

                return actions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ActionAnswer] | None | Unset, data)

        actions = _parse_actions(d.pop("actions", UNSET))

        def _parse_candidates(data: object) -> list[Candidate] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                candidates_type_0 = []
                _candidates_type_0 = data
                for candidates_type_0_item_data in _candidates_type_0:
                    candidates_type_0_item = Candidate.from_dict(
                        candidates_type_0_item_data
                    )

                    candidates_type_0.append(candidates_type_0_item)

                return candidates_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Candidate] | None | Unset, data)

        candidates = _parse_candidates(d.pop("candidates", UNSET))

        def _parse_compute(data: object) -> ComputeAnswer | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                compute_type_0 = ComputeAnswer.from_dict(data)

                return compute_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComputeAnswer | None | Unset, data)

        compute = _parse_compute(d.pop("compute", UNSET))

        def _parse_exact(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        exact = _parse_exact(d.pop("exact", UNSET))

        def _parse_layouts(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        layouts = _parse_layouts(d.pop("layouts", UNSET))

        def _parse_mistake(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        mistake = _parse_mistake(d.pop("mistake", UNSET))

        def _parse_opponent(data: object) -> None | OpponentEcho | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                opponent_type_0 = OpponentEcho.from_dict(data)

                return opponent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpponentEcho | Unset, data)

        opponent = _parse_opponent(d.pop("opponent", UNSET))

        def _parse_plan(data: object) -> None | PlanAnswer | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                plan_type_0 = PlanAnswer.from_dict(data)

                return plan_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlanAnswer | Unset, data)

        plan = _parse_plan(d.pop("plan", UNSET))

        def _parse_samples(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        samples = _parse_samples(d.pop("samples", UNSET))

        def _parse_why(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        why = _parse_why(d.pop("why", UNSET))

        recommend_response = cls(
            algorithm=algorithm,
            grid=grid,
            grid_kind=grid_kind,
            level=level,
            mode=mode,
            seed=seed,
            shot=shot,
            shots=shots,
            action=action,
            actions=actions,
            candidates=candidates,
            compute=compute,
            exact=exact,
            layouts=layouts,
            mistake=mistake,
            opponent=opponent,
            plan=plan,
            samples=samples,
            why=why,
        )

        recommend_response.additional_properties = d
        return recommend_response

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
