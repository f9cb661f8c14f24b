"""One player's board: survivors and zombies in two zones, and who is in
contact with whom.

A figure is a small mutable list ``[id, kind, wounds, zone]`` (kind ``H``
Hero, ``S`` survivor, ``Z`` zombie; zone ``F`` Front Line or ``S`` Support),
kept as lists rather than objects so a board copies in microseconds: the
search policies copy boards thousands of times per night. Contact is a list
of ``[survivor id, zombie id]`` pairs, because who touches whom decides who
fights and who can be wounded.
"""

from __future__ import annotations

FRONT, SUPPORT = "F", "S"
ZONES = (FRONT, SUPPORT)
OTHER = {FRONT: SUPPORT, SUPPORT: FRONT}
ZONE_NAMES = {FRONT: "Front Line", SUPPORT: "Support"}


def fig_name(fig) -> str:
    """Notation of a figure: ``s4`` for a survivor (or Hero), ``z7`` for a zombie."""
    return ("z" if fig[1] == "Z" else "s") + str(fig[0])


class Board:
    __slots__ = ("figs", "nxt", "pairs", "eng0", "stance", "chargers", "turned", "out")

    def __init__(self):
        self.figs: list[list] = []
        self.nxt = 1
        self.pairs: list[list[int]] = []
        self.eng0: set[int] = set()
        self.stance: str | None = None  # "stand" or "charge" during a battle
        self.chargers: list[int] = []
        self.turned = 0
        self.out: list | None = None  # [hour, reason] once the player's night is over

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.figs = [f[:] for f in self.figs]
        b.nxt = self.nxt
        b.pairs = [p[:] for p in self.pairs]
        b.eng0 = set(self.eng0)
        b.stance = self.stance
        b.chargers = list(self.chargers)
        b.turned = self.turned
        b.out = None if self.out is None else list(self.out)
        return b

    # -- queries
    def fig(self, fid: int):
        for f in self.figs:
            if f[0] == fid:
                return f
        return None

    # these four run hundreds of times a night: one loop per case, so no figure tests the zone
    # argument again, and plain loops, which beat any() on a generator
    def survivors(self, zone: str | None = None) -> list:
        if zone is None:
            return [f for f in self.figs if f[1] != "Z"]
        return [f for f in self.figs if f[3] == zone and f[1] != "Z"]

    def zombies(self, zone: str | None = None) -> list:
        if zone is None:
            return [f for f in self.figs if f[1] == "Z"]
        return [f for f in self.figs if f[3] == zone and f[1] == "Z"]

    def has_survivors(self, zone: str | None = None) -> bool:
        if zone is None:
            for f in self.figs:
                if f[1] != "Z":
                    return True
            return False
        for f in self.figs:
            if f[3] == zone and f[1] != "Z":
                return True
        return False

    def has_zombies(self, zone: str | None = None) -> bool:
        if zone is None:
            for f in self.figs:
                if f[1] == "Z":
                    return True
            return False
        for f in self.figs:
            if f[3] == zone and f[1] == "Z":
                return True
        return False

    def heroes(self) -> list:
        return [f for f in self.figs if f[1] == "H"]

    def front_count(self) -> int:
        return len([f for f in self.figs if f[1] != "Z" and f[3] == FRONT])

    def engaged(self) -> set[int]:
        return {i for p in self.pairs for i in p}

    def attackers(self, zid: int) -> int:
        return len([p for p in self.pairs if p[1] == zid])

    def zombies_on(self, sid: int) -> int:
        return len([p for p in self.pairs if p[0] == sid])

    # -- changes
    def add(self, kind: str, zone: str) -> list:
        fig = [self.nxt, kind, 0, zone]
        self.nxt += 1
        self.figs.append(fig)
        return fig

    def remove(self, fid: int) -> None:
        self.figs = [f for f in self.figs if f[0] != fid]
        self.pairs = [p for p in self.pairs if fid not in p]

    def to_json(self) -> dict:
        return {"figs": [f[:] for f in self.figs], "next": self.nxt, "pairs": [p[:] for p in self.pairs],
                "engaged": sorted(self.eng0), "stance": self.stance, "chargers": list(self.chargers),
                "turned": self.turned, "out": None if self.out is None else list(self.out)}
