"""/api/v1: the JSON contract over HTTP, the same answers as the CLI."""
from __future__ import annotations

from flask import Blueprint, jsonify

from ..engine import contract
from ..engine.errors import BadInput
from .i18n import error_json, words
from .inputs import json_body as _body

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.post("/score")
def score():
    return jsonify(contract.score(_body()))


@bp.post("/trade")
def trade():
    return jsonify(contract.trade(_body(), words()))


@bp.errorhandler(BadInput)
def bad_input(exc: BadInput):
    return jsonify(error_json(exc)), 400
