"""Records that write their own ``__init__`` take exactly their dataclass's fields.

A frozen dataclass the core builds for every deal (a score, its terms, a knock check, a replayed
deal's record, a playout's outcome) writes its own ``__init__``: compiled, that sets the fields
natively, where the one ``@dataclass`` generates runs as Python (docs/performance.md, 'Records
built natively').  The fields are then written twice, once as fields and once as parameters;
these tests hold the two equal for every such record of the core, found by walking its modules.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pytest

import ginrules.rules


def _own_init_records() -> list[type]:
    found = {}
    for module_info in pkgutil.walk_packages(ginrules.rules.__path__, "ginrules.rules."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and dataclasses.is_dataclass(value)
                    and value.__module__ == module.__name__
                    and not value.__dataclass_params__.init):  # type: ignore[attr-defined]
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


RECORDS = _own_init_records()


def _source_init(record: type) -> None:
    """Skip where the ``__init__`` is compiled: it keeps no signature and checks its arguments'
    types; the pure build's run of these tests checks the source both builds are made from."""
    if not inspect.isfunction(record.__init__):
        pytest.skip("a compiled __init__: the pure build checks its source")


def test_the_core_has_records_with_their_own_init():
    assert len(RECORDS) >= 1


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.__qualname__)
def test_an_own_init_takes_the_fields_in_order_with_their_defaults(record):
    _source_init(record)
    fields = [field for field in dataclasses.fields(record) if field.init]
    parameters = list(inspect.signature(record.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, field in zip(parameters, fields):
        assert parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        default = field.default
        expected = inspect.Parameter.empty if default is dataclasses.MISSING else default
        assert parameter.default == expected, field.name


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.__qualname__)
def test_an_own_init_sets_each_field_to_its_argument_and_the_record_stays_frozen(record):
    _source_init(record)
    fields = [field for field in dataclasses.fields(record) if field.init]
    values = {field.name: object() for field in fields}
    made = record(**values)
    assert all(getattr(made, name) is value for name, value in values.items())
    assert made == record(*values.values())
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, fields[0].name, None)
    changed = dataclasses.replace(made, **{fields[0].name: None})
    assert getattr(changed, fields[0].name) is None
