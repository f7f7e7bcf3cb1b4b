"""The modules of ``endnim`` import each other without circles, function-level imports included,
and no module imports a private (``_name``) name from another package.

import-linter (``lint-imports``, run by scripts/test.sh) checks the layers between packages; this
test checks what it does not: circles between single modules through imports inside functions
(which defer a circle to run time instead of removing it) and private names crossing packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SOURCE / "endnim"


def module_name(path: Path) -> str:
    """``src/endnim/a/b.py`` -> ``endnim.a.b``; a package's ``__init__.py`` -> the package."""
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
EXTENSIONS = {module_name(p) for p in PACKAGE.rglob("*.pyi")}
"""Compiled extension modules (known by their type stubs): imported, never importing."""


def imports_of(module: str) -> list[tuple[str, str | None]]:
    """Every ``(module imported, name imported or None)`` in ``module``'s source, at any depth
    (inside functions and ``if TYPE_CHECKING:`` too), resolved to modules of ``endnim``."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in MODULES or submodule in EXTENSIONS:
                    found.append((submodule, None))
                else:
                    found.append((base, alias.name))
    return [(t, name) for t, name in found if t in MODULES or t in EXTENSIONS]


def import_graph() -> dict[str, set[str]]:
    """Each module of ``endnim`` and the modules of ``endnim`` it imports."""
    graph = {m: {target for target, _ in imports_of(m)} - {m} for m in MODULES}
    return graph | {extension: set() for extension in EXTENSIONS}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            if todo:
                child = todo.pop()
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, sorted(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def top_package(module: str) -> str:
    """The package a module belongs to for the private-name rule: ``endnim.a`` for anything
    under ``endnim/a/``, the module itself for a top-level module."""
    return ".".join(module.split(".")[:2])


def private_crossings() -> list[str]:
    """``importer <- module._name`` for every private name imported from another package."""
    crossings = []
    for module in sorted(MODULES):
        for target, name in imports_of(module):
            private = name is not None and name.startswith("_") and not name.startswith("__")
            if private and top_package(target) != top_package(module):
                crossings.append(f"{module} <- {target}.{name}")
            last = target.rpartition(".")[2]
            private_module = name is None and last.startswith("_") and last != "__init__"
            if private_module and top_package(target) != top_package(module):
                crossings.append(f"{module} <- {target}")
    return crossings


def test_the_finder_sees_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    found = circles(import_graph())
    assert not found, "\n".join(" <-> ".join(c) for c in found)


def test_no_private_name_crosses_packages() -> None:
    crossings = private_crossings()
    assert not crossings, "\n".join(crossings)
