"""One helper decides between a whole page and an htmx partial.

Every URL is a full page; an htmx request (not a boosted navigation) gets only
the named block of the same template, so the partial is never a second copy.
"""
from __future__ import annotations

from flask import make_response, render_template, request
from jinja2_fragments.flask import render_block


def wants_partial() -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page(template: str, block: str | None = None, status: int = 200, **context):
    if block and wants_partial():
        body = render_block(template, block, **context)
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.headers["Vary"] = "HX-Request"
    return response
