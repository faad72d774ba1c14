"""Contains all the data models used in inputs/outputs"""

from .action_answer import ActionAnswer
from .algorithm import Algorithm
from .algorithm_entry import AlgorithmEntry
from .anchor import Anchor
from .board import Board
from .candidate import Candidate
from .compute_answer import ComputeAnswer
from .grid_kind import GridKind
from .health import Health
from .history import History
from .history_power_shots import HistoryPowerShots
from .history_request import HistoryRequest
from .history_request_fleet_type_1_item import HistoryRequestFleetType1Item
from .history_reveal import HistoryReveal
from .history_salvo import HistorySalvo
from .history_scan import HistoryScan
from .history_shot import HistoryShot
from .history_sinking import HistorySinking
from .history_strike import HistoryStrike
from .history_torpedo import HistoryTorpedo
from .layouts_from import LayoutsFrom
from .level_entry import LevelEntry
from .level_table import LevelTable
from .mode import Mode
from .observation_request import ObservationRequest
from .openapi_json_response_200 import OpenapiJsonResponse200
from .opponent_echo import OpponentEcho
from .opponent_model import OpponentModel
from .opponent_prior import OpponentPrior
from .opponent_request import OpponentRequest
from .opponent_response import OpponentResponse
from .opponent_summary import OpponentSummary
from .placed_ship import PlacedShip
from .placement_request import PlacementRequest
from .placement_response import PlacementResponse
from .placement_style import PlacementStyle
from .plan_answer import PlanAnswer
from .plan_candidate import PlanCandidate
from .power_up_request import PowerUpRequest
from .problem import Problem
from .recommend_response import RecommendResponse
from .reveal_request import RevealRequest
from .rules_request import RulesRequest
from .rules_request_announce_type_1 import RulesRequestAnnounceType1
from .rules_request_announce_type_2_type_1 import RulesRequestAnnounceType2Type1
from .rules_request_announce_type_3_type_1 import RulesRequestAnnounceType3Type1
from .search_model_answer import SearchModelAnswer
from .search_model_body import SearchModelBody
from .shot import Shot
from .shot_result import ShotResult

__all__ = (
    "ActionAnswer",
    "Algorithm",
    "AlgorithmEntry",
    "Anchor",
    "Board",
    "Candidate",
    "ComputeAnswer",
    "GridKind",
    "Health",
    "History",
    "HistoryPowerShots",
    "HistoryRequest",
    "HistoryRequestFleetType1Item",
    "HistoryReveal",
    "HistorySalvo",
    "HistoryScan",
    "HistoryShot",
    "HistorySinking",
    "HistoryStrike",
    "HistoryTorpedo",
    "LayoutsFrom",
    "LevelEntry",
    "LevelTable",
    "Mode",
    "ObservationRequest",
    "OpenapiJsonResponse200",
    "OpponentEcho",
    "OpponentModel",
    "OpponentPrior",
    "OpponentRequest",
    "OpponentResponse",
    "OpponentSummary",
    "PlacedShip",
    "PlacementRequest",
    "PlacementResponse",
    "PlacementStyle",
    "PlanAnswer",
    "PlanCandidate",
    "PowerUpRequest",
    "Problem",
    "RecommendResponse",
    "RevealRequest",
    "RulesRequest",
    "RulesRequestAnnounceType1",
    "RulesRequestAnnounceType2Type1",
    "RulesRequestAnnounceType3Type1",
    "SearchModelAnswer",
    "SearchModelBody",
    "Shot",
    "ShotResult",
)
