from enum import StrEnum


class Mode(StrEnum):
    HUNT = "hunt"
    TARGET = "target"

    def __str__(self) -> str:
        return str(self.value)
