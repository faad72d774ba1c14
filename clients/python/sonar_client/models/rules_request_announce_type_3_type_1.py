from enum import StrEnum


class RulesRequestAnnounceType3Type1(StrEnum):
    HIT = "hit"
    NONE = "none"
    SUNK = "sunk"
    SUNK_CELLS = "sunk-cells"

    def __str__(self) -> str:
        return str(self.value)
