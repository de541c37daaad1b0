"""Reports of a conformance run: text for people, JUnit XML for CI.

A run's results are ``Result`` values, whatever was checked (this service's API or another
engine): a name, a topic, the rule ids, a status (``passed``, ``failed`` or ``not
implemented``), the lines that explain a failure and the time taken.  The text report lists
each failure, then the counts by topic (and, for an engine, by rule), and ends with one line
``N passed, N failed`` (``, N not implemented`` when any was), which scripts read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO
from xml.sax.saxutils import escape, quoteattr

PASSED, FAILED, NOT_IMPLEMENTED = "passed", "failed", "not implemented"
STATUSES = (PASSED, FAILED, NOT_IMPLEMENTED)


@dataclass(frozen=True)
class Result:
    """One case or fact of a run, as reports show it."""

    topic: str
    description: str
    case_id: str | None
    rules: tuple[str, ...]
    status: str
    lines: tuple[str, ...]
    seconds: float

    @property
    def name(self) -> str:
        return f"{self.topic}: {self.description}"


def counts(results: Iterable[Result], key: str) -> dict[str, Counter[str]]:
    """The statuses counted by topic (``key="topic"``) or by rule (``key="rule"``)."""
    table: dict[str, Counter[str]] = {}
    for result in results:
        groups = result.rules if key == "rule" else (result.topic,)
        for group in groups or ("(none)",):
            table.setdefault(group, Counter())[result.status] += 1
    return table


def _rule_order(rule: str) -> tuple[int, ...]:
    return tuple(int(n) for n in rule[2:].split(".")) if rule.startswith("R-") else (999,)


def summary_line(results: list[Result]) -> str:
    """``N passed, N failed`` and, when any was, ``, N not implemented``."""
    tally = Counter(result.status for result in results)
    line = f"{tally[PASSED]} passed, {tally[FAILED]} failed"
    return line + (f", {tally[NOT_IMPLEMENTED]} not implemented"
                   if tally[NOT_IMPLEMENTED] else "")


def _table(title: str, table: dict[str, Counter[str]], order: list[str], out: TextIO) -> None:
    width = max([len(title)] + [len(name) for name in order])
    print(f"{title:<{width}}  passed  failed  not implemented", file=out)
    for name in order:
        row = table[name]
        print(f"{name:<{width}}  {row[PASSED]:>6}  {row[FAILED]:>6}  {row[NOT_IMPLEMENTED]:>15}",
              file=out)


def text(results: list[Result], out: TextIO, *, by_rule: bool = False,
         topics: Iterable[str] = ()) -> None:
    """Each failure with what differed, the counts by topic (and by rule), the summary."""
    for result in results:
        if result.status == FAILED:
            label = f" ({result.case_id})" if result.case_id else ""
            rules = f" [{', '.join(result.rules)}]" if result.rules else ""
            print(f"FAIL {result.name}{label}{rules}", file=out)
            for line in result.lines:
                print(f"     {line}", file=out)
    by_topic = counts(results, "topic")
    known = [t for t in topics if t in by_topic]
    _table("topic", by_topic, known + sorted(set(by_topic) - set(known)), out)
    if by_rule:
        by_rules = counts(results, "rule")
        print(file=out)
        _table("rule", by_rules, sorted(by_rules, key=_rule_order), out)
    print(summary_line(results), file=out)


def junit_xml(results: list[Result], suite: str = "ginrules-conformance") -> str:
    """A JUnit XML report: one test case per case or fact, ``skipped`` where not
    implemented."""
    failed = sum(r.status == FAILED for r in results)
    skipped = sum(r.status == NOT_IMPLEMENTED for r in results)
    total = sum(r.seconds for r in results)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<testsuite name={quoteattr(suite)} tests="{len(results)}" failures="{failed}" '
             f'skipped="{skipped}" time="{total:.3f}">']
    for result in results:
        rules = f" [{', '.join(result.rules)}]" if result.rules else ""
        head = (f'  <testcase classname={quoteattr("conformance." + result.topic)} '
                f'name={quoteattr(result.description + rules)} time="{result.seconds:.4f}"')
        if result.status == PASSED:
            lines.append(head + "/>")
        elif result.status == NOT_IMPLEMENTED:
            reason = "; ".join(line for line in result.lines if line)
            lines += [head + ">", f"    <skipped message={quoteattr('not implemented: ' + reason)}"
                                  "/>", "  </testcase>"]
        else:
            message = "; ".join(result.lines)
            lines += [head + ">", f"    <failure message={quoteattr(message[:500])}>"
                                  f"{escape(message)}</failure>", "  </testcase>"]
    lines.append("</testsuite>")
    return "\n".join(lines) + "\n"
