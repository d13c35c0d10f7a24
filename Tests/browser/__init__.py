"""Browser tests (a package, so that its conftest is imported as browser.conftest and never
replaces Tests/server/conftest.py, which that folder's tests import as `conftest`)."""
