from enum import StrEnum


class LayoutsFrom(StrEnum):
    EVERY = "every"
    EXACT = "exact"
    RESAMPLED = "resampled"

    def __str__(self) -> str:
        return str(self.value)
