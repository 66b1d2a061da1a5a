# Kit Portal entry points. Every target runs under the project's own Node 24,
# installed from the npm registry into .toolchain/ (the machine may have an older one).
SHELL := /bin/bash
.DEFAULT_GOAL := help

NODE_MAJOR := 24
TOOLCHAIN  := $(CURDIR)/.toolchain
NODE_DIR   := $(TOOLCHAIN)/node_modules/node/bin
NODE       := $(NODE_DIR)/node
export PATH := $(NODE_DIR):$(CURDIR)/node_modules/.bin:$(PATH)
export npm_config_fund := false
export npm_config_audit := false
export npm_config_update_notifier := false

PORT         ?= 8080
KIT_DATA_DIR ?= $(CURDIR)/data
export PORT KIT_DATA_DIR

WEB_SOURCES := $(shell find web/src web/public web/index.html web/vite.config.ts server/contract/src -type f 2>/dev/null)
SERVER_SOURCES := $(shell find server/src server/contract/src -type f -name '*.ts' ! -name '*.test.ts' 2>/dev/null)

.PHONY: help start dev test test-one build deps toolchain bench crash-test image image-test

help:
	@echo "make start   sirve el portal con datos de demostración en http://localhost:$(PORT)"
	@echo "make test    ejecuta todas las pruebas"
	@echo "make test-one F=ruta  ejecuta un solo archivo de pruebas (vitest, o un recorrido del navegador en web/e2e/)"
	@echo "make dev     servidor y vite con recarga"
	@echo "make bench   mide búsqueda, API, medios, memoria bajo carga, tamaños y Lighthouse"
	@echo "make image   imagen para tarjeta SD de Raspberry Pi (3B/3B+/4/400) en image/dist/ (root)"
	@echo "make image-test  la imagen arrancada en QEMU con su autoprueba (root; lento)"

$(NODE):
	npm install --prefix $(TOOLCHAIN) --no-save --no-package-lock node@$(NODE_MAJOR)
	@$(NODE) --version

toolchain: $(NODE)

# npm ci only when the lock file changes.
node_modules/.install-stamp: $(NODE) package.json package-lock.json server/package.json server/contract/package.json web/package.json
	npm ci
	@touch $@

deps: node_modules/.install-stamp

web/dist/index.html: node_modules/.install-stamp $(WEB_SOURCES)
	npm run build -w web

# The server as the kit runs it, in one plain JavaScript file (scripts/build-server.ts).
server/dist/main.mjs: node_modules/.install-stamp $(SERVER_SOURCES) scripts/build-server.ts
	node scripts/build-server.ts

build: web/dist/index.html server/dist/main.mjs

start: build
	KIT_SEED_DEMO=true node server/src/main.ts

dev: deps
	npm run dev

# Every host tool a test runs (Debian's chromium among them: a test tool cannot
# download its own browser here) is installed first, or the run stops naming it.
test: build
	sh scripts/ensure-test-tools.sh
	bash scripts/run-tests.sh

# One test file, in seconds: F=server/src/…/x.test.ts or web/src/…/x.test.tsx (vitest),
# or F=web/e2e/<name>.spec.ts (a browser journey, against the built app). Extra
# arguments for the runner go in ARGS (e.g. ARGS='-t "refuses"').
test-one: deps
	@test -n "$(F)" || { echo "uso: make test-one F=ruta/del/archivo [ARGS=…]" >&2; exit 2; }
	@case "$(F)" in \
	  web/e2e/*) $(MAKE) --no-print-directory build && cd web && npx playwright test "$(F:web/%=%)" $(ARGS) ;; \
	  *) npx vitest run "$(F)" $(ARGS) ;; \
	esac

# Figures and ratios, not pass/fail: prints a table and writes bench/results.json.
bench: build
	sh scripts/ensure-test-tools.sh scripts/bench-tools.txt
	npm run bench

# The crash-consistency test with 200 kills instead of make test's 25.
crash-test: deps
	npm run crash-test

# The Raspberry Pi SD image (image/README.md). Root: it builds a Debian root
# file system under qemu-user. Prints how long it took.
image: build
	sh image/ensure-tools.sh
	@start=$$(date +%s); sh image/build.sh && echo "make image: $$(( $$(date +%s) - start )) s"

# The image plus a self-test variant booted with its own kernel in QEMU (arm64, TCG).
image-test: build
	sh image/ensure-tools.sh
	@start=$$(date +%s); sh image/build.sh --selftest && sh image/qemu-test.sh && echo "make image-test: $$(( $$(date +%s) - start )) s"
