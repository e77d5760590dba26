# The two commands of the quick start (`make run`, `make test`) set everything
# up themselves: system packages when missing, then .venv with the package.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8000

.PHONY: run test check bench setup clean translations messages

$(STAMP): pyproject.toml scripts/setup.sh scripts/system-packages.txt
	bash scripts/setup.sh
	@touch $(STAMP)

setup: $(STAMP)

# The interface's gettext catalogues, compiled from translations/*/LC_MESSAGES/*.po.
translations: $(STAMP)
	$(VENV)/bin/pybabel compile -d translations

# After adding or changing interface text: refresh the template and every language's catalogue.
# Under the lock scripts/add_translations.py takes, so that nobody's appended pairs are lost mid-update.
messages: $(STAMP)
	flock /tmp/po.lock sh -c '$(VENV)/bin/pybabel extract -F babel.cfg -k _l -k lazy_gettext -k ngettext:1,2 -k N_ -k Np_:1,2 --no-location --sort-output -o translations/messages.pot . && \
	  $(VENV)/bin/pybabel update -i translations/messages.pot -d translations --no-fuzzy-matching'

run: $(STAMP) translations
	PORT=$(PORT) $(PY) -m companion.web.serve

# Tests run on JOBS pytest-xdist workers, one more than the cores: a browser test spends much of its time
# waiting for Chromium or a server, and the extra worker fills it (on 2 cores: 7.5 min, against 8.7 with
# two workers under the same load); --dist loadgroup keeps a module whose tests share
# a server or generated photos on one worker (tests/conftest.py). `make check`: the fast ones only.
JOBS   ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))
PYTEST := $(PY) -m pytest -n $(JOBS) --dist loadgroup

test: $(STAMP) translations
	$(PYTEST)

check: $(STAMP) translations
	$(PYTEST) -m "not slow"

bench: $(STAMP) translations
	$(PY) -m bench

clean:
	rm -rf $(VENV) build *.egg-info
