"""Edit mode for Night of the Shambling Dead: figures, wounds and the hour; an edit restarts the hour.

What a reader sets up is each player's board: survivors (the Hero among them)
and zombies in the Front Line or in Support, and which survivors are wounded,
plus the hour of the night. A figure can be moved to the other zone or taken
off the board, and a zone can take a new survivor, Hero or zombie: the game
itself adds figures (reinforcements, assaults) and takes them away, so the
loader counts no fixed set of them, only its limits (the Front Line holds at
most ``front_cap`` survivors, a figure has at most one wound).

A position in this game almost always waits in the middle of an hour: a card
or die for some step of the event, a battle half fought, a queue of steps
still to run. Those steps were made for the board as it was (who is in
contact, who charged, whose wound is being dealt), so an edit cannot keep
them honestly. Every edit therefore drops the pending task and queue (and
the battle marks: contacts, stance, chargers; every player is back in the
night) and restarts the hour at one of its steps, by default the step under
way. Whose turn and the phase are that one control, "Start the hour at":
the event fixes the order of an hour's steps (each player's assault card,
then each player's battle, ...), so choosing the step chooses both, and the
engine then plays on from there exactly as the rules narrate. Starting at
the first step draws the hour's event again (with the shuffled events) and
runs it whole; starting at a battle fights the boards as they were set up.
Players whose boards are empty drop out again at once, by the rules.
The decks are not editable: their order is the night's hidden chance.
"""

from __future__ import annotations

from necro.core.edit import Control, Editor

from .board import ZONE_NAMES, ZONES
from .tables import HOURS

STEP_NAMES = {"gauntlet": "{}'s gauntlet roll", "assault": "{}'s zombie assault card",
              "replace": "{}'s Replacement card", "dissent": "{}'s dissention card",
              "within": "{}'s enemy within cards", "battle": "{}'s battle", "guard": "{}'s Guard cards",
              "reorder": "{}'s reordering"}
OFF = "off"
"""Destination of a figure taken off the board."""
KIND_NAMES = {"H": "Hero", "S": "survivor", "Z": "zombie"}


def zone_id(p: int, zone: str) -> str:
    return f"zone.{p}.{zone}"


def fig_id(p: int, fid: int) -> str:
    return f"fig.{p}.{fid}"


def fig_label(fig) -> str:
    prefix = "z" if fig[1] == "Z" else "s"
    wounded = ", wounded" if fig[2] and fig[1] != "Z" else ""
    return f"{KIND_NAMES[fig[1]]} {prefix}{fig[0]}{wounded}"


