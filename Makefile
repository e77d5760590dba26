# The two commands of the quick start (`make run`, `make test`) set everything
# up themselves: system packages when missing, then .venv with the package.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8000

.PHONY: run test bench setup clean

$(STAMP): pyproject.toml scripts/setup.sh scripts/system-packages.txt
	bash scripts/setup.sh
	@touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	PORT=$(PORT) $(PY) -m companion.web.serve

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) build *.egg-info
