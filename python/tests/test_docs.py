# docs/python.md is a tour whose examples run here, in order, as one session
# (like a notebook), and must print exactly what the page shows; so do the
# examples in the module's docstrings.
import doctest
import os
import re

import grundy

SOURCE = os.environ.get("GRUNDY_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def test_the_tour_in_docs_python_md_runs_as_shown():
    with open(os.path.join(SOURCE, "docs", "python.md"), encoding="utf-8") as f:
        page = f.read()
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) >= 10
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "docs/python.md", "docs/python.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 30


def test_docstring_examples_run_as_shown():
    result = doctest.testmod(grundy, extraglobs={"grundy": grundy}, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5


def test_help_is_readable():
    text = doctest._indent(grundy.__doc__)
    assert "analyze" in text and "values" in text
    for name in grundy.__all__:
        if name != "LimitError":
            assert getattr(grundy, name).__doc__, name


def test_the_type_stubs_declare_every_public_name():
    import ast

    stub = os.path.join(os.path.dirname(grundy.__file__), "__init__.pyi")
    with open(stub, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.add(node.target.id)
        elif isinstance(node, ast.Assign):
            declared.update(t.id for t in node.targets if isinstance(t, ast.Name))
    missing = [name for name in grundy.__all__ if name not in declared]
    assert not missing, f"not in __init__.pyi: {missing}"
    # And every public function's keyword arguments are the stub's.
    import inspect
    stubbed = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for name, node in stubbed.items():
        real = getattr(grundy, name, None)
        if callable(real) and not isinstance(real, type):
            params = set(inspect.signature(real).parameters)
            args = {a.arg for a in node.args.args + node.args.kwonlyargs}
            if node.args.vararg:
                args.add(node.args.vararg.arg)
            assert params == args, (name, params ^ args)
