"""Proofs of ultimate arithmetic periodicity, with certificates a separate checker verifies.

* :mod:`~endnim.analysis.proofs.certificate` — the certificate files (sealed JSON) and the
  laws they state;
* :mod:`~endnim.analysis.proofs.rows` — the prover for the rows a·w·b of End-Nim and its
  relatives of the same recurrence (misère, Loop): a repeated state proves the period;
* :mod:`~endnim.analysis.proofs.octal` — the Guy–Smith periodicity check for octal games;
* :mod:`~endnim.analysis.proofs.checker` — the checker: it recomputes only the finite facts a
  certificate names, by its own code, and refuses a certificate that does not hold.

The argument is written out in docs/atlas.md ("Proofs").
"""
