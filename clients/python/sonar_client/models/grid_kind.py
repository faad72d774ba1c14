from enum import StrEnum


class GridKind(StrEnum):
    PROBABILITY = "probability"
    SCORE = "score"

    def __str__(self) -> str:
        return str(self.value)
