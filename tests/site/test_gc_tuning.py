"""The server processes' garbage collector (mhing_site/gc_tuning.py): tuned by default,
as set by MHING_GC_THRESHOLDS, or left as Python has it."""

from __future__ import annotations

import gc

import pytest

from mhing_site import gc_tuning


@pytest.fixture
def collector():
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_a_server_collects_the_young_generation_less_often_and_freezes_what_is_loaded(
    collector, monkeypatch
):
    monkeypatch.delenv("MHING_GC_THRESHOLDS", raising=False)
    gc_tuning.tune_server()
    assert gc.get_threshold() == (20_000, 20, 100)
    assert gc.get_freeze_count() > 0


def test_the_thresholds_can_be_set_or_left_as_python_has_them(collector, monkeypatch):
    monkeypatch.setenv("MHING_GC_THRESHOLDS", "5000,10,10")
    gc_tuning.tune_server()
    assert gc.get_threshold() == (5000, 10, 10)
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    monkeypatch.setenv("MHING_GC_THRESHOLDS", "python")
    gc_tuning.tune_server()
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("setting", ["1,2", "0,10,10", "a,b,c"])
def test_a_wrong_setting_stops_the_server_with_what_is_wrong(setting, monkeypatch):
    monkeypatch.setenv("MHING_GC_THRESHOLDS", setting)
    with pytest.raises(ValueError, match="MHING_GC_THRESHOLDS"):
        gc_tuning.thresholds()
