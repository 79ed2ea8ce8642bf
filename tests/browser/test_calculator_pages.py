"""Every calculator page in Chromium, with the same checks as the WebKit leg
(``tests/browser/webkit/``): the engine is ready on a visit and a reload, answers
the golden cases through the page, and each calculator shows a result and a
message beside a bad field."""
import pytest

from tests.browser.pages import CALCULATOR_PAGES, golden_cases, golden_failures, result_and_field_error, wait_engine


@pytest.mark.parametrize("path", list(CALCULATOR_PAGES))
def test_each_calculator_page_answers_on_a_visit_and_a_reload(shared_page, server, path):
    kinds = CALCULATOR_PAGES[path]
    cases = golden_cases(kinds)
    shared_page.goto(server.url + path)
    wait_engine(shared_page)
    assert golden_failures(shared_page, cases) == {}
    shared_page.reload()
    wait_engine(shared_page)
    assert golden_failures(shared_page, cases) == {}
    for index, kind in enumerate(kinds):
        result, error = result_and_field_error(shared_page, kind, index)
        assert result and error
