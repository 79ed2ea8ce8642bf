"""A QR code beside every share link (issue 24, item 6): read back with a decoder (zxing-cpp),
it is the link itself, so a phone's camera opens the same state."""
from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.browser.morale_page import Tracker
from tests.browser.party_page import (
    BOONS,
    DICE,
    add_zone,
    open_borders,
    open_table,
    open_widget,
    party,
    share_link,
    share_widget,
)
from tests.browser.support import glue_as_written, no_offline_bar, wait_engine


@pytest.fixture
def camera(browser):
    """A phone whose screen has three pixels to a CSS pixel, as the camera would see the code."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 400, "height": 800}, device_scale_factor=3)
    page = ctx.new_page()
    yield page
    ctx.close()


def read_code(scope) -> list[str]:
    code = scope.locator("svg.calc-share__qr")
    expect(code).to_be_visible()
    expect(code).to_have_attribute("aria-label", "QR code of the link")
    no_offline_bar(scope.page)  # it never covers the code
    image = Image.open(io.BytesIO(code.screenshot()))
    # As a phone's camera app does, look for QR codes only: read for every kind of bar code, a QR
    # code's modules can also pass for a short Codabar (CI saw "D25B" beside the link).
    return [found.text for found in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


# A link whose drawn code also reads as the Codabar "D25B" when every kind of bar code is looked for.
CODABAR_TOO = ("http://127.0.0.1:42987/gauntlet-forge/conflicts/#morale=z.dY47DsIwEETvsnUQyKVL6sAFUIqNvYks_InsTZr"
               "Id2cDUgAJOs88z9OuMKQckEGDSXHwzvCBsfd0DCmjJ2hgoVxciqBVA4V4nkCvQNbxswR1Ukp-MWEooG8rRAwkfSu4CBgTeonyMjgxu"
               "m3TUpIcKPTi_hoJqM0eLw6hdh_FmTD_k17J_pZuQCziAVoo8gveXbQCy2wMlbIv39dhHjevql0DmWySVVcf")


def test_a_code_that_also_passes_for_a_bar_code_reads_back_as_the_link_alone(camera, server):
    """The morale link CI drew on 28 November: its code holds the link, and a camera reading QR codes
    sees the link and nothing else."""
    open_widget(camera, server, BOONS)
    camera.evaluate("""async ([share, link]) => {
      const { qrCode } = await import(share);
      const el = (tag, attrs, ...kids) => {
        const node = document.createElement(tag);
        for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
        node.append(...kids);
        return node;
      };
      const figure = await qrCode(el, link);
      figure.id = "drawn";
      document.querySelector('.calc[data-calc="boons"]').append(figure);
    }""", [glue_as_written(server) + "share.js", CODABAR_TOO])
    assert read_code(camera.locator("#drawn")) == [CODABAR_TOO]


def test_the_stress_rosters_link_has_a_qr_code_that_reads_back_as_the_link(camera, server):
    w = open_table(camera, server)
    link = share_link(w)
    assert read_code(party(w)) == [link]


@pytest.mark.parametrize("selector, name", [(BOONS, "boons"), (DICE, "dice")])
def test_a_forms_link_has_a_qr_code_that_reads_back_as_the_link(camera, server, selector, name):
    w = open_widget(camera, server, selector)
    link = share_widget(w, name)
    assert read_code(w.locator('[data-out="share"]')) == [link]


def test_the_border_maps_link_has_a_qr_code_that_reads_back_as_the_link(camera, server):
    w = open_borders(camera, server)
    add_zone(w, "Harbor")
    w.get_by_role("button", name="Share link").click()
    link = w.locator('[data-out="share"] input').input_value()
    assert "#borders=" in link
    assert read_code(w.locator('[data-out="share"]')) == [link]


def test_the_morale_conflicts_link_has_a_qr_code_that_reads_back_as_the_link(camera, server):
    camera.goto(server.url + "gauntlet-forge/conflicts/")
    wait_engine(camera)
    t = Tracker(camera)
    t.begin("2022", [{"name": "Lions", "members": ["Leo", "Mia"]}, {"name": "Bears", "members": ["Ned"]}])
    t.act("success", "Leo", margin=2)
    t.w.locator('[data-act="share"]').click()
    link = t.w.locator('[data-out="share"] input').input_value()  # under the Share button
    assert "#morale=" in link
    assert read_code(t.w.locator('[data-out="share"]')) == [link]


def test_the_conflict_boards_link_has_a_qr_code_that_reads_back_as_the_link(camera, server):
    from tests.browser.board_page import CONFLICTS, CREW, Board
    b = Board(camera)
    b.open(server.url + CONFLICTS)
    b.set_up(CREW)
    b.start()
    b.act("simple", actor="Gatto", note="waves")
    b.press(b.w.locator('[data-act="share"]'))
    link = b.w.locator('[data-out="share"] input').input_value()  # under the Share button
    assert "#board=" in link
    assert read_code(b.w.locator('[data-out="share"]')) == [link]
