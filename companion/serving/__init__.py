"""How gunicorn serves the app: the worker class and the access log (Procfile, `make run`).

Kept out of companion.web on purpose: gunicorn's master process imports the
worker and logger classes before it forks, and before a gevent worker
monkey-patches; importing companion.web there would create its module-level
threading locks unpatched, and load Flask in the master for nothing.
"""
