from enum import StrEnum


class RulesRequestAnnounceType1(StrEnum):
    HIT = "hit"
    NONE = "none"
    SUNK = "sunk"
    SUNK_CELLS = "sunk-cells"

    def __str__(self) -> str:
        return str(self.value)
