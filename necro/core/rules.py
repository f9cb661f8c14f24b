"""Rule ids: the thread between the engine's log and the book's text.

Every rule (and every ruling this book makes where a rule text is silent) has a
stable id such as ``gs-move-stack``. Log entries name the rule that made them
happen; the chapter that teaches the rule carries a MyST label with the same
id, so a widget can say "because of rule X" and link straight to it. Ids use
only lowercase letters, digits and hyphens because Sphinx turns labels into
HTML anchors that way, and we want the id and the anchor to be the same text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")

KINDS = ("rule", "ruling", "variant", "core")


@dataclass(frozen=True)
class Rule:
    """One rule of a game, summarised in the book's own words.

    kind: ``rule`` (stated by the rule text), ``ruling`` (decided by this
    book where the text is silent or unclear), ``variant`` (an optional rule
    players may switch on), ``core`` (the engine contract itself).
    """

    id: str
    title: str
    summary: str = ""
    kind: str = "rule"

    def __post_init__(self):
        if not _ID.match(self.id):
            raise ValueError(f"rule id {self.id!r} must be lowercase words joined by hyphens")
        if self.kind not in KINDS:
            raise ValueError(f"rule {self.id}: kind must be one of {KINDS}")


class RuleBook:
    """The rules of one game, in teaching order, with the chapter that explains them."""

    def __init__(self, game_id: str, chapter: str, rules: list[Rule], pages: dict[str, str] | None = None):
        self.game_id = game_id
        self.chapter = chapter  # document path in the book, e.g. "book/graveyard-shift/index"
        # rule id or id prefix -> the page of the chapter that teaches those rules (default: ``chapter``)
        self.pages = dict(pages or {})
        self._rules: dict[str, Rule] = {}
        for rule in list(CORE_RULES) + list(rules):
            if rule.id in self._rules and rule.kind != "core":
                raise ValueError(f"duplicate rule id {rule.id}")
            self._rules[rule.id] = rule
        unknown = sorted(k for k in self.pages if not any(r.id.startswith(k) for r in self.own()))
        if unknown:
            raise ValueError(f"pages name no rule of {game_id}: {unknown}")

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self._rules

    def __iter__(self):
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def own(self) -> list[Rule]:
        """This game's rules, without the shared core ones."""
        return [r for r in self._rules.values() if r.kind != "core"]

    def href(self, rule_id: str) -> str:
        """Link to the rule's section, relative to the book's root."""
        if rule_id not in self._rules:
            raise KeyError(rule_id)
        return f"{self.page(rule_id)}.html#{rule_id}"

    def page(self, rule_id: str) -> str:
        """The document that teaches ``rule_id``: the longest matching prefix in ``pages``, else the chapter."""
        if self._rules[rule_id].kind == "core":
            return CORE_CHAPTER
        prefixes = [p for p in self.pages if rule_id.startswith(p)]
        return self.pages[max(prefixes, key=len)] if prefixes else self.chapter


def taught_on(pages: dict[str, Iterable[str]]) -> dict[str, str]:
    """``{page: rule ids it teaches}``, the way a chapter lists its pages, as RuleBook's
    ``pages`` argument (``{rule id: page}``)."""
    out: dict[str, str] = {}
    for page, ids in pages.items():
        for rule_id in ids:
            if rule_id in out:
                raise ValueError(f"{rule_id} is taught on two pages: {out[rule_id]} and {page}")
            out[rule_id] = page
    return out


CORE_CHAPTER = "book/intro"

# Rules of the contract itself, shared by every game: why an action can be
# refused before any game rule is even consulted.
CORE_RULES = (
    Rule("core-turn", "Whose decision it is", "Only the player (or chance) named as deciding now may act.", "core"),
    Rule("core-legal", "Legal actions", "An action must be one of the legal actions listed for the position.", "core"),
    Rule("core-notation", "Action notation", "Actions are written in each game's notation; unknown text is refused.", "core"),
    Rule("core-end", "The game is over", "No action is possible once the game has ended.", "core"),
    Rule("core-chance", "Chance", "Dice, shuffles and draws are decided by chance: seeded, forced or enumerated.", "core"),
)
