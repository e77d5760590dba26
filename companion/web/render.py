"""One helper decides between a whole page and an htmx partial.

Every URL is a full page; an htmx request (not a boosted navigation) gets only
the named block of the same template, so the partial is never a second copy.
"""
from __future__ import annotations

from flask import current_app, has_request_context, make_response, render_template, request
from flask.templating import Environment as FlaskEnvironment
from jinja2_fragments.flask import before_render_template_block, render_block, template_block_rendered


class Environment(FlaskEnvironment):
    """Flask's Jinja environment, `a.b` on a plain dict read as its item at once: Jinja asks the
    attribute first, and a dict's AttributeError was raised and caught for each `s.age`, `f.player`,
    `undo.what` (0.41 us a read, 0.06 this; some hundred a move: issue 29). A plain dict has no
    attribute but its class's, so a name that is none of dict's gives what Jinja's own would."""

    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


_DICT_ATTRIBUTES = frozenset(dir(dict))


def wants_partial() -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def partial(template: str, block: str, /, **context) -> str:
    """The named block of a template, as jinja2_fragments' render_block renders it (the app's context
    processors, its signals, the same names seen), its context made from the globals' plain dicts:
    Jinja copies them through the template's ChainMap, looked up name by name (some 40 names: 20-40 us
    a render, a tenth of a pushed board's; issue 29)."""
    app = current_app._get_current_object()
    env = app.jinja_env
    if env.is_async:
        return render_block(template, block, **context)
    compiled = env.get_template(template)
    render = compiled.blocks.get(block)
    if render is None:
        return render_block(template, block, **context)      # its own error
    _update_context(app, context)
    before_render_template_block.send(app, template_name=template, block_name=block, context=context)
    names: dict = {}
    for kept in reversed(getattr(compiled.globals, "maps", (compiled.globals,))):
        names.update(kept)           # the template's own globals over the environment's, as its ChainMap
    names.update(context)
    scope = env.context_class(env, names, compiled.name, compiled.blocks, globals=compiled.globals)
    try:
        rendered = env.concat(render(scope))
    except Exception:
        env.handle_exception()
    template_block_rendered.send(app, template_name=template, block_name=block, context=context)
    return rendered


def _update_context(app, context: dict) -> None:
    """Flask's update_template_context, each context processor run once: Flask registers its own (g,
    request, session) for the app and again for each blueprint, run twice a render (issue 29)."""
    names = (None, *reversed(request.blueprints)) if has_request_context() else (None,)
    given, ran = context.copy(), set()
    for name in names:
        for func in app.template_context_processors.get(name, ()):
            if func not in ran:
                ran.add(func)
                context.update(app.ensure_sync(func)())
    context.update(given)


def page(template: str, block: str | None = None, status: int = 200, **context):
    if block and wants_partial():
        body = partial(template, block, **context)
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.headers["Vary"] = "HX-Request"
    return response
