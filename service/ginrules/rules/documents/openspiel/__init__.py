"""Importing a game of OpenSpiel's ``gin_rummy`` as a ginrules-log/1 document (docs/gamelog.md).

OpenSpiel records a deal (its "hand") as one list of action numbers, its chance outcomes (the
cards dealt and drawn) included.  :func:`import_openspiel` reads such a list with the game's
parameters and writes the same deal as a one-round log under the ``openspiel`` preset, ready
to replay.  The deal is played on the engine (``table/engine.py``) as it is read: each action is
translated into the engine's move, or a part of one, and the engine judges it under the
``openspiel`` preset, whose options are OpenSpiel's rules (its wall, R-4.7, its upcard draw
limit, R-4.8, its repeated move, R-4.9, the taken card discarded at once, R-4.3).  An action
refused is an :class:`InvalidImportError` naming its index (``/actions/17``) with a stable
code and the engine's reason and rule.

Only what is OpenSpiel's own is decided here:

- its numbering of cards, melds and actions (``numbering.py``);
- its chance outcomes: the first ten are player 0's hand (``p0``, who acts first), the next
  ten player 1's (``p1``, the dealer), the next the upcard; every later one is the card of a
  stock draw, which the log's draw names (the log has no ``stock``: R-4.5);
- how its actions group into the log's: a knock (55), its discard and the melds laid one at a
  time, then 54, are one ``knock``; the defender's layoffs, 54, its melds, 54 are one
  ``lay_down`` (after gin there is no layoff step); each layoff names the knocker's meld it
  extends (R-6.2; where a card fits two, the first that keeps every later layoff legal); at
  the wall its 55 takes the last discard and knocks, a ``draw`` then the ``knock`` (R-4.7);
- its two quirks (``quirks.py``): its knock on eleven cards, decided from one best meld group
  less its highest-ranked leftover card (the engine's knock check of that one discard), and
  the layoffs it offers (at most two cards past a run's end).

A sequence that stops mid-deal is imported as far as the log can say it: a knock or a stock
draw whose card is not yet known is left out until it is complete, a knock without the
defender's final pass ends the log at the knock (the replay's ``next`` says what may follow).
"""

from __future__ import annotations

from ...errors import InvalidImportError
from .importer import (DEALER, FORMAT, MAX_ACTIONS, PLAYERS, OpenSpielDeal, assign_layoffs,
                       import_openspiel)
from .numbering import (DRAW_STOCK, DRAW_UPCARD, KNOCK, MAX_ACTION, MELD_BASE, NUM_CARDS,
                        NUM_MELDS, PASS, card_name, meld_id, meld_table)
from .params import PARAMS, PRESET, read_params, rules_for
from .quirks import (knock_discard, legal_knock_discards, legal_melds, min_deadwood,
                     offers_layoff, possible_layoffs)

__all__ = ["DEALER", "DRAW_STOCK", "DRAW_UPCARD", "FORMAT", "InvalidImportError", "KNOCK",
           "MAX_ACTION", "MAX_ACTIONS", "MELD_BASE", "NUM_CARDS", "NUM_MELDS", "OpenSpielDeal",
           "PARAMS", "PASS", "PLAYERS", "PRESET", "assign_layoffs", "card_name",
           "import_openspiel", "knock_discard", "legal_knock_discards", "legal_melds",
           "meld_id", "meld_table", "min_deadwood", "offers_layoff", "possible_layoffs",
           "read_params", "rules_for"]
