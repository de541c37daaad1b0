"""Fit the hint's calibration map (hints.CALIBRATION) for one opponent model.

Reads the predictions ``ginrules calibrate --predictions FILE`` wrote (JSON Lines, each with
the playouts' own numbers ``playout_win`` and ``playout_points`` and the round's outcome) and
prints the numbers of the map:

- ``a, b``: a logistic regression of the round won on ``logit(w)``, where ``w`` is the share of
  playouts won kept off 0 and 1 by half a playout (as hints.calibrated does);
- ``c, d``: a least-squares line of the round's points on the playouts' mean points;
- with ``--stock``, also ``e``, ``f`` and ``g``: each regression takes the cards left in the
  stock ``s`` as a term (``e * s`` on the log-odds, ``f * s`` on the points), and the logistic
  one the product ``g * s * logit(w)`` too, a slope that changes with the stock.  The stock is
  the same for every option of a decision, so these terms change no order while the slope
  ``b + g * s`` stays positive (the tool refuses a fit where it does not, from 0 to 31 cards);
  they let one map serve decisions early and late in a round, where the playouts' own numbers
  say more or less of what happens;
- with ``--slopes B D``, only the offsets ``a`` and ``c``, the slopes kept at ``b = B`` and
  ``d = D``: where a slope is loose and its offset is not, as against the random bot, whose
  rounds are nearly all won and whose playouts' points vary little from one decision to the
  next.
- with ``--keep MODEL FAMILY``, today's map of that model and family of rules
  (``hints.CALIBRATION``) kept whole but for the points' offset ``c``, which is moved by the mean
  gap between the round's points and the mapped ones: where a map's chances hold and its points
  read off by a constant, as when the playouts' opponents changed and the advisor's play did
  not, and the runs at hand are of one kind of option only (a full refit on options shown alone
  can lose what the map learned from the first options).

A fit needs rounds both won and lost: where every round of the predictions was won (or every
one lost), no chance map follows from them, and the tool says so.

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

from ginrules.rules.base.sizes import STOCK_SIZE
from ginrules.rules.players.calibration import calibration_error
from ginrules.rules.players.hints import (CALIBRATION, CalibrationMap, chance_slope, mapped_chance,
                                          mapped_points, playouts_logit)


def load(paths: list[str]) -> list[dict]:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            rows += [json.loads(line) for line in handle if line.strip()]
    return [r for r in rows if r.get("playout_win") is not None]


def logit_share(row: dict) -> float:
    return playouts_logit(row["playout_win"], row["samples"])


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting, for the fits' small systems."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if not rows[pivot][col]:
            raise SystemExit("the predictions do not vary enough to fit every term")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                k = rows[r][col] / rows[col][col]
                rows[r] = [x - k * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _with_stock(values: list[float], row: dict, stock: bool) -> list[float]:
    return values + [float(row["stock"])] if stock else values


def fit_logistic(rows: list[dict], stock: bool = False,
                 slope: float | None = None) -> tuple[float, ...]:
    """Newton's method, each step halved until the log-likelihood does not fall, on won ~ a +
    b * logit(w) (+ e * stock + g * stock * logit(w)): ``(a, b)``, or ``(a, b, e, g)`` with
    ``stock``; given a ``slope``, b is that and only a is fitted."""
    if slope is not None:
        xs = [[1.0] for _ in rows]
        fixed = [slope * logit_share(row) for row in rows]
    else:
        xs = [_with_stock([1.0, logit_share(row)], row, stock) for row in rows]
        fixed = [0.0] * len(rows)
    if stock:  # the slope's term, the stock times the log-odds
        xs = [x + [x[2] * x[1]] for x in xs]
    wons = [float(row["won"]) for row in rows]

    def likelihood(beta: list[float]) -> float:
        total = 0.0
        for x, z0, won in zip(xs, fixed, wons):
            z = z0 + sum(bi * xi for bi, xi in zip(beta, x))
            # log(1 + exp(z)), written so that neither sign overflows
            total += won * z - (max(z, 0.0) + math.log1p(math.exp(-abs(z))))
        return total

    beta = [0.0] if slope is not None else [0.0, 1.0] + [0.0, 0.0] * stock
    best = likelihood(beta)
    for _ in range(100):
        k = len(beta)
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, z0, won in zip(xs, fixed, wons):
            z = z0 + sum(bi * xi for bi, xi in zip(beta, x))
            q = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            r, w = q - won, q * (1 - q)
            for i in range(k):
                grad[i] += r * x[i]
                for j in range(k):
                    hess[i][j] += w * x[i] * x[j]
        step = _solve(hess, grad)
        for _ in range(30):
            trial = [bi - si for bi, si in zip(beta, step)]
            value = likelihood(trial)
            if value >= best:
                break
            step = [si / 2 for si in step]
        beta, best = trial, max(best, value)
        if sum(abs(si) for si in step) < 1e-10:
            break
    return (beta[0], slope) if slope is not None else tuple(beta)


def fit_line(rows: list[dict], stock: bool = False,
             slope: float | None = None) -> tuple[float, ...]:
    """Least squares of the round's points ~ c + d * the playouts' mean points (+ f * stock):
    ``(c, d)``, or ``(c, d, f)`` with ``stock``; given a ``slope``, d is that and c the mean of
    the points less it times the playouts' points."""
    if slope is not None:
        return (sum(row["points"] - slope * row["playout_points"] for row in rows) / len(rows),
                slope)
    xs = [_with_stock([1.0, row["playout_points"]], row, stock) for row in rows]
    k = len(xs[0])
    gram = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    moment = [sum(x[i] * row["points"] for x, row in zip(xs, rows)) for i in range(k)]
    return tuple(_solve(gram, moment))


