"""Documents clients send whole.  A game log, a deal request and a match's facts are read by
their readers in the rules core (docs/gamelog.md), which name every fault of form and of meaning;
the import request (an OpenSpiel game in its envelope: ``format``, ``actions``, ``params``) is
read here.  No marshmallow and no Flask: ``ginrules replay`` and ``ginrules import`` read
exactly as the endpoints do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.documents.openspiel import FORMAT as OPENSPIEL, MAX_ACTIONS, import_openspiel
from ..rules.errors import did_you_mean
from ..rules.usecases.replay import replay
from .problems import ApiProblem, FieldError, json_pointer
from .replies import dump_log, dump_replay

IMPORT_FORMATS = (OPENSPIEL,)
"""The formats ``POST /v1/games/import`` reads."""
_IMPORT_FIELDS = ("format", "actions", "params")


def replay_reply(document: Any) -> dict[str, Any]:
    """The reply of ``POST /v1/games/replay`` to a parsed log (``ginrules replay``'s too): the
    replay, and with ``echo_log`` the log as read.  A log the reader refuses raises its core
    fault (:func:`.faults.problem_of` says its status)."""
    result = replay(document)
    body = dump_replay(result)
    if result.log is not None and result.log.echo_log:
        body["log"] = dump_log(document, result.log)
    return body


def import_document(document: Any) -> dict[str, Any]:
    """The log of an import request (``format``, ``actions``, ``params``: the body of ``POST
    /v1/games/import``): the 400 problem of a request of bad form, or the core's
    :class:`~..rules.errors.InvalidImportError` naming the first action it cannot import."""
    actions, params = read_import_request(document)
    return import_openspiel(actions, params)


def read_import_request(document: Any) -> tuple[list[int], dict[str, Any] | None]:
    """The action numbers and parameters of an import request, or the 400 problem naming
    every fault of its form: a known format, a list of at most MAX_ACTIONS integers, an
    object of parameters, no other field."""
    if not isinstance(document, Mapping):
        raise ApiProblem(400, "invalid_request", "the request body must be a JSON object",
                         [FieldError("", "wrong_type", "expected a JSON object")])
    errors = [FieldError(json_pointer((name,)), "unknown_field",
                         f"unknown field {name[:40]!r}{did_you_mean(name, _IMPORT_FIELDS)}; "
                         f"the fields are {', '.join(_IMPORT_FIELDS)}")
              for name in document if name not in _IMPORT_FIELDS][:100]
    fmt = document.get("format")
    if fmt is None:
        errors.append(FieldError("/format", "required",
                                 f"format is required: one of {', '.join(IMPORT_FORMATS)}"))
    elif fmt not in IMPORT_FORMATS:
        errors.append(FieldError("/format", "invalid_value",
                                 f"format is one of {', '.join(IMPORT_FORMATS)}"))
    actions = document.get("actions")
    if actions is None:
        errors.append(FieldError("/actions", "required", "actions is required: a list of "
                                 "OpenSpiel's action numbers"))
    elif not isinstance(actions, list):
        errors.append(FieldError("/actions", "wrong_type",
                                 "actions is a list of OpenSpiel's action numbers"))
    elif len(actions) > MAX_ACTIONS:
        detail = f"an import holds at most {MAX_ACTIONS} actions, got {len(actions)}"
        raise ApiProblem(400, "too_many_actions", detail,
                         [FieldError("/actions", "too_many_actions", detail)])
    else:
        errors += [FieldError(f"/actions/{index}", "invalid_value",
                              "an action is an integer (an OpenSpiel action number)")
                   for index, action in enumerate(actions)
                   if not isinstance(action, int) or isinstance(action, bool)][:100]
    params = document.get("params")
    if "params" in document and not (isinstance(params, Mapping)
                                     and all(isinstance(key, str) for key in params)):
        errors.append(FieldError("/params", "wrong_type",
                                 "params is an object of OpenSpiel's gin_rummy parameters"))
    if errors:
        detail = "; ".join(f"{e.pointer}: {e.detail}" for e in errors[:5])
        raise ApiProblem(400, "invalid_request", detail, errors)
    assert isinstance(actions, list)  # else a fault was recorded
    return actions, None if params is None else dict(params)
