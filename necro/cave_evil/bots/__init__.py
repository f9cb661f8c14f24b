"""Computer players for Cave Evil.

The package's modules: :mod:`.digger` (the map game's excavator), :mod:`.knowledge` (what the
heuristic player reads off a position, and its thresholds), :mod:`.plans` (where each squad should
stand by the Evil's plan), :mod:`.steps` (queued steps, fights' attributes, a move's hex) and
:mod:`.heuristic` (the bot itself), :mod:`.scoring` (its own turn: each legal action scored by
the function of its kind, a table that one line extends to a new kind) and :mod:`.powers` (when a
once-per-game power is worth spending).

``random`` picks any legal action. ``digger`` is a busy excavator for the map
game: it goes on with every dig it has, starts one three times in four when it
may, seldom collapses, and otherwise wanders (moves, breakaways) until it ends
its turn, one time in six or when nothing else is left. Random play ends most
turns at once and hardly ever finishes a dig; the digger fills the map, which is
what the chapter's demonstrations, the playout tests and the benchmark's crowded
map want. Neither plays to win.

``heuristic`` plays the full game (option ``game="full"``) to win, with a plan for each of the
five Awakening Evils. It reads only what its player may see: the Evil once its card is turned up,
or when the Pit of Infinite Shadow is the only card shuffled (option ``awakening="pit"``); while
the card lies face down it plays for whatever the shuffle may hold. What it looks at on its turn,
in order (the tiers of :mod:`.scoring`):

1. a win on the spot: the leap into The Pit (the Pit awake since an earlier cycle, and within
   squad N's reach), or kneeling before the sleeping Goat with 27 enemy kill points;
2. fights: when it must (Phase 1), the best odds it has, or the monster hired instead when a fight
   is not nearly sure; when it may, only at good exact odds (:func:`necro.cave_evil.odds.advise`),
   0.85 with squad N in the fight (its loss ends the game for its player), 0.7 without. Two
   exceptions: a squad other than N attacks the awake Emperor at 0.25 (whoever kills him wins, and
   a lost fight costs only that squad), and lower odds against enemy squads and crystals: 0.6 and
   0.5 while the Darkest Evil Bitch is on her way and its player has no enemy kill points (she kills
   a Necromancer without them), 0.5 and 0.25 in her last four spaces; 0.6 and 0.5 once the Goat is
   awake (the last Necromancer standing is the only winner before doom), and 0.5 and 0.25 once doom
   is six spaces off (doom costs everybody the game). Enemy crystals are attacked like squads (a
   crushed crystal kills its Necromancer), except in the Pit race. A Wandering Monster is subdued
   rather than slain when the odds allow, and one beside a squad that can pay for it is hired (a
   creature won with no fight and no Blood Eye step), unless it is a trinket;
   the once-per-game power is spent when it gains clearly: the Rotten Magi's teleport once the Evil
   is awake (or to kneel before the Goat) when it brings squad N several spaces nearer its goal, never
   onto its own crystal; the Psychomancer's blast when it burns an enemy Necromancer, the Statue or
   enemy creatures worth 9 kill points, net of its own; the Ice Dead Sorceress's enthralment on an
   enemy squad of 35 summed attributes or more; the Black Wizard's split in the Pit race. After a
   power no Awakened Evil is walked up to (it could not be fought that turn);
3. what its squads stand on is picked up (the Statue's eyes too), squads beside squad N hand it
   their resources, and every card squad N can pay for is invoked: creatures into squad N unless
   they would slow it (always, when the Bitch or the Emperor is turned up: squad N fights them with
   what it holds, items not counting), else into a squad beside it, a new squad last; items for
   whoever can hold them. While the Bitch comes and its player has no enemy kill points it invokes
   no creature in her last six spaces: each brings her a space nearer (further off it needs them to
   win its first kill points). A new squad is not put on squad N's way home when it carries the
   Statue's eyes. A Black Wizard splits as soon as it may in the Pit
   race (rule ce-power-split), before the Evil wakes;
4. moves, by the Evil's plan:

   - *the Pit of Infinite Shadow*: squad N stays on its Lair until the Blood Eye nears the Awaken
     icon (its walk and three cycles short of it), then waits three spaces from The Pit, and beside
     it once the Evil is awake, keeping away from monsters and enemies it would have to fight; it
     meditates on turns it stays put. The other squads harry the enemy Necromancers, off squad N's
     way to The Pit (a squad of three blocks a tunnel to its own side too);
   - *a card still face down*: squad N as for the Pit; the other squads hunt (below), for kill
     points too when the shuffle holds an Evil that counts them;
   - *the Darkest Evil Bitch*: enemy kill points before she wakes (a player without dies then, and
     each cycle she fights the squad N with the fewest): the other squads hunt every enemy squad and
     crystal they would beat, and squad N joins them while its player has none; otherwise squad N
     stays home, as strong as its cards make it;
   - *the Darkest Statue of Death*: squad N waits by The Pit as for the Pit; once the Statue stands
     there, whichever squad would beat it at good odds goes beside it and attacks; its eyes are
     fetched by a move across The Pit and carried onto the squad's own crystal; an enemy carrying
     them is hunted;
   - *the Eternal Evil Emperor*: the squads other than N gather two spaces from The Pit before he
     rises there and go at him once he does (together they flank him); squad N keeps five spaces
     clear of him unless it and its squads already beside him would have good odds. Naming his prey,
     it names the enemy whose squad N is likeliest to lose to him, the nearer first;
   - *the Evil Black Old Goat*: asleep, squad N goes to kneel beside him once its player has 27 enemy
     kill points, and meanwhile the other squads hunt for them; awake, every squad that has something
     to lose keeps off the hexes his next rampage may pass beside (a D4 picks one of four ways), and
     squad N joins the hunt for the other Necromancers: the last one standing is the only winner
     before doom. Steering him where the hex lines zigzag, it sends him past enemies, away from its
     own squads. Slaying him needs squad N's good odds, which his 15s never give a lone Necromancer.

   When hunting, a squad steps beside its quarry once the squads of its player within four spaces
   would have the odds together (they flank it; a quarry it would beat is no danger to stand beside,
   where before the danger kept every squad away and bots playing each other never fought), and
   waits two spaces off for them otherwise; two
   small squads within six spaces merge, being harder to pick off.

Choices of ours, where the rules leave the play open: the Goat is slain only at squad N's good
odds, though a desperate try before doom would win now and then, because a lost fight costs the
game (-1) where doom costs nobody more than a draw (0); the Emperor is attacked at long odds by the
squads other than N rather than avoided, since each try is a chance to win outright and its loss
gives nobody kill points (the alternative, good odds only, leaves him to the random players' luck);
the hungry thresholds trade a likelier lost fight for not dying when the Bitch wakes.

Everything else is a plain rule: conjure from the Bribe deck (cheap creatures, fewest events)
unless a face-up creature it can pay for is on a discard pile; keep a drawn creature or item it can
pay for, otherwise trade it for the resource its hand lacks most; put spawned and wandering
monsters as far from its Necromancer as it may and near the others', items close; as defender (or
answering for the Bitch) answer with the attribute that leaves the attacker the lowest odds; open a
fight with the attribute of best odds. Ties are broken by the bot's own :class:`~necro.core.Rng`, so
a seeded bot plays the same game again, and it takes a few seconds a game at most. In the map game
it only guards its Lair and fights good odds.
"""

from __future__ import annotations

from necro.core import RandomBot

from .digger import DiggerBot, eager
from .heuristic import HeuristicBot
from .knowledge import (BITCH, BITCH_CLOSE, EMPEROR, GOAT, GOOD, GOOD_N, HUNGRY, HUNGRY_N, PIT, STATUE, SURE, TRY, _chance,
                        _evil_squad, _kind, _power, _squad_power)

__all__ = ["BITCH", "BITCH_CLOSE", "BOTS", "DiggerBot", "EMPEROR", "GOAT", "GOOD", "GOOD_N", "HUNGRY", "HUNGRY_N", "HeuristicBot",
           "PIT", "STATUE", "SURE", "TRY", "eager", "_chance", "_evil_squad", "_kind", "_power", "_squad_power"]

BOTS = {"random": RandomBot, "digger": DiggerBot, "heuristic": HeuristicBot}