class ShamblingDeadEditor(Editor):
    def elements(self):
        found = []
        for p, board in enumerate(self.position["boards"]):
            for zone in ZONES:
                found.append((zone_id(p, zone), f"player {p + 1}'s {ZONE_NAMES[zone]}"))
                found += [(fig_id(p, f[0]), f"player {p + 1}'s {fig_label(f)} in the {ZONE_NAMES[zone]}")
                          for f in board["figs"] if f[3] == zone]
        return found

    def controls(self):
        pos = self.position
        found = [Control("hour", "Hour of the night (an edit replays it from its first step)",
                         max(pos["hour"], 1), tuple((h, f"hour {h}" + (" (dawn)" if h == HOURS else ""))
                                                    for h in range(1, HOURS + 1)), group="Night")]
        steps = self.steps()
        if len(steps) > 1:
            found.append(Control("step", "Start the hour at (whose turn, which phase)", self.current_step(),
                                 tuple((i, STEP_NAMES[step[0]].format(f"player {step[1] + 1}"))
                                       for i, step in enumerate(steps)), group="Night"))
        for p, board in enumerate(pos["boards"]):
            group = f"Player {p + 1}"
            for zone in ZONES:
                found.append(Control(f"add.{p}.{zone}", f"Add to player {p + 1}'s {ZONE_NAMES[zone]}", "",
                                     (("", "(nothing)"), ("S", "a survivor"), ("H", "a Hero"), ("Z", "a zombie")),
                                     on=zone_id(p, zone), group=group))
                for f in board["figs"]:
                    if f[3] != zone:
                        continue
                    on = fig_id(p, f[0])
                    found.append(Control(f"place.{p}.{f[0]}", f"Put {fig_label(f)} in", zone_id(p, zone),
                                         tuple((zone_id(p, z), f"the {ZONE_NAMES[z]}") for z in ZONES)
                                         + ((OFF, "off the board"),), on=on, target=True, group=group))
                    if f[1] != "Z":
                        found.append(Control(f"wounds.{p}.{f[0]}", f"Wounds of {fig_label(f)}", f[2],
                                             ((0, "unhurt"), (1, "wounded (one more kills)")),
                                             on=on, group=group))
        return found

    def event(self) -> int | None:
        """The event of the hour shown (None while it is still to be drawn from the shuffled events)."""
        hour, events = max(self.position["hour"], 1), self.position["events"]
        if self.state.game.options["narration"] == "track" or hour == HOURS:
            return hour
        return events[hour - 1] if len(events) >= hour else None

    def steps(self) -> list[tuple]:
        """The hour's steps for every player, in the event's order (the end of the hour left out);
        empty while the hour's event is still to be drawn."""
        hour, events = max(self.position["hour"], 1), self.position["events"]
        event = self.event()
        if event is None:
            return []
        scratch = self.state.copy()  # the engine lays the steps out; only its queue is read
        scratch.queue, scratch.events = [], list(events[:hour - 1])
        for board in scratch.boards:
            board.out = None
        scratch._start_event(event)
        return [step for step in scratch.queue if step[0] != "endturn"]

    def current_step(self) -> int:
        """Index of the step under way: the hour's steps still queued are the queue's tail."""
        pos = self.position
        steps = [list(step) for step in self.steps()] + [["endturn"]]
        if pos["hour"] == 0 or pos["over"]:
            return 0
        queue = pos["queue"]
        left = 0
        while left < min(len(queue), len(steps)) and queue[len(queue) - left - 1] == steps[-left - 1]:
            left += 1
        return min(max(len(steps) - left - 1, 0), len(steps) - 2)

    def change(self, position, control, value):
        head, _, rest = control.partition(".")
        hour = max(position["hour"], 1)
        step = self.current_step() if self.steps() else 0
        if head == "hour":
            hour, step = value, 0
        elif head == "step":
            step = value
        elif head in ("add", "place", "wounds"):
            p, key = rest.split(".")
            board = position["boards"][int(p)]
            if head == "add":
                if value:
                    board["figs"].append([board["next"], value, 0, key])
                    board["next"] += 1
            else:
                fig = next(f for f in board["figs"] if f[0] == int(key))
                if head == "wounds":
                    fig[2] = value
                elif value == OFF:
                    board["figs"].remove(fig)
                else:
                    fig[3] = value.rpartition(".")[2]
        else:
            raise KeyError(control)
        restart_hour(position, hour, self.state.game.options["narration"])
        if step:  # the hour's event already out: straight to that step
            position.update(hour=hour, events=position["events"] + [self.event()],
                            queue=[list(s) for s in self.steps()[step:]] + [["endturn"]])
        return position


def restart_hour(position: dict, hour: int, narration: str) -> None:
    """Set ``position`` just before hour ``hour`` begins: the engine then plays that hour from its start."""
    events = position["events"][:hour - 1]
    if narration == "track":
        events = list(range(1, hour))
    else:  # the shuffled events: keep those already drawn, fill in unused ones for hours skipped
        spare = [e for e in range(1, HOURS) if e not in events]
        events = events + spare[:hour - 1 - len(events)]
    position.update(hour=hour - 1, events=events, queue=[["turn"]], task=None, over=False)
    for board in position["boards"]:
        board.update(pairs=[], engaged=[], stance=None, chargers=[], turned=0, out=None)

