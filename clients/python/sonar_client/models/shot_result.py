from enum import StrEnum


class ShotResult(StrEnum):
    HIT = "hit"
    MISS = "miss"
    SUNK = "sunk"

    def __str__(self) -> str:
        return str(self.value)
