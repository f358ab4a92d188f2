# reeltrack: `make run` serves the API and the dashboard locally, `make test`
# runs every test. Both first install and start whatever local server is
# missing, and build the dashboard (web/dist) when its sources changed.

SHELL := /bin/bash
GO    ?= go
# Test binaries are linked without the symbol table and DWARF (panics and
# the race detector still name their functions), each once per make test:
# scripts/gotest.sh runs go test's flags with binaries kept under
# bin/test/pkgs/, so a package that runs on 18.16, the current engine and the
# cluster is linked once, and one whose sources did not change not at all.
GO_TEST_BUILD = -ldflags='-s -w'
GO_TEST = scripts/gotest.sh -count=1 $(GO_TEST_BUILD)
export PATH := /usr/local/go/bin:$(HOME)/go/bin:$(shell $(GO) env GOPATH 2>/dev/null)/bin:$(PATH)

.DEFAULT_GOAL := help
.PHONY: help run test test-binaries test-race-stage test-api-stage test-plain-stage test-current-stage test-cluster-stage bench faultdrill migrate services chdb lint stripe-mock web screenshots cluster cluster-stop test-cluster test-current study
.PHONY: prometheus soak

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

services: ## install (where missing) and start PostgreSQL, ClickHouse and Redis on loopback, create the databases; install Node.js and Chromium
	@scripts/services.sh

# chDB, the current ClickHouse engine of the tests (docs/clickhouse.md),
# installed where missing into ~/.cache/reeltrack/.
chdb:
	@scripts/services.sh chdb

# Prometheus and promtool (Debian's prometheus package), installed where
# missing: the tests of the metrics scrape the server with a Prometheus of
# their own, and check and unit-test the alerting rules of
# deploy/prometheus/ with promtool (docs/operations.md, Metrics).
prometheus: ## install (where missing) Prometheus and promtool, which the metrics and alerting-rule tests run
	@scripts/services.sh prometheus

# The local ClickHouse cluster (docs/scaling.md, "A local cluster"): ZooKeeper
# on 127.0.0.1:2181 and four ClickHouse servers, cluster `reeltrack` of 2
# shards x 2 replicas, tcp ports 19001-19004. The single server of
# `make services` is not touched.
cluster: ## start (where not running) ZooKeeper and a local ClickHouse cluster of 2 shards x 2 replicas (tcp 19001-19004)
	@scripts/cluster.sh start

cluster-stop: ## stop the local ClickHouse cluster and its ZooKeeper
	@scripts/cluster.sh stop

