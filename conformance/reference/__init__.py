"""An independent reference of the rules of docs/rules.md, for the conformance kit.

Written from the rule book alone, for clarity rather than speed, and sharing no code with the
service (``service/``), its tests (``tests/``) or the test kit (``testkit/``): the generated
facts of ``conformance/facts/`` take their answers from here, and a test runs every fact
against it.  Standard library only.

- ``cards``: the deck, card codes and notation, values (R-1);
- ``melds``: sets, runs, arrangements and least deadwood, every discard of eleven cards (R-2);
- ``showdown``: the knock (R-5), layoffs (R-6) and a deal's score (R-7);
- ``shuffle``: the documented shuffle ginrules-deal/1 (R-3);
- ``play``: a referee of game logs and the legal actions of a position (R-3, R-4, R-8), perft;
- ``matches``: a game's bookkeeping from its rounds' results, the variants included (R-8, R-9);
- ``presets``: the options, their defaults and the presets (R-10);
- ``answers``: the answer to a fact's question, by topic; ``engine``: the same over the engine
  protocol (JSON Lines), so the reference is an engine the runner can ask.
"""
