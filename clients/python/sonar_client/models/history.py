from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.algorithm import Algorithm
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.history_request import HistoryRequest
    from ..models.opponent_prior import OpponentPrior
    from ..models.power_up_request import PowerUpRequest
    from ..models.rules_request import RulesRequest


T = TypeVar("T", bound="History")


@_attrs_define
class History:
    """The position as a game's log: the fleet and every shot with its answer, read under `rules.announce`.

    Attributes:
        history (HistoryRequest): A game's log, sent instead of `board` and `ships`: the board's size, the starting
            fleet and
            every shot in order with the defender's answer, as `rules.announce` says it. The service
            replays it, checks every answer against the rules and plays the position it implies. Example: {'cols': 10,
            'fleet': [5, 4, 3, 3, 2], 'rows': 10, 'shots': [{'cell': 'C5', 'result': 'miss'}, {'col': 4, 'result': 'hit',
            'row': 3}]}.
        algorithm (Algorithm | None | Unset): Algorithm name (see `GET /algorithms`); the default algorithm, `bayes`,
            when omitted or null.
        arsenal (list[PowerUpRequest] | None | Unset): The power-ups the shooter still holds, at most 16: the answer
            then says what to do this
            turn (`action`: a plain shot or one power-up aimed) and each power-up's best aim
            (`actions`). One shot a turn (`rules.salvo` 1). None when omitted or null.
        budget_ms (int | None | Unset): Compute budget in milliseconds for algorithms whose cost varies (`bayes`):
            within it the
            answer is exact when that is feasible and a sampled estimate otherwise. Above the default
            10, `bayes` also spends it planning ahead (the answer's `plan`). Default 10, at most 1000.
        candidates (int | None | Unset): A hint: list the k best cells (1 to 10) with their grid values, best first, in
            the
            response's `candidates`, as a chess engine's multi-PV does. None when omitted.
        level (int | None | Unset): Strength level, 1 (weakest, about 75 shots a game) to 10 (the algorithm itself, the
            default): below 10 the named algorithm (or the default one) makes plausible mistakes, a
            near-best cell or a slower finish of a wounded ship, never a cell where no ship can be.
            `GET /algorithms` lists each level's measured mean shots.
        opponent (None | OpponentPrior | Unset):
        rules (None | RulesRequest | Unset):
        seed (int | None | Unset): Makes every random choice, tie-breaking included, reproducible, and picks the order
            in which bayes and weighted-density break ties (send one seed per game; each turn still draws afresh, from the
            seed and the number of cells already shot). A random seed whose tie order is row-major is drawn when omitted or
            null; the response reports the seed used.
    """

    history: HistoryRequest
    algorithm: Algorithm | None | Unset = UNSET
    arsenal: list[PowerUpRequest] | None | Unset = UNSET
    budget_ms: int | None | Unset = UNSET
    candidates: int | None | Unset = UNSET
    level: int | None | Unset = UNSET
    opponent: None | OpponentPrior | Unset = UNSET
    rules: None | RulesRequest | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.opponent_prior import OpponentPrior
        from ..models.rules_request import RulesRequest

        history = self.history.to_dict()

        algorithm: None | str | Unset
        if isinstance(self.algorithm, Unset):
            algorithm = UNSET
        elif isinstance(self.algorithm, Algorithm):
            algorithm = self.algorithm.value
        else:
            algorithm = self.algorithm

        arsenal: list[dict[str, Any]] | None | Unset
        if isinstance(self.arsenal, Unset):
            arsenal = UNSET
        elif isinstance(self.arsenal, list):
            arsenal = []
            for arsenal_type_0_item_data in self.arsenal:
                arsenal_type_0_item = arsenal_type_0_item_data.to_dict()
                arsenal.append(arsenal_type_0_item)

        else:
            arsenal = self.arsenal

        budget_ms: int | None | Unset
        if isinstance(self.budget_ms, Unset):
            budget_ms = UNSET
        else:
            budget_ms = self.budget_ms

        candidates: int | None | Unset
        if isinstance(self.candidates, Unset):
            candidates = UNSET
        else:
            candidates = self.candidates

        level: int | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        opponent: dict[str, Any] | None | Unset
        if isinstance(self.opponent, Unset):
            opponent = UNSET
        elif isinstance(self.opponent, OpponentPrior):
            opponent = self.opponent.to_dict()
        else:
            opponent = self.opponent

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, RulesRequest):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "history": history,
            }
        )
        if algorithm is not UNSET:
            field_dict["algorithm"] = algorithm
        if arsenal is not UNSET:
            field_dict["arsenal"] = arsenal
        if budget_ms is not UNSET:
            field_dict["budget_ms"] = budget_ms
        if candidates is not UNSET:
            field_dict["candidates"] = candidates
        if level is not UNSET:
            field_dict["level"] = level
        if opponent is not UNSET:
            field_dict["opponent"] = opponent
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.history_request import HistoryRequest
        from ..models.opponent_prior import OpponentPrior
        from ..models.power_up_request import PowerUpRequest
        from ..models.rules_request import RulesRequest

        d = dict(src_dict)
        history = HistoryRequest.from_dict(d.pop("history"))

        def _parse_algorithm(data: object) -> Algorithm | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                algorithm_type_0 = Algorithm(data)

                return algorithm_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Algorithm | None | Unset, data)

        algorithm = _parse_algorithm(d.pop("algorithm", UNSET))

        def _parse_arsenal(data: object) -> list[PowerUpRequest] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                arsenal_type_0 = []
                _arsenal_type_0 = data
                for arsenal_type_0_item_data in _arsenal_type_0:
                    arsenal_type_0_item = PowerUpRequest.from_dict(
                        arsenal_type_0_item_data
                    )

                    arsenal_type_0.append(arsenal_type_0_item)

                return arsenal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PowerUpRequest] | None | Unset, data)

        arsenal = _parse_arsenal(d.pop("arsenal", UNSET))

        def _parse_budget_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        budget_ms = _parse_budget_ms(d.pop("budget_ms", UNSET))

        def _parse_candidates(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        candidates = _parse_candidates(d.pop("candidates", UNSET))

        def _parse_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_opponent(data: object) -> None | OpponentPrior | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                opponent_type_0 = OpponentPrior.from_dict(data)

                return opponent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpponentPrior | Unset, data)

        opponent = _parse_opponent(d.pop("opponent", UNSET))

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

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        history = cls(
            history=history,
            algorithm=algorithm,
            arsenal=arsenal,
            budget_ms=budget_ms,
            candidates=candidates,
            level=level,
            opponent=opponent,
            rules=rules,
            seed=seed,
        )

        return history
