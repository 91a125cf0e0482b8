"""No import cycle anywhere in ``src/stud``: the layout's layers point one way.

The graph is read from the source with ``ast``, not by importing: every
``import`` and ``from ... import`` in a module counts, those under
``if TYPE_CHECKING:`` and inside functions included, since a cycle hidden behind
either is still two modules that each need the other. ``from package import name``
is an edge to the package, and to ``package.name`` too when that is a module.
A package's ``__init__`` is not counted as imported by its own modules (Python
runs it first anyway, and it only gathers their names).
"""

from __future__ import annotations

import ast
from pathlib import Path

import stud

ROOT = Path(stud.__file__).parent


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``stud`` that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            out.add(source)
            out.update(f"{source}.{alias.name}" for alias in node.names)
    own_packages = {name[:i] for i in range(len(name)) if name[i] == "."}
    return {m for m in out if m in modules and m != name and m not in own_packages}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    cycles = []
    for group in groups:
        start = min(group)
        # The shortest way back to ``start`` inside the group, by breadth first.
        paths = {start: [start]}
        frontier = [start]
        while frontier:
            nxt_frontier = []
            for node in frontier:
                for nxt in sorted(graph[node] & group):
                    if nxt == start:
                        cycles.append([*paths[node], start])
                        frontier = nxt_frontier = []
                        break
                    if nxt not in paths:
                        paths[nxt] = [*paths[node], nxt]
                        nxt_frontier.append(nxt)
                else:
                    continue
                break
            frontier = nxt_frontier
    return cycles


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_stud_imports_itself_through_others() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert "stud.state" in graph["stud.views"]  # the graph is read at all
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)
