"""Build the compiled engine kernels (the rest of the metadata is in pyproject.toml)."""

import os
import sys

from setuptools import Extension, setup

openmp = [] if sys.platform == "darwin" or os.environ.get("ENDNIM_NO_OPENMP") else ["-fopenmp"]

setup(
    ext_modules=[
        Extension(
            "endnim.engine._kernels",
            ["src/endnim/engine/_kernels.c"],
            extra_compile_args=["-O3", "-std=c11", *openmp],
            extra_link_args=openmp,
        ),
        Extension(
            "endnim.cgt._core",
            ["src/endnim/cgt/_core.c"],
            extra_compile_args=["-O3", "-std=c11"],
        ),
        Extension(
            "endnim.indexed._closure",
            ["src/endnim/indexed/_closure.c"],
            extra_compile_args=["-O3", "-std=c11"],
        ),
        Extension(
            "endnim.graphs._trees",
            ["src/endnim/graphs/_trees.c"],
            extra_compile_args=["-O3", "-std=c11"],
        ),
        Extension(
            "endnim.graphs._depots",
            ["src/endnim/graphs/_depots.c"],
            extra_compile_args=["-O3", "-std=c11"],
        ),
        Extension(
            "endnim.analysis.proofs._columns",
            ["src/endnim/analysis/proofs/_columns.c"],
            extra_compile_args=["-O3", "-std=c11"],
        ),
        Extension(
            "endnim.theory._prop8",
            ["src/endnim/theory/_prop8.c"],
            extra_compile_args=["-O3", "-std=c11"],
        ),
    ]
)
