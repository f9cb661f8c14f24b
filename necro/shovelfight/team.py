"""One player's side of a Shovelfight game: the wizard, its hit boxes, the zombies, the figures.

Shared by the state (:mod:`necro.shovelfight.state`) and the loader
(:mod:`necro.shovelfight.load`), which builds the teams of a position it reads.
"""

START_BOXES = 5
TEAM_SIZE = 8
CAUSES = ("shovel", "zombie", "blast", "worms", "fell")
"""How a wizard can die (``Team.cause``)."""


class Team:
    """One player's pieces and index card: wizard grave, boxes, zombies, stick figures."""

    __slots__ = ("wizard", "boxes", "hits", "zombies", "lids", "pants", "figures", "out", "cause")

    def __init__(self, wizard=None, boxes=START_BOXES, hits=0, zombies=(), lids=0, pants=0,
                 figures=0, out=None, cause=None):
        self.wizard = wizard          # grave name, or None once dead
        self.boxes = boxes            # hit boxes drawn
        self.hits = hits              # boxes checked
        self.zombies = sorted(zombies)  # grave of each zombie on the board (a multiset)
        self.lids = lids              # unfinished top halves
        self.pants = pants            # unfinished bottom halves
        self.figures = figures        # completed stick figures
        self.out = out                # the death moment (see State.moment), None while alive
        self.cause = cause            # how the wizard died

    def to_json(self) -> dict:
        return {"wizard": self.wizard, "boxes": self.boxes, "hits": self.hits,
                "zombies": list(self.zombies), "lids": self.lids, "pants": self.pants,
                "figures": self.figures, "out": self.out, "cause": self.cause}

    def copy(self) -> "Team":
        t = Team.__new__(Team)
        t.wizard, t.boxes, t.hits, t.zombies = self.wizard, self.boxes, self.hits, list(self.zombies)
        t.lids, t.pants, t.figures, t.out, t.cause = self.lids, self.pants, self.figures, self.out, self.cause
        return t

    @property
    def left(self) -> int:
        """Unchecked hit boxes."""
        return self.boxes - self.hits if self.wizard is not None else 0
