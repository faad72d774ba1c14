from enum import StrEnum


class PlacementStyle(StrEnum):
    ADAPTIVE = "adaptive"
    HARD = "hard"
    UNIFORM = "uniform"

    def __str__(self) -> str:
        return str(self.value)
