from enum import StrEnum


class Algorithm(StrEnum):
    BAYES = "bayes"
    CHECKERBOARD = "checkerboard"
    DENSITY = "density"
    DENSITY_FLOOD = "density-flood"
    LONGEST_RUN = "longest-run"
    MIDDLEMOST = "middlemost"
    RANDOM = "random"
    RANDOM_FLOOD = "random-flood"
    STRAFING = "strafing"
    WEIGHTED_DENSITY = "weighted-density"

    def __str__(self) -> str:
        return str(self.value)
