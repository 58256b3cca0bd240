"""The loading screen a phone shows until the app's first screen is drawn: the app's own look
(the theme's surface, its icon, a spinner in its primary green) and the phone's language,
instead of flet-web's white page and the Flutter client's English "Working...".

flet-web's page removes its ``#loading`` element at Flutter's first frame, and the client
then shows its own loading page ("Working...", a word of flet-web's compiled code) until the
server's first message has been drawn. Ours has another id: it stays over both, and goes
once the server's first message has arrived and two frames more have been drawn (or, should
none arrive, 20 s after the first frame: the client's own error page then shows). It never
takes a tap (``pointer-events: none``): a tap on a screen already drawn under it goes through.

The language: the one this phone chose in the app (``localStorage``
``flutter.forest_table.language``, where the app's preferences live), else the phone's
(``navigator.language``). The words are the catalogues' (``loading-message``).
"""

from __future__ import annotations

import html
import json

from app.l10n import languages, render

#: the theme's surfaces and colours (Material 3 from GREEN_800; tests/app/test_contrast.py)
LIGHT = {"bg": "#F7FBF1", "fg": "#191D17", "accent": "#3C6939", "track": "#C2C8BD"}
DARK = {"bg": "#10140F", "fg": "#E0E4DB", "accent": "#A1D39A", "track": "#424940"}


def words() -> dict[str, str]:
    """The loading line in every language of the catalogues."""
    return {lang: render(lang, "loading-message") for lang in languages()}


def loading_html(icon_src: str) -> str:
    """The page's loading element and its script (inline: the page's CSP hashes them)."""
    said = words()
    css = (
        "#ft-loading{position:fixed;inset:0;z-index:2147483646;display:flex;"
        "flex-direction:column;align-items:center;justify-content:center;gap:20px;"
        f"background:{LIGHT['bg']};color:{LIGHT['fg']};"
        "font:18px/1.4 system-ui,-apple-system,'Noto Sans JP','Hiragino Sans',sans-serif;"
        "transition:opacity .15s;pointer-events:none}"
        "#ft-loading.gone{opacity:0}"
        "#ft-loading img{width:96px;height:96px;border-radius:22px}"
        f"#ft-loading .spin{{width:32px;height:32px;border-radius:50%;"
        f"border:4px solid {LIGHT['track']};border-top-color:{LIGHT['accent']};"
        "animation:ftspin 1s linear infinite}"
        "@keyframes ftspin{to{transform:rotate(360deg)}}"
        "@media (prefers-reduced-motion:reduce){#ft-loading .spin{animation-duration:3s}}"
        "@media (prefers-color-scheme:dark){"
        f"#ft-loading{{background:{DARK['bg']};color:{DARK['fg']}}}"
        f"#ft-loading .spin{{border-color:{DARK['track']};border-top-color:{DARK['accent']}}}}}"
    )
    script = LOADING_JS.replace("%WORDS%", json.dumps(said, ensure_ascii=False))
    return (f'<div id="ft-loading" role="status" aria-live="polite">\n'
            f"    <style>{css}</style>\n"
            f'    <img src="{html.escape(icon_src)}" alt="">\n'
            f'    <div class="spin" aria-hidden="true"></div>\n'
            f'    <p id="ft-loading-text">{html.escape(said.get("en", ""))}</p>\n'
            f"  </div>\n"
            f"  <script>{script}</script>")


#: Says the line in the phone's language, and hides the element once the app has drawn.
LOADING_JS = r"""(() => {
  const words = %WORDS%;
  const box = document.getElementById('ft-loading');
  if (!box) return;
  let lang = null;
  try {
    const v = JSON.parse(localStorage.getItem('flutter.forest_table.language') || 'null');
    if (v && words[v]) lang = v;
  } catch (e) {}
  if (!lang) lang = (navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en';
  const text = document.getElementById('ft-loading-text');
  if (text && words[lang]) { text.textContent = words[lang]; text.lang = lang; }
  let done = false;
  const hide = () => {
    if (done) return;
    done = true;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      box.classList.add('gone');
      setTimeout(() => box.remove(), 200);
    }));
  };
  window.ftLoadingHide = hide;
  window.addEventListener('flutter-first-frame', () => setTimeout(hide, 20000), {once: true});
  const Native = window.WebSocket;
  if (!Native) return;
  class FtFirst extends Native {
    constructor(...args) {
      super(...args);
      // the server's first message is the first screen: drawn within a few frames
      this.addEventListener('message', () => setTimeout(hide, 100), {once: true});
    }
  }
  window.WebSocket = FtFirst;
})();"""
