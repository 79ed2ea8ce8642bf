"""Helpers the browser tests share."""


def wait_engine(page, timeout=90_000):
    """Wait until the calculator engine on the page is ready (or fail with its error)."""
    page.wait_for_function("window.calcEngine && ['ready', 'failed'].includes(window.calcEngine.status)", timeout=timeout)
    status = page.evaluate("[window.calcEngine.status, window.calcEngine.error]")
    assert status[0] == "ready", f"engine failed: {status[1]}"
