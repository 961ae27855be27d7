"""Shared test rules: a test whose prerequisite is missing is skipped with its reason
on a developer's machine and fails under CI (where every prerequisite is set up), so
it never passes by skipping there.

The one exception is the `needs_executorch` mark: those tests run the same script on
ExecuTorch's own `executorch.runtime`, which needs the fixture venv (torch and
executorch, several GB). CI deselects them (`.ci/run`: `-m "not needs_executorch"`);
the README's Python section says how to run them next to ExecuTorch."""

import os

import pytest


def missing(reason: str):
    """Ends the test for want of `reason`: a skip locally, a failure under CI."""
    if os.environ.get("CI"):
        pytest.fail(f"prerequisite missing under CI: {reason}")
    pytest.skip(reason)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "needs_executorch: runs ExecuTorch's own runtime (the fixture venv); CI deselects it",
    )