def kept_with_offset(rows: list[dict], model: str, family: str) -> CalibrationMap:
    """Today's map of ``model`` and ``family``, its points' offset moved so that its mean
    mapped points over ``rows`` are their mean points."""
    try:
        kept = CALIBRATION[model][family]
    except KeyError:
        raise SystemExit(f"--keep: no map for {model} {family} (models: "
                         f"{', '.join(CALIBRATION)}; families: "
                         f"{', '.join(next(iter(CALIBRATION.values())))})") from None
    gap = sum(row["points"] - mapped_points(kept, row["playout_points"], row.get("stock", 0))
              for row in rows) / len(rows)
    return kept._replace(c=kept.c + gap)


def ece(rows: list[dict], chance) -> float:
    return calibration_error([(chance(row), row["won"]) for row in rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="predictions to fit (JSON Lines)")
    parser.add_argument("--test", nargs="*", default=[], help="predictions to judge the fit on")
    parser.add_argument("--stock", action="store_true",
                        help="fit the terms in the cards left in the stock too (e, f and g)")
    parser.add_argument("--slopes", nargs=2, type=float, metavar=("B", "D"),
                        help="keep the slopes b and d at these and fit the offsets a and c only")
    parser.add_argument("--keep", nargs=2, metavar=("MODEL", "FAMILY"),
                        help="keep hints.CALIBRATION[MODEL][FAMILY] and fit its points' "
                             "offset c only")
    args = parser.parse_args()
    rows, tests = load(args.files), load(args.test)
    if args.keep and (args.stock or args.slopes):
        raise SystemExit("--keep fits the offset c of a kept map: not with --stock or --slopes")
    if not rows:
        raise SystemExit("no predictions with playout_win in those files")
    if args.stock and any(row.get("stock") is None for row in rows + tests):
        raise SystemExit("--stock: a prediction without the stock")
    if args.stock and args.slopes:
        raise SystemExit("--stock and --slopes: the slopes kept are a map's without the stock")
    if len({bool(row["won"]) for row in rows}) < 2:
        raise SystemExit(f"every round of the {len(rows)} predictions was "
                         f"{'won' if rows[0]['won'] else 'lost'}: no map of the chances "
                         f"follows from them")
    if args.keep:
        line = kept_with_offset(rows, *args.keep)
    else:
        b_kept, d_kept = args.slopes or (None, None)
        a, b, *eg = fit_logistic(rows, args.stock, b_kept)
        c, d, *f = fit_line(rows, args.stock, d_kept)
        line = CalibrationMap(a, b, c, d, *eg[:1], *f, *eg[1:])
    # positive at both ends of the stock (R-3.1: 31 cards after the deal), so at every stock
    if min(chance_slope(line, 0), chance_slope(line, STOCK_SIZE)) <= 0:
        raise SystemExit(f"the fitted slope on the playouts' log-odds is not positive at every "
                         f"stock (b={line.b:.4f}, g={line.g:.4f}): the map would change orders")
    terms = f" e={line.e:.4f} f={line.f:.4f} g={line.g:.4f}" if args.stock or args.keep else ""
    terms += " (b and d kept)" if args.slopes else ""
    terms += f" (all but c kept from {args.keep[0]} {args.keep[1]})" if args.keep else ""
    print(f"fitted on {len(rows)} predictions: a={line.a:.4f} b={line.b:.4f} c={line.c:.4f} "
          f"d={line.d:.4f}{terms}")

    def mapped(row: dict) -> float:
        return mapped_chance(line, row["playout_win"], row["samples"], row.get("stock", 0))

    def points(row: dict) -> float:
        return mapped_points(line, row["playout_points"], row.get("stock", 0))

    for name, everything in (("fit", rows), ("test", tests)):
        for part, judged in _parts(name, everything):
            _judge(part, judged, mapped, points)


def _parts(name: str, rows: list[dict]) -> list[tuple[str, list[dict]]]:
    """The rows, and where they say their option's rank (calibrate since the field was added),
    the first options among them and the others apart: the first option is the best-reading
    one, so a map can fit the others and not it."""
    parts = [(name, rows)]
    if rows and all(r.get("rank") for r in rows):
        parts += [(f"{name}, first options", [r for r in rows if r["rank"] == 1]),
                  (f"{name}, the others", [r for r in rows if r["rank"] > 1])]
    return [(part, judged) for part, judged in parts if judged]


def _judge(name: str, judged: list[dict], mapped: Callable[[dict], float],
           points: Callable[[dict], float]) -> None:
    """One line: the ECE and the mean points, raw and mapped, beside what happened."""
    raw_points = sum(r["playout_points"] for r in judged) / len(judged)
    mean_mapped = sum(points(r) for r in judged) / len(judged)
    real = sum(r["points"] for r in judged) / len(judged)
    raw_ece = ece(judged, lambda r: r["playout_win"])
    print(f"{name}: {len(judged)} predictions; ECE {raw_ece:.4f} raw, "
          f"{ece(judged, mapped):.4f} mapped; points {raw_points:+.2f} raw, "
          f"{mean_mapped:+.2f} mapped, {real:+.2f} realised")


if __name__ == "__main__":
    main()
