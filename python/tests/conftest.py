# Shared by the Python tests: the built grundy command, for answers compared
# with the command line's JSON output (docs/json.md).
import json
import os
import subprocess

import pytest


@pytest.fixture
def cli():
    path = os.environ.get("GRUNDY_CLI")
    if not path:
        pytest.skip("GRUNDY_CLI is not set (CTest sets it)")

    def run(*args):
        out = subprocess.run([path, *args, "--json"], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    return run


# Hypothesis keeps no example database: the tests run from the source tree
# too, which they must leave as they found it.
try:
    from hypothesis import settings

    settings.register_profile("grundy", database=None)
    settings.load_profile("grundy")
except ImportError:
    pass
