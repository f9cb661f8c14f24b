"""necro: rules engines for an interactive rulebook of necromancer games.

The engines are pure Python and import nothing from Jupyter, so bots, tests,
the command line and the book's widgets all drive the same objects.
"""

__version__ = "0.1.0"
