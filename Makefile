# reeltrack: `make run` serves the API locally, `make test` runs every test.
# Both first install and start whatever local server is missing.

SHELL := /bin/bash
GO    ?= go
export PATH := /usr/local/go/bin:$(HOME)/go/bin:$(PATH)

.DEFAULT_GOAL := help
.PHONY: help run test bench migrate services lint

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-9s %s\n", $$1, $$2}'

services: ## install (where missing) and start PostgreSQL, ClickHouse and Redis on loopback; create the databases
	@scripts/services.sh

migrate: services ## apply pending PostgreSQL and ClickHouse migrations
	$(GO) run ./cmd/migrate

# Local defaults for `make run`: the scraping simulator stands in for the
# provider; every one of these can be overridden from the environment.
SIM_ADDR         ?= 127.0.0.1:8090
SCRAPER_BASE_URL ?= http://$(SIM_ADDR)
SCRAPER_TOKEN    ?= sim-token
CRON_SECRET      ?= local-cron-secret
# The server calls its own cron routes (refresh, alerts) this often;
# SCHEDULER_INTERVAL= (empty) leaves them to you.
SCHEDULER_INTERVAL ?= 1m

run: services ## start the local servers and the scraping simulator, migrate, and serve the API on http://127.0.0.1:8080
	@mkdir -p bin
	$(GO) build -o bin/server ./cmd/server
	$(GO) build -o bin/scrapersim ./cmd/scrapersim
	@bin/scrapersim -addr $(SIM_ADDR) -token $(SCRAPER_TOKEN) -speed 3600 & sim=$$!; \
	trap 'kill $$sim 2>/dev/null' EXIT INT TERM; \
	echo "scraping simulator on http://$(SIM_ADDR); $(if $(SCHEDULER_INTERVAL),the server calls its cron routes every $(SCHEDULER_INTERVAL),cron: curl -H 'Authorization: Bearer $(CRON_SECRET)' http://127.0.0.1:8080/api/cron/refresh)"; \
	SCRAPER_BASE_URL=$(SCRAPER_BASE_URL) SCRAPER_TOKEN=$(SCRAPER_TOKEN) CRON_SECRET=$(CRON_SECRET) \
	SCHEDULER_INTERVAL=$(SCHEDULER_INTERVAL) bin/server

test: services ## start the local servers, then run go vet and the whole test suite against them
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 15m ./...

# Flags of cmd/bench, e.g. BENCH_FLAGS='-reseed' or BENCH_FLAGS='-quick'.
BENCH_FLAGS ?=

bench: services ## run the Go benchmarks, then the dashboard benchmark (cmd/bench: seeds once, prints a markdown table)
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./...
	@mkdir -p bin
	$(GO) build -o bin/bench ./cmd/bench
	bin/bench $(BENCH_FLAGS)

lint: ## check formatting (gofmt) and go vet
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
