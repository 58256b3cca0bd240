"""In Chromium: the CSP keeps every request in the origin and still lets the app render;
a foreign page can neither frame the app nor open its websocket."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.e2e.conftest import PHONES, enable_semantics

#: Collected in the page before anything runs: every CSP violation the browser reports.
VIOLATIONS_JS = """(() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', e => window.__csp.push(
    {blocked: e.blockedURI, directive: e.effectiveDirective}));
})()"""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_no_request_leaves_the_origin_and_the_app_renders(browser, server_url):  # type: ignore[no-untyped-def]
    origin = _origin(server_url)
    ctx = browser.new_context(viewport=PHONES["iphone"])
    ctx.add_init_script(VIOLATIONS_JS)
    page = ctx.new_page()
    asked, failed, answered = [], {}, []
    page.on("request", lambda r: asked.append(r.url))
    page.on("requestfailed", lambda r: failed.__setitem__(r.url, r.failure or ""))
    page.on("response", lambda r: answered.append(r.url))
    try:
        page.goto(server_url)
        enable_semantics(page)
        page.wait_for_function(
            "() => document.querySelector('flt-semantics-host')?.innerText.trim().length > 0",
            timeout=30_000)
        page.wait_for_timeout(1500)  # late requests (fonts, the CDN script) come in too
        assert page.title() == "Forest Table"
        # the app is drawn (CanvasKit/skwasm ran under the CSP) and shows its text
        assert page.locator("flutter-view").count() == 1
        assert page.locator("flt-semantics-host").inner_text().strip()
        foreign = [u for u in asked if not u.startswith(("blob:", "data:"))
                   and _origin(u) != origin]
        # flet-web's main.dart.js asks the CDN for rive_native.js: the CSP stops it in
        # the browser (a request the browser refuses never reaches the network)
        assert any("cdn.jsdelivr.net" in u for u in foreign), asked
        for u in foreign:
            assert "ERR_BLOCKED_BY_CSP" in failed.get(u, "") or failed.get(u) == "csp", (
                u, failed.get(u))
        assert all(_origin(u) == origin for u in answered if not u.startswith("blob:"))
        # nothing of the app's own was blocked: every violation is a foreign script
        violations = page.evaluate("window.__csp")
        assert violations, "the CDN request should have been reported as blocked"
        for v in violations:
            assert v["blocked"].startswith("https://cdn.jsdelivr.net/"), v
        # the identity: our manifest and icon
        assert page.locator('link[rel="manifest"]').get_attribute("href") == "manifest.json"
        manifest = page.evaluate("fetch('manifest.json').then(r => r.json())")
        assert manifest["name"] == "Forest Table"
    finally:
        ctx.close()


def test_a_foreign_page_can_neither_frame_the_app_nor_open_its_websocket(  # type: ignore[no-untyped-def]
        browser, server_url):
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        # a page of another origin (about:blank with our markup) frames the app
        page.set_content(f'<iframe id="f" src="{server_url}" width="300" height="300"></iframe>')
        page.wait_for_timeout(2000)
        # frame-ancestors 'self': the browser refuses to show the app's page in the frame
        # (the frame ends on Chromium's error page; the app never starts in it)
        (child,) = page.main_frame.child_frames
        assert not child.url.startswith(server_url), child.url
        assert child.locator("flutter-view").count() == 0
        # and opens the app's websocket: refused at the handshake (foreign Origin)
        ws = server_url.replace("http://", "ws://") + "ws"
        state = page.evaluate("""url => new Promise(done => {
            const s = new WebSocket(url);
            s.onopen = () => { s.close(); done('open'); };
            s.onerror = () => done('refused');
            setTimeout(() => done('timeout'), 10000);
        })""", ws)
        assert state == "refused"
    finally:
        ctx.close()
