"""The indexed search: an exact search of any impartial rule set with its positions numbered
and its values computed in compiled code (:mod:`endnim.indexed.closure`)."""

from endnim.indexed.closure import SolvedClosure, closure_table, serves, solve_closure

__all__ = ["SolvedClosure", "closure_table", "serves", "solve_closure"]
