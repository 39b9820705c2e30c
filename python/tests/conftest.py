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
