"""A meld prints as the call that makes it, and that call makes the same meld (R-2.7 included)."""

from __future__ import annotations

import pytest

from ginrules.rules.base.melds import Meld, every_meld


@pytest.mark.parametrize("round_the_corner", [False, True])
def test_r2_7_every_meld_pastes_back_from_its_repr(round_the_corner):
    melds = every_meld(round_the_corner=round_the_corner)
    assert any(meld.wraps for meld in melds) == round_the_corner
    for meld in melds:
        assert eval(repr(meld), {"Meld": Meld}) == meld, repr(meld)


def test_r2_7_a_run_past_the_king_names_the_option_it_needs():
    run = Meld.of("QS KS AS", round_the_corner=True)
    assert repr(run) == "Meld.of('QS KS AS', round_the_corner=True)"
    assert repr(Meld.of("AS 2S 3S")) == "Meld.of('AS 2S 3S')"
