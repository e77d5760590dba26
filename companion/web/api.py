"""/api/v1: the JSON contract over HTTP, the same answers as the CLI."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..engine import contract
from ..engine.errors import BadInput

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _body():
    if not request.is_json:
        raise BadInput("send the request body as JSON (Content-Type: application/json)", "(body)")
    doc = request.get_json(silent=True)
    if doc is None:
        raise BadInput("the body is not valid JSON", "(body)")
    return doc


@bp.post("/score")
def score():
    return jsonify(contract.score(_body()))


@bp.post("/trade")
def trade():
    return jsonify(contract.trade(_body()))


@bp.errorhandler(BadInput)
def bad_input(exc: BadInput):
    return jsonify({"error": exc.message, "where": exc.where}), 400
