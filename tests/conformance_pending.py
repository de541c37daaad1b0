"""Rules whose capability has not landed yet, so the conformance corpus has no case for them.

The variants issue (Hollywood, box, cutthroat, partnership) brings these; the coverage test
fails once a case for one of them exists, so this list only ever shrinks.
"""

PENDING_RULES = ("R-9.1", "R-9.2", "R-9.3", "R-9.4")
