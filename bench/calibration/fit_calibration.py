"""Fit the hint's calibration map (hints.CALIBRATION) for one opponent model.

Reads the predictions ``ginrules calibrate --predictions FILE`` wrote (JSON Lines, each with
the playouts' own numbers ``playout_win`` and ``playout_points`` and the round's outcome) and
prints the four numbers of the map:

- ``a, b``: a logistic regression of the round won on ``logit(w)``, where ``w`` is the share of
  playouts won kept off 0 and 1 by half a playout (as hints.calibrated does);
- ``c, d``: a least-squares line of the round's points on the playouts' mean points.

It also prints the expected calibration error before and after, on the files given with
``--test`` when there are any (fit on some seeds, judge on others)::

    ginrules calibrate --bots advisor,simple --games 40 --seed 101 --predictions a.jsonl
    ginrules calibrate --bots advisor,simple --games 40 --seed 201 --predictions b.jsonl
    python bench/calibration/fit_calibration.py a.jsonl --test b.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable

from ginrules.rules.players.calibration import calibration_error
from ginrules.rules.players.hints import playouts_logit


def load(paths: list[str]) -> list[dict]:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            rows += [json.loads(line) for line in handle if line.strip()]
    return [r for r in rows if r.get("playout_win") is not None]


def logit_share(row: dict) -> float:
    return playouts_logit(row["playout_win"], row["samples"])


def fit_logistic(rows: list[dict]) -> tuple[float, float]:
    """Newton's method on the log-likelihood of won ~ a + b * logit(w)."""
    a, b = 0.0, 1.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for row in rows:
            x = logit_share(row)
            q = 1 / (1 + math.exp(-(a + b * x)))
            r = q - row["won"]
            ga += r
            gb += r * x
            w = q * (1 - q)
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b


def fit_line(rows: list[dict]) -> tuple[float, float]:
    xs = [r["playout_points"] for r in rows]
    ys = [r["points"] for r in rows]
    n = len(rows)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    d = sxy / sxx if sxx else 1.0
    return my - d * mx, d


def ece(rows: list[dict], chance) -> float:
    return calibration_error([(chance(row), row["won"]) for row in rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="predictions to fit (JSON Lines)")
    parser.add_argument("--test", nargs="*", default=[], help="predictions to judge the fit on")
    args = parser.parse_args()
    rows = load(args.files)
    if not rows:
        raise SystemExit("no predictions with playout_win in those files")
    a, b = fit_logistic(rows)
    c, d = fit_line(rows)
    print(f"fitted on {len(rows)} predictions: a={a:.4f} b={b:.4f} c={c:.4f} d={d:.4f}")

    def mapped(row: dict) -> float:
        return 1 / (1 + math.exp(-(a + b * logit_share(row))))

    for name, everything in (("fit", rows), ("test", load(args.test))):
        for part, judged in _parts(name, everything):
            _judge(part, judged, mapped, c, d)


def _parts(name: str, rows: list[dict]) -> list[tuple[str, list[dict]]]:
    """The rows, and where they say their option's rank (calibrate since the field was added),
    the first options among them and the others apart: the first option is the best-reading
    one, so a map can fit the others and not it."""
    parts = [(name, rows)]
    if rows and all(r.get("rank") for r in rows):
        parts += [(f"{name}, first options", [r for r in rows if r["rank"] == 1]),
                  (f"{name}, the others", [r for r in rows if r["rank"] > 1])]
    return [(part, judged) for part, judged in parts if judged]


def _judge(name: str, judged: list[dict], mapped: Callable[[dict], float], c: float,
           d: float) -> None:
    """One line: the ECE and the mean points, raw and mapped, beside what happened."""
    raw_points = sum(r["playout_points"] for r in judged) / len(judged)
    mapped_points = sum(c + d * r["playout_points"] for r in judged) / len(judged)
    real = sum(r["points"] for r in judged) / len(judged)
    raw_ece = ece(judged, lambda r: r["playout_win"])
    print(f"{name}: {len(judged)} predictions; ECE {raw_ece:.4f} raw, "
          f"{ece(judged, mapped):.4f} mapped; points {raw_points:+.2f} raw, "
          f"{mapped_points:+.2f} mapped, {real:+.2f} realised")


if __name__ == "__main__":
    main()
