"""The web layer's texts as codes (app/l10n/*.ftl, block ``## web``).

The refusals go to programs (a browser shows nothing of a refused handshake) and
the server's log; the listening errors to the terminal of ``serve``. All are
rendered in English there (:data:`LOG_LANGUAGE`): the terminal and the log have
no phone's language.
"""

from __future__ import annotations

from app.l10n import render
from scoring.message import MessageCode

LOG_LANGUAGE = "en"


class WebCode(MessageCode):
    PORT_IN_USE = "serve-port-in-use"
    ADDRESS_NOT_OURS = "serve-address-not-ours"
    PORT_FORBIDDEN = "serve-port-forbidden"
    CANNOT_LISTEN = "serve-cannot-listen"
    UNKNOWN_HOST = "web-refused-unknown-host"
    FOREIGN_ORIGIN = "web-refused-foreign-origin"
    TOO_MANY_SESSIONS = "web-refused-too-many-sessions"
    TOO_MANY_MESSAGES = "web-closed-too-many-messages"
    TOO_MANY_TABS = "web-closed-too-many-tabs"


def say(code: WebCode, **params: object) -> str:
    return render(LOG_LANGUAGE, code, **params)