# The tests that recompute the dashboard's numbers from raw snapshots
# (ingestion through the webhook, videos, overview, accounts, one video;
# the spike scan against its reference; a campaign's payouts), then the tests of the cluster
# itself (TestCluster*: a replica, the entry node and a whole shard killed
# with SIGKILL and started again, a replayed insert deduplicated, the
# projections rebuilt, expired partitions dropped, a backup restored shard
# by shard and moved to and from one server; they skip without
# CLICKHOUSE_CLUSTER), with their ClickHouse databases on the cluster
# (CLICKHOUSE_CLUSTER: made ON CLUSTER, migrated with the cluster layout),
# node 1 as the entry point. PostgreSQL and Redis are those of
# `make services`. See docs/scaling.md, "Tests on the cluster".
CLUSTER_TESTS ?= Agree|Overview|Videos|SpikeScan|StartValues|CampaignPayouts
CLUSTER_PACKAGES ?= ./command/tracking ./projections ./projections/analytics ./cmd/migrate ./cmd/backup
# The read side's packages: its shared base and its rooms.
QUERY_PACKAGES ?= ./query ./query/chread ./query/numbers ./query/collections ./query/campaigns ./query/alerts ./query/team ./query/sharing
# Those of them with a test CLUSTER_TESTS names (a package's databases on
# the cluster take about 18 s to make, tests or none).
CLUSTER_QUERY_PACKAGES ?= $(patsubst %/,%,$(sort $(dir $(shell grep -lE '^func Test[A-Za-z0-9_]*($(CLUSTER_TESTS))' $(addsuffix /*_test.go,$(QUERY_PACKAGES)) 2>/dev/null))))
# The cluster's `default` has no password (deploy/cluster/users.xml): the
# tests make their databases as it.
CLUSTER_ENV := CLICKHOUSE_CLUSTER=reeltrack CLICKHOUSE_ADDR=127.0.0.1:19001 CLICKHOUSE_ADMIN_PASSWORD=
# The agreement tests share the cluster, two packages at a time, and beside
# them the TestCluster* tests of CLUSTER_PACKAGES, which work in their own
# databases and stop no server (their output is printed after the
# agreement tests'). The API's TestCluster* tests stop and start its nodes
# and ZooKeeper, so they run last, with nothing else on it.
define CLUSTER_TEST_RUN
	@out=$$(mktemp); \
	echo "$(CLUSTER_ENV) $(GO_TEST) -p 1 -timeout $(TEST_TIMEOUT) -run '^TestCluster' $(CLUSTER_PACKAGES) (beside the next)"; \
	$(CLUSTER_ENV) $(GO_TEST) -p 1 -timeout $(TEST_TIMEOUT) -run '^TestCluster' $(CLUSTER_PACKAGES) >$$out 2>&1 & beside=$$!; \
	echo "$(CLUSTER_ENV) $(GO_TEST) -timeout $(TEST_TIMEOUT) -run '$(CLUSTER_TESTS)' -skip '^TestCluster' $(CLUSTER_QUERY_PACKAGES) ./api"; \
	$(CLUSTER_ENV) $(GO_TEST) -timeout $(TEST_TIMEOUT) -run '$(CLUSTER_TESTS)' -skip '^TestCluster' $(CLUSTER_QUERY_PACKAGES) ./api; agree=$$?; \
	wait $$beside; rc=$$?; cat $$out; rm -f $$out; \
	[ $$agree -eq 0 ] && [ $$rc -eq 0 ]
	$(CLUSTER_ENV) $(GO_TEST) -p 1 -timeout $(TEST_TIMEOUT) -run '^TestCluster' ./api
endef
test-cluster: cluster services stripe-mock ## run the agreement tests (api, query) and the failure, replay, rebuild, retention, analyst and backup tests against the local cluster (about 6 minutes; part of make test)
	$(CLUSTER_TEST_RUN)

# The ClickHouse-facing packages again, each on a current ClickHouse engine
# of its own (CLICKHOUSE_ENGINE=current: chDB 26.7, the library that
# scripts/services.sh chdb installs, served by cmd/chdbhttp over
# ClickHouse's HTTP interface): the migrations, every query, the dashboard's
# answers through the API and in the browser, the spike scan, the export,
# the analytics sync and the examples of docs/analytics.md, each checked
# against answers recomputed from the raw snapshots, as on 18.16. The tests that are about
# the server rather than the SQL skip there, saying why. See
# docs/clickhouse.md.
# Packages whose SQL is all ClickHouse-facing run whole; of those that
# are mostly about something else (the API's sessions, billing and limits,
# the backups' refusals, the browser) only the tests that read ClickHouse
# run again, by name (CURRENT_TESTS): every dashboard answer compared with
# the raw snapshots, exports, campaigns, alerts and insights through the
# API, a backup moved between the engines, and the dashboard journey in
# the browser. The money replay's three simulated weeks run on 18.16 only:
# the ledger's statements are those TestPayoutsReplayFromRawSnapshots runs here.
CURRENT_PACKAGES ?= ./schema ./cmd/migrate ./command/tracking ./command/campaigns ./command/alerts ./command/collections \
	./projections ./projections/analytics $(QUERY_PACKAGES) ./internal/analyst/examples
CURRENT_BY_NAME ?= ./api ./cmd/backup
CURRENT_TESTS ?= Agree|Overview|Video|Account|Export|Campaign|Alert|Digest|Outlier|Insight|StartValues|Gain|Bucket|Hidden|Moved|Movers|Chart|Scores|ShareLinkShowsOnlyItsScope|ShareLinkCampaign|OneCount|ReadAfterWrite|EndToEnd|NextScrape|BackupMovesBetweenEngines|RetentionDropped
# Of those, the ones about the server rather than its reads skip there
# (CURRENT_SKIP): bad input answered before any read, the forms and
# recipients of alert rules and digests, the export's slots and stalls,
# concurrent cron calls, payees and campaign edits kept in PostgreSQL.
CURRENT_SKIP ?= Errors|RejectBad|AlertRules|DeleteAlertRule|EmptyAlertForm|AlertRecipients|AlertMails|DigestSetting|ExportSlots|ExportStall|ExportWaits|UserBucketKey|ConcurrentCron|Bootstrap|EditAndRulesHistory|TrackingLimitChosen|ChoosingAVideosPayee|DeletingACampaignsCollection
define CURRENT_TEST_RUN
	CLICKHOUSE_ENGINE=current $(GO_TEST) -timeout $(TEST_TIMEOUT) -skip 'TestMoneyReplayOverSimulatedWeeks' $(CURRENT_PACKAGES)
	CLICKHOUSE_ENGINE=current $(GO_TEST) -timeout $(TEST_TIMEOUT) -run '$(CURRENT_TESTS)' -skip '$(CURRENT_SKIP)' $(CURRENT_BY_NAME)
	CLICKHOUSE_ENGINE=current $(GO_TEST) -timeout 10m -run '^TestDashboardJourney$$' ./web/e2e
endef
test-current: services chdb stripe-mock web ## run the ClickHouse-facing tests on a current ClickHouse engine (chDB 26.7; part of make test)
	$(CURRENT_TEST_RUN)

# The dashboard (web/, Vite): built into web/dist, which the server embeds
# (package web), only when a source is newer than the build; `npm ci` runs
# first when web/node_modules is missing or older than the lockfile. Vite
# empties dist/ when it builds, so dist/.gitkeep (committed, for go:embed on
# a fresh clone) is put back.
# web/src/generated is written by the build itself, from openapi.yaml.
WEB_SOURCES := $(shell find web/src web/public -type f -not -path 'web/src/generated/*' 2>/dev/null) \
	web/index.html web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json web/precompress.mjs openapi.yaml
NPM_CI := npm ci --no-audit --no-fund --loglevel=error

web: web/dist/index.html ## build the dashboard into web/dist (embedded by the server) when its sources changed

web/node_modules/.installed: web/package.json web/package-lock.json
	@scripts/services.sh node
	cd web && $(NPM_CI)
	@touch $@

web/dist/index.html: $(WEB_SOURCES) web/node_modules/.installed
	@scripts/services.sh node
	cd web && npm run build || { rm -f dist/index.html; touch dist/.gitkeep; exit 1; }
	@touch web/dist/.gitkeep $@

screenshots: services stripe-mock web ## write a PNG of every dashboard page at 1440x900 and 375x812, light and dark, with a filled workspace, into screenshots/
	$(GO) test -count=1 -timeout 10m -run '^TestScreenshots$$' ./web/e2e -args -screenshots=$(CURDIR)/screenshots

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

# Billing: without STRIPE_SECRET_KEY in the environment, `make run` starts
# stripe-mock (Stripe's API stand-in) on this address and points the server
# at it, with made-up price ids and a webhook secret generated at each start
# and printed, so checkout and portal answer locally. With
# STRIPE_SECRET_KEY set, the STRIPE_* settings are passed on as they are.
STRIPE_MOCK_MODULE := github.com/stripe/stripe-mock@v0.203.0
STRIPE_MOCK_ADDR   ?= 127.0.0.1:12111
LOCAL_STRIPE := STRIPE_SECRET_KEY=sk_test_123 STRIPE_API_URL=http://$(STRIPE_MOCK_ADDR) \
	STRIPE_PRICE_STARTER_MONTH=price_starter_month STRIPE_PRICE_STARTER_YEAR=price_starter_year \
	STRIPE_PRICE_GROWTH_MONTH=price_growth_month STRIPE_PRICE_GROWTH_YEAR=price_growth_year \
	STRIPE_PRICE_AGENCY_MONTH=price_agency_month STRIPE_PRICE_AGENCY_YEAR=price_agency_year \
	STRIPE_PRICE_FOUNDING=price_founding_year

# Payouts through PayPal: without PAYPAL_API_URL in the environment, `make
# run` starts cmd/paypalsim (PayPal's Payouts API stand-in) on this address
# and points the server's live and sandbox PayPal APIs at it, so a
# workspace connects any client id and secret and its batches are paid
# locally (docs/creators.md, "Paying through PayPal").
PAYPAL_SIM_ADDR ?= 127.0.0.1:12112

# stripe-mock is installed with `go install` where it is missing (run and
# test need it; internal/testenv pins the same version).
stripe-mock:
	@command -v stripe-mock >/dev/null 2>&1 || { echo "stripe-mock: installing $(STRIPE_MOCK_MODULE)"; $(GO) install $(STRIPE_MOCK_MODULE); }

run: services stripe-mock web ## start the local servers, the scraping simulator, stripe-mock and PayPal's stand-in, migrate, and serve the API and the dashboard on http://127.0.0.1:8080
	@mkdir -p bin
	$(GO) build -o bin/server ./cmd/server
	$(GO) build -o bin/scrapersim ./cmd/scrapersim
	$(GO) build -o bin/paypalsim ./cmd/paypalsim
	@bin/scrapersim -addr $(SIM_ADDR) -token $(SCRAPER_TOKEN) -speed 3600 & pids=$$!; \
	trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	echo "scraping simulator on http://$(SIM_ADDR); $(if $(SCHEDULER_INTERVAL),the server calls its cron routes every $(SCHEDULER_INTERVAL),cron: curl -H 'Authorization: Bearer $(CRON_SECRET)' http://127.0.0.1:8080/api/cron/refresh)"; \
	adb=$${CLICKHOUSE_DATABASE:-reeltrack}_analytics; apw='$$CLICKHOUSE_ANALYST_PASSWORD'; [ -n "$$CLICKHOUSE_ANALYST_PASSWORD" ] || apw=analyst-local; \
	echo "analysts (read-only, docs/analytics.md): clickhouse-client --user analyst --password \"$$apw\" --database $$adb"; \
	echo "  over HTTP: curl \"http://127.0.0.1:8123/?user=analyst&password=$$apw&database=$$adb\" --data-binary 'SHOW TABLES'"; \
	if [ -z "$$STRIPE_SECRET_KEY" ]; then \
		stripe-mock -http-addr $(STRIPE_MOCK_ADDR) -https-addr 127.0.0.1: >/tmp/reeltrack-stripe-mock.log 2>&1 & pids="$$pids $$!"; \
		export $(LOCAL_STRIPE); \
		export STRIPE_WEBHOOK_SECRET=$${STRIPE_WEBHOOK_SECRET:-whsec_$$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')}; \
		echo "stripe-mock on http://$(STRIPE_MOCK_ADDR) (log: /tmp/reeltrack-stripe-mock.log); payment webhook secret: $$STRIPE_WEBHOOK_SECRET"; \
	fi; \
	if [ -z "$$PAYPAL_API_URL" ]; then \
		bin/paypalsim -addr $(PAYPAL_SIM_ADDR) >/tmp/reeltrack-paypalsim.log 2>&1 & pids="$$pids $$!"; \
		export PAYPAL_API_URL=http://$(PAYPAL_SIM_ADDR) PAYPAL_SANDBOX_API_URL=http://$(PAYPAL_SIM_ADDR); \
		echo "PayPal's Payouts API stand-in on http://$(PAYPAL_SIM_ADDR) (log: /tmp/reeltrack-paypalsim.log): connect PayPal with any client id and secret"; \
	fi; \
	SCRAPER_BASE_URL=$(SCRAPER_BASE_URL) SCRAPER_TOKEN=$(SCRAPER_TOKEN) CRON_SECRET=$(CRON_SECRET) \
	SCHEDULER_INTERVAL=$(SCHEDULER_INTERVAL) bin/server

# The race detector watches the packages whose own code starts goroutines
# over shared memory, or whose tests call it from many goroutines: the
# request plumbing and cached answers (api/httpx, whose test makes a
# caller leave before the shared computation reads), the reads that fan
# out (query and its rooms), the scheduler and background tasks, the
# stores' pools, the rate limits, the metrics, the mail sender, concurrent
# tracking and invites; and the API's tests where requests share state,
# by name (API_RACE_TESTS, which the API's own stage skips):
# concurrent writes, sessions and caches, answers that outlive their
# callers, the export's slots, shutdown and panics.
# Everything else runs without it (PLAIN_PACKAGES): use cases that run one
# statement after another, the browser, the simulator, backups, the
# replays. The detector would slow them several times over and has nothing
# of theirs to watch.
# The bench's growth and campaign scenarios run with `make bench`, which
# they serve; its smoke test of the whole driver stays here.
MODULE := github.com/reeltrack/reeltrack
RACE_PACKAGES ?= ./api/httpx ./api/numbers ./cmd/server ./command/tracking ./command/team ./internal/background ./internal/fanout \
	./internal/mail ./internal/metrics ./internal/ratelimit ./internal/store $(QUERY_PACKAGES) ./query/answercache
# The API's routes run in a stage of their own, beside the others; of the
# rest the slowest (the browser) first, so the small packages fill the other
# slots beside it.
PLAIN_PACKAGES = ./web/e2e $(filter-out $(MODULE)/api $(MODULE)/web/e2e $(RACE_PACKAGES:./%=$(MODULE)/%),$(shell $(GO) list ./... 2>/dev/null))
API_RACE_TESTS ?= Concurrent|Parallel|Replayed|Cached|Session|Shutdown|Panic|ExportSlots|ExportStall|Redis|Frozen
BENCH_SCENARIO_TESTS := TestQuickGrowth|TestQuickCampaign

# make test: go vet (which compiles every package), the test binaries
# linked once (scripts/gotest.sh -build-only; the stages then only run
# them, GOTEST_BUILT), then five stages side by side, as most of their time
# is spent waiting on the stores: the race stage, the API's routes, the other
# packages, the tests of make test-current on a current ClickHouse engine,
# and those of make test-cluster on the local cluster (which `cluster`
# installs and starts first). Each test binary's databases are its own
# (internal/testenv names them), so stages do not meet; a stage's output is
# printed whole when it ends, and every stage runs to its end even when
# another fails (-k).
# Each test binary's limit: the stages run side by side on 2 cores, where
# the API's routes alone have taken 20 minutes at a load average of 30
# (tests wait for what they assert, so a loaded machine is slow, not wrong).
TEST_TIMEOUT := 40m
TEST_STAGES := test-race-stage test-api-stage test-plain-stage test-current-stage test-cluster-stage
# The commands the tests run as processes of their own, built once for the
# whole run (internal/testenv reads TEST_BINARIES) rather than linked again
# by each test binary that starts one.
TEST_BINARIES := $(CURDIR)/bin/test
TEST_COMMANDS := ./cmd/server ./cmd/scrapersim ./cmd/chdbhttp ./cmd/migrate ./cmd/backup ./cmd/soak
test-binaries:
	@mkdir -p $(TEST_BINARIES)
	$(GO) build -o $(TEST_BINARIES)/ $(TEST_COMMANDS)
test: services chdb stripe-mock web cluster prometheus test-binaries ## start the local servers and the local cluster (and install stripe-mock, chDB and Prometheus), build the dashboard, run go vet, link the test binaries, then side by side: the tests with the race detector, the API's routes, the rest, the ClickHouse tests on a current engine, and the cluster tests
	$(GO) vet ./...
	scripts/gotest.sh -build-only $(GO_TEST_BUILD) ./...
	scripts/gotest.sh -build-only -race $(GO_TEST_BUILD) $(RACE_PACKAGES) ./api
	@GOTEST_BUILT=1 TEST_BINARIES=$(TEST_BINARIES) $(MAKE) --no-print-directory -k -j $(words $(TEST_STAGES)) --output-sync=target $(TEST_STAGES)

test-race-stage:
	$(GO_TEST) -race -timeout $(TEST_TIMEOUT) $(RACE_PACKAGES)
	$(GO_TEST) -race -timeout $(TEST_TIMEOUT) -run '$(API_RACE_TESTS)' ./api
test-api-stage:
	$(GO_TEST) -timeout $(TEST_TIMEOUT) -skip '$(API_RACE_TESTS)' ./api
test-plain-stage:
	$(GO_TEST) -timeout $(TEST_TIMEOUT) -skip '$(BENCH_SCENARIO_TESTS)' $(PLAIN_PACKAGES)
test-current-stage:
	$(CURRENT_TEST_RUN)
test-cluster-stage:
	$(CLUSTER_TEST_RUN)

# Flags of cmd/bench, e.g. BENCH_FLAGS='-reseed' or BENCH_FLAGS='-quick'.
BENCH_FLAGS ?=

bench: services web ## run the bench's scenario tests (growth, campaign) and the Go benchmarks, then the dashboard benchmark (cmd/bench: seeds once, prints a markdown table; times the dashboard in Chromium)
	$(GO) test -count=1 -timeout 20m -run '$(BENCH_SCENARIO_TESTS)' ./cmd/bench
	$(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./...
	@mkdir -p bin
	$(GO) build -o bin/bench ./cmd/bench
	bin/bench $(BENCH_FLAGS)

study: ## run the refresh simulation and the forecast backtest and print their figures
	$(GO) run ./cmd/scrapersim -study refresh
	$(GO) run ./cmd/scrapersim -study forecast

# The soak (cmd/soak; docs/operations.md, "Soak"): the server and the
# scraping simulator on one simulated clock moved in steps of SOAK_STEP,
# SOAK_DAYS days of rounds of the cron routes over a workspace of
# SOAK_ITEMS items, in fresh databases of its own (reeltrack_soak, dropped
# at the end; SOAK_FLAGS=-keep keeps them). It prints a table per simulated
# day and its checks, and fails when one fails. A short version of it runs
# in make test (TestSoakShort).
SOAK_ITEMS ?= 3000
SOAK_DAYS  ?= 7
SOAK_STEP  ?= 2h
SOAK_FLAGS ?=
soak: services ## run the server SOAK_DAYS simulated days (7) over SOAK_ITEMS items (3000) with its crons and deliveries; check memory, goroutines, pools, queues, ClickHouse parts and the numbers (cmd/soak)
	@mkdir -p bin
	$(GO) build -o bin/soak ./cmd/soak
	$(GO) build -o bin/scrapersim ./cmd/scrapersim
	bin/soak -items $(SOAK_ITEMS) -days $(SOAK_DAYS) -step $(SOAK_STEP) $(SOAK_FLAGS)

faultdrill: services ## freeze, kill and restart a PostgreSQL and a Redis of its own under a load of dashboard requests; print the answers per phase (cmd/faultdrill)
	@mkdir -p bin
	$(GO) build -o bin/server ./cmd/server
	$(GO) build -o bin/faultdrill ./cmd/faultdrill
	bin/faultdrill $(FAULTDRILL_FLAGS)

# staticcheck is installed with `go install` where it is missing.
STATICCHECK_MODULE := honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint: ## check formatting (gofmt), go vet, staticcheck, and the import rules and package list of docs/architecture.md (layers_test.go)
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	@command -v staticcheck >/dev/null 2>&1 || { echo "staticcheck: installing $(STATICCHECK_MODULE)"; $(GO) install $(STATICCHECK_MODULE); }
	staticcheck ./...
	$(GO) test -count=1 .

# Backups (docs/backup.md): `make backup` writes PostgreSQL (pg_dump -Fc)
# and ClickHouse's snapshots (Native, per partition) with a manifest into
# BACKUP_DIR; `make restore BACKUP=dir` brings one into empty databases
# (FORCE=1 replaces what they hold). Both reach the stores as the server
# does (DATABASE_URL, CLICKHOUSE_*), ClickHouse's HTTP interface at
# CLICKHOUSE_HTTP_ADDR (default: CLICKHOUSE_ADDR itself when it is http(s)://…, else its host on port 8123).
# On a cluster (CLICKHOUSE_CLUSTER) a backup reads each shard on one replica
# and a restore puts each row back on its workspace's shard: CLICKHOUSE_HTTP_ADDR
# then lists the nodes' HTTP interfaces, one per shard at least (default: port
# 8123 of each host of the cluster; the local cluster's nodes serve it on
# 18121-18124: docs/backup.md, "Clusters").
BACKUP_DIR ?= backups/$(shell date -u +%Y%m%dT%H%M%SZ)
.PHONY: backup restore upgrade

backup: ## write a backup of PostgreSQL and of ClickHouse's snapshots into BACKUP_DIR (default backups/<UTC time>); on a cluster (CLICKHOUSE_CLUSTER, CLICKHOUSE_HTTP_ADDR the nodes') shard by shard
	$(GO) run ./cmd/backup backup -dir $(BACKUP_DIR)

upgrade: services ## back up both databases into BACKUP_DIR (as make backup), say where, then apply the pending migrations (docs/operations.md, Upgrades)
	$(GO) run ./cmd/backup backup -before-upgrade -dir $(BACKUP_DIR)
	$(GO) run ./cmd/migrate

restore: ## restore BACKUP=dir into empty databases (FORCE=1 replaces what they hold), then rebuild what derives from it; on a cluster each row goes back to its workspace's shard (a backup of one server or of a cluster restores into either)
	@[ -n "$(BACKUP)" ] || { echo "make restore BACKUP=<backup directory>"; exit 1; }
	$(GO) run ./cmd/backup restore -dir $(BACKUP) $(if $(FORCE),-force)
