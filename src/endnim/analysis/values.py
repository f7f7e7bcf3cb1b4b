"""The value of a partizan position, a sum or a comparison, as every front-end shows it: the
JSON object of ``endnim value --json``, which ``/api/value`` and the page's value card give too
(one module below both, so the page does not depend on the command line).

The fields: the canonical form (Unicode and CGSuite ASCII), outcome, birthday, both stops,
whether it is a number, mean and temperature (exact dyadic strings, "3/2", "-1"), the
thermograph's walls (:mod:`endnim.cgt.thermograph`), the reduced canonical form, and the
atomic weight where the game is all-small (else ``null`` and a note, never an error). A sum
lists each summand's value, mean and temperature and names the hottest one: where a player
should look first (means add, Siegel Thm II.5.16; temperatures do not).

>>> from endnim.cgt import parse
>>> v = value_fields(["G"], parse("{3|-1}") + parse("^"), None)
>>> v["value_ascii"], v["atomic_weight"], v["mean"], v["temperature"], v["reduced"]
('{3^|-1^}', None, '1', '2', '{3|-1}')
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from endnim.errors import EndNimError

__all__ = [
    "Value",
    "cgsuite_expression",
    "comparison_fields",
    "evaluate",
    "hottest",
    "parse_sum",
    "split_comparison",
    "split_game_sum",
    "summand_fields",
    "thermal_fields",
    "value_fields",
    "work_of",
]


def parse_sum(text: str, rules: Any = None) -> list[Any]:
    """The summands of ``3 1 2 + 2 2`` (each a position in any notation ``analyze`` reads,
    or in ``rules``' own notation when a rule set is given).

    >>> parse_sum("3 1 2 + 2^2")
    [Position(3, 1, 2), Position(2, 2)]
    """
    from endnim.position import as_position

    if not text.strip():
        raise EndNimError("no position given: e.g. 'endnim value 3 1 2' or 'endnim value 2 1 + 3'")
    summands = []
    for number, part in enumerate(text.split("+"), start=1):
        if not part.strip():
            raise EndNimError(f"summand {number} of {text.strip()!r} is empty")
        summands.append(as_position(part) if rules is None else rules.parse_position(part))
    return summands


FORM_LENGTH = 10_000
"""Characters of a canonical form printed by default, on every surface: ``endnim value
--max-length`` and ``/api/value``'s ``max_length`` (0: no limit); a longer form is given by
its length only."""

_VS = re.compile(r"\s+vs\.?\s+|^\s*vs\.?\s+|\s+vs\.?\s*$", re.IGNORECASE)


def split_game_sum(text: str) -> list[str]:
    """The summands of a sum of games in CGSuite's notation: split at each '+' outside braces
    and parentheses that does not begin a switch '+-'.

    >>> split_game_sum("{3|-1} + +-1 + {1+1|0}"), split_game_sum("+-2")
    (['{3|-1}', '+-1', '{1+1|0}'], ['+-2'])
    """
    parts: list[str] = []
    depth = 0
    start = 0
    for i, char in enumerate(text):
        if char in "{(":
            depth += 1
        elif char in "})":
            depth -= 1
        elif char == "+" and depth == 0 and text[i + 1 : i + 2] != "-" and text[start:i].strip():
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    if not parts[-1]:
        raise EndNimError(f"a sum of games ends with '+': {text.strip()!r}")
    return parts


def split_comparison(text: str) -> tuple[str, str] | None:
    """``("G", "H")`` for ``G vs H`` (each side a position or a sum), else ``None``.

    >>> split_comparison("3 1 2 vs 2 2 + 1"), split_comparison("3 1 2")
    (('3 1 2', '2 2 + 1'), None)
    """
    parts = _VS.split(text)
    if len(parts) == 1:
        return None
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        raise EndNimError(f"a comparison is 'G vs H', one position or sum on each side: {text!r}")
    return parts[0].strip(), parts[1].strip()


def _dyadic(x: Fraction) -> str:
    return str(x)


def thermal_fields(g: Any) -> dict[str, Any]:
    """Stops, mean, temperature, whether G is a number, and its thermograph's walls.

    >>> from endnim.cgt import parse
    >>> f = thermal_fields(parse("{3|-1}"))
    >>> f["left_stop"], f["right_stop"], f["mean"], f["temperature"], f["thermograph"]["left"]
    ('3', '-1', '1', '2', [['-1', '4'], ['2', '1']])
    """
    from endnim.cgt import left_stop, right_stop
    from endnim.cgt.positions import deep_recursion
    from endnim.cgt.thermograph import thermograph

    with deep_recursion():
        thermo = thermograph(g)
        left, right = left_stop(g), right_stop(g)
    return {
        "left_stop": _dyadic(left),
        "right_stop": _dyadic(right),
        "is_number": g.is_number,
        "mean": _dyadic(thermo.mean),
        "temperature": _dyadic(thermo.temperature),
        "thermograph": thermo.to_json(),
    }


def _kind(g: Any) -> str:
    """A short word for what the value is: number, infinitesimal, hot, ..."""
    from endnim.cgt.thermograph import temperature

    if g.is_number:
        return "a number"
    t = temperature(g)
    return "hot" if t > 0 else "infinitesimally close to a number (tepid)"


def value_fields(
    summands: list[Any],
    total: Any,
    limit: int | None,
    *,
    parts: list[Any] | None = None,
    texts: list[str] | None = None,
) -> dict[str, Any]:
    """The JSON object of ``endnim value --json`` for the sum ``total`` of ``summands``
    (canonical forms longer than ``limit`` characters are left out, with a note).

    With ``parts`` (each summand's value) and ``texts`` (each one's name), ``summands`` lists
    them (:func:`summand_fields`) and ``hottest`` names the hottest (:func:`hottest`).

    >>> from endnim.cgt import position_value
    >>> v = value_fields([(2, 1)], position_value((2, 1)), None)
    >>> v["value"], v["atomic_weight"], v["reduced"], v["thermograph"]["right"]
    ('↑*3', '1', '0', [['-1', '0'], ['0', '0']])
    """
    from endnim.cgt import (
        atomic_weight,
        is_all_small,
        outcome,
        printed_length,
        reduced,
        to_ascii,
        to_unicode,
    )
    from endnim.cgt.positions import deep_recursion

    notes: list[str] = []
    length = printed_length(total)
    fits = limit is None or length <= limit
    if not fits:
        notes.append(f"value omitted: {length:,} characters (--max-length 0)")
    with deep_recursion():
        kind = outcome(total)
        small = is_all_small(total)
        weight = atomic_weight(total) if small else None
        rcf = reduced(total)
    if weight is None:
        notes.append(
            "no atomic weight: it is defined for all-small games (where Left can move exactly "
            f"when Right can), and this value is not one: it is {_kind(total)}"
        )
    reduced_length = printed_length(rcf)
    reduced_fits = limit is None or reduced_length <= limit
    result: dict[str, Any] = {
        "positions": [s.to_json() if hasattr(s, "to_json") else list(s) for s in summands],
        "value": to_unicode(total) if fits else None,
        "value_ascii": to_ascii(total) if fits else None,
        "outcome": kind,
        "atomic_weight": None if weight is None else str(weight),
        "atomic_weight_ascii": None if weight is None else to_ascii(weight),
        "all_small": small,
        "birthday": total.birthday,
        "value_length": length,
        **thermal_fields(total),
        "reduced": to_ascii(rcf) if reduced_fits else None,
        "notes": notes,
    }
    if parts is not None and texts is not None:
        shown = [summand_fields(t, p, limit) for t, p in zip(texts, parts, strict=True)]
        result["summands"] = shown
        result["hottest"] = hottest(shown)
    return result


def summand_fields(text: str, g: Any, limit: int | None) -> dict[str, Any]:
    """One summand of a sum: its text, value, stops, mean and temperature.

    >>> from endnim.cgt import parse
    >>> s = summand_fields("G", parse("{3|-1}"), None)
    >>> s["value_ascii"], s["mean"], s["temperature"]
    ('{3|-1}', '1', '2')
    """
    from endnim.cgt import printed_length, to_ascii, to_unicode

    length = printed_length(g)
    fits = limit is None or length <= limit
    fields = thermal_fields(g)
    return {
        "position": text,
        "value": to_unicode(g) if fits else None,
        "value_ascii": to_ascii(g) if fits else None,
        "value_length": length,
        "left_stop": fields["left_stop"],
        "right_stop": fields["right_stop"],
        "mean": fields["mean"],
        "temperature": fields["temperature"],
    }


def hottest(summands: list[dict[str, Any]]) -> int | None:
    """The index of the hottest summand (the largest temperature, the first of a tie), or
    ``None`` when none is hot: the summand to consider first (*Winning Ways* ch. 6, "hotstrat").

    >>> hottest([{"temperature": "1/2"}, {"temperature": "2"}, {"temperature": "-1"}])
    1
    """
    temps = [Fraction(s["temperature"]) for s in summands]
    best = max(range(len(temps)), key=lambda i: (temps[i], -i), default=None)
    return best if best is not None and temps[best] > 0 else None


def cgsuite_expression(parts: list[Any]) -> str:
    """The summands' canonical forms in CGSuite's notation joined by '+' (each in parentheses
    when there are several): an expression CGSuite evaluates to the sum's value, and that
    ``endnim value --game`` reads back.

    >>> from endnim.cgt import parse
    >>> cgsuite_expression([parse("{3|-1}"), parse("^*")])
    '({3|-1}) + (^*)'
    """
    from endnim.cgt import to_ascii

    if len(parts) == 1:
        return to_ascii(parts[0])
    return " + ".join(f"({to_ascii(p)})" for p in parts)


def comparison_fields(left_text: str, g: Any, right_text: str, h: Any) -> dict[str, Any]:
    """How G compares with H: ``relation`` (=, >, <, ‖) and the sentence in Unicode and ASCII.

    >>> from endnim.cgt import parse
    >>> comparison_fields("G", parse("^"), "H", parse("*"))["text"]
    'G ‖ H'
    """
    from endnim.cgt import compare
    from endnim.cgt.positions import deep_recursion

    with deep_recursion():
        relation = compare(g, h).value
    return {
        "relation": relation,
        "text": f"{left_text} {relation} {right_text}",
        "ascii": f"{left_text} {'<>' if relation == '‖' else relation} {right_text}",
    }


VALUE_SHOWN = 2_000
"""A notebook's table prints canonical forms up to this many characters."""


class Value:
    """The value of a position or a sum of one partizan rule set (or of games written in
    CGSuite's notation): each summand's canonical form and the sum's, with :meth:`fields`
    the JSON object of ``endnim value --json``; a notebook draws its thermograph.

    >>> v = evaluate("3 1 2 + 2 2")
    >>> str(v), v.texts, v.fields(None)["outcome"], v._repr_svg_().startswith("<svg")
    ('{0|↑*2,⇑*3}', ['3 1 2', '2 2'], 'L', True)
    """

    def __init__(
        self, rules: Any, row: bool, summands: list[Any], texts: list[str], parts: list[Any]
    ) -> None:
        from endnim.cgt import sum_of

        self.rules = rules
        self.row = row
        self.summands = summands
        self.texts = texts
        self.parts = parts
        self.total = parts[0] if len(parts) == 1 else sum_of(parts)

    def __str__(self) -> str:
        return str(self.total)

    def __repr__(self) -> str:
        return f"Value({' + '.join(self.texts)!r}: {self.total!r})"

    def fields(self, limit: int | None = None) -> dict[str, Any]:
        """The JSON object of ``endnim value --json`` (forms over ``limit`` characters left out)."""
        result = value_fields(self.summands, self.total, limit, parts=self.parts, texts=self.texts)
        if self.rules is None:  # games written in CGSuite's notation
            result["positions"] = None
            result["games"] = self.texts
        elif not self.row:
            result["positions"] = [self.rules.position_to_json(s) for s in self.summands]
            result["variant"] = self.rules.name
        return result

    @property
    def thermograph(self) -> Any:
        """The sum's :class:`~endnim.cgt.thermograph.Thermograph`."""
        from endnim.cgt.positions import deep_recursion
        from endnim.cgt.thermograph import thermograph

        with deep_recursion():
            return thermograph(self.total)

    @property
    def title(self) -> str:
        """The rule set and its source, for printing."""
        if self.rules is None:
            return "games in CGSuite notation"
        if self.row:
            return "partizan End-Nim, Albert–Nowakowski (2001) §3"
        from endnim.ruleset import source_of

        source = source_of(self.rules)
        return f"{self.rules.title}, {source}" if source else self.rules.title

    def _repr_svg_(self) -> str:
        """Notebook display: the thermograph of the sum."""
        from endnim.cgt.drawing import thermograph_svg

        return thermograph_svg(self.thermograph)

    def _repr_latex_(self) -> str | None:
        r"""The canonical form as LaTeX math (``None`` when too long to typeset).

        >>> evaluate("3 1 2")._repr_latex_()
        '$\\{0 \\mid \\uparrow{\\ast}2, \\Uparrow{\\ast}3\\}$'
        """
        latex: str | None = self.total._repr_latex_()
        return latex

    def _repr_html_(self) -> str:
        """Notebook display: what ``endnim value`` prints — the canonical form, the outcome,
        the stops, mean and temperature — beside the thermograph.

        >>> html = evaluate("{3|-1}", None)._repr_html_()
        >>> all(word in html for word in ("outcome", "stops", "mean", "temperature", "<svg"))
        True
        """
        from html import escape

        from endnim.analyzer import OUTCOME_WORDS

        fields = self.fields(VALUE_SHOWN)
        form = fields["value"]
        shown = (
            f"a canonical form of {fields['value_length']:,} characters" if form is None else form
        )
        rows = [
            ("position", " + ".join(self.texts)),
            ("value", shown),
            ("outcome", f"{fields['outcome']}: {OUTCOME_WORDS[fields['outcome']]}"),
            ("stops", f"Left {fields['left_stop']}, Right {fields['right_stop']}"),
            ("mean", str(fields["mean"])),
            ("temperature", str(fields["temperature"])),
        ]
        cells = "".join(
            f"<tr><th style='text-align:left'>{escape(k)}</th><td>{escape(v)}</td></tr>"
            for k, v in rows
        )
        return f"<table>{cells}</table>{self._repr_svg_()}"


def _rules_of(variant: str) -> tuple[Any, bool]:
    from endnim.variants import Variant, get_variant

    rules = get_variant(variant)
    if rules.impartial:
        raise EndNimError(
            f"endnim value gives canonical forms of partizan games; {rules.title} is impartial "
            "(its value is *G, G its Grundy value: endnim analyze)"
        )
    return rules, isinstance(rules, Variant) and rules.name == "partizan"


def work_of(text: str, variant: str) -> int:
    """The positions the summands of ``text`` may need together (for a progress bar over the
    whole sum).

    >>> work_of("3 1 2 + 2 2", "partizan") > work_of("3 1 2", "partizan") > 0
    True
    """
    rules, row = _rules_of(variant)
    return sum(_works(parse_sum(text, None if row else rules), rules, row))


def _works(summands: list[Any], rules: Any, row: bool) -> list[int]:
    """Each summand's estimated positions (0: no estimate; the search is bounded as it goes),
    a distinct summand once (a repeated one is answered from the cache)."""
    from endnim.cgt.positions import estimate_work
    from endnim.search import estimate_or_none

    works, seen = [], set()
    for s in summands:
        key = repr(s)
        if key in seen:
            works.append(0)
            continue
        seen.add(key)
        works.append(estimate_work(s)[0] if row else (estimate_or_none(rules, s) or 0))
    return works


def evaluate(
    text: str,
    variant: str | None = "partizan",
    *,
    budget: int | None = None,
    progress: Any = None,
) -> Value:
    """The value of a position or sum ``text`` of the partizan rule set ``variant`` (any:
    rows, graphs, a user's), or, with ``variant=None``, of games in CGSuite's notation.
    ``endnim.value`` is this function.

    >>> str(evaluate("{3|-1} + {2|0}", None)), evaluate("{3|-1}", None).fields()["mean"]
    ('{{5|3}|±1}', '1')
    """
    from endnim.cgt import parse, position_value

    if variant is None:
        if not text.strip():
            raise EndNimError("no game given: e.g. endnim value --game '{3|-1}'")
        texts = split_game_sum(text)
        return Value(None, False, texts, texts, [parse(t) for t in texts])
    rules, row = _rules_of(variant)
    chosen = None if row else rules
    summands = parse_sum(text, chosen)
    if progress is None:
        parts = [position_value(s, budget=budget, rules=chosen) for s in summands]
    else:  # one bar over the whole sum: each summand's progress after those before it
        works = _works(summands, rules, row)
        total, before, parts = max(sum(works), 1), 0, []
        for s, work in zip(summands, works, strict=True):

            def step(done: int, _total: int, base: int = before, work: int = work) -> None:
                progress(base + min(done, work), total)

            parts.append(position_value(s, budget=budget, progress=step, rules=chosen))
            before += work
            progress(before, total)
    texts = [str(s) if row else rules.format_position(s) for s in summands]
    return Value(rules, row, summands, texts, parts)
