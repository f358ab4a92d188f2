// Package tracking tracks accounts and videos and keeps their numbers
// coming: a paste of links → Track (the items and their scrape jobs) →
// StartScrape (a run of the provider) → the provider's webhook →
// CompleteScrape (the snapshots to ClickHouse) → ApplyScrape (statuses, the
// accounts' videos, events). RefreshDue queues the items due again;
// organising, updating and removing the items is here too.
//
// A request reaches a handler here through api/: the request id, access log,
// panic recovery and deadline, the cross-site check, the session, the per-user
// rate limit and the workspace (its membership and data version);
// postTrack decodes the body strictly and calls TrackHandler.Handle.
//
// # Tracking (track.go) and the run's start (start_scrape.go)
//
// `parseAll` parses each URL with `internal/platform` (short links
// resolved): anything but a public account or video is a 400 and writes
// nothing. One transaction: `lockWorkspaceForTracking` locks the workspace
// and reads plan, access and usage, so concurrent tracks cannot both pass
// the limit; `trackOne` finds the item (`existing: true`, nothing charged)
// or inserts it within the video limit; `dataversion.BumpDataVersion`;
// `queueJobs` asks `ingest.Actors.Plan` for the runs (one per platform, at
// most `SCRAPER_MAX_TARGETS_PER_RUN` targets, Instagram accounts a reels and
// a details run), each a `scrape_jobs` row with its targets, `queued`. The
// answer: item id, job id, `scrape_status: queued`. Then `startAfterAnswer`
// runs `StartScrapeHandler` per job in the background (`background.Tasks`,
// so a shutdown waits): it claims the job (attempts + 1) and calls
// `ingest.Client.StartRun` with a webhook to
// `PUBLIC_BASE_URL/api/webhooks/scraper?job_id=…` (idempotency key per job
// and attempt). A 429/5xx/network failure re-queues the job; a 400 fails it
// with the provider's reason; 401/403, 404 or 402 pause starting runs
// (`provider_pauses`, every replica) and leave it queued, attempt unspent.
// `RefreshDueHandler` (`refresh_due.go`) retries queued jobs (back-off, 3
// attempts) and queues what the planner finds due (docs/refresh.md).
//
// # The completion (complete_scrape.go)
//
// `postScraperWebhook` (`api/webhooks.go`) checks the secret in constant
// time and calls `CompleteScrapeHandler.Handle`; the body is not read, the
// run is read back with the service's token. A processed job answers 200
// `replayed`; otherwise `claim` leases the row (`ingest_claimed_until`:
// remaining time + 30 s), and a delivery that finds it taken answers 409,
// `Retry-After: 30` (`ErrCompletionInProgress`); a failure releases it. A
// failed run fails the job (`FailJob`); a succeeded one fixes the snapshot
// time (the run's finish, the same for every delivery) and reads the dataset
// once, `SCRAPER_PAGE_SIZE` items a page (`ingest.Client.NormalizedDataset`;
// `TestCompletionReadsTheDatasetOnce`).
//
// # Items to snapshots (ingest, ingest/normalize)
//
// Pages are streamed item by item (`normalize.ItemReader`) through the
// platform's normalizer into a `normalize.Item`. With more than one CPU, one
// goroutine reads the pages and checks and indexes each item into batches
// of 256 (`normalize.ItemBatch`) while the others normalize the batches
// already read; `scrape.take` receives the items in the dataset's order on
// the completion's own goroutine, and at most a few batches of about a
// megabyte are held (`TestNormalizedDatasetKeepsTheDatasetsOrder`). A hidden metric stays
// `nil`, never 0; an unreadable item is skipped and counted. `scrape.take`
// matches items to targets: a tracked video, or an account's newest videos
// up to its tracking limit (chosen in `finish`; ids derived from identity,
// so a retry writes the same ids; paused, removed or beyond-limit videos
// left alone). `SnapshotWriter` (`ingest/snapshots.go`) appends the
// snapshots in batches of 50,000 rows to `metric_snapshots`, a
// `ReplacingMergeTree` keyed by (workspace, kind, entity, scraped at) and
// versioned by the job's creation time: a replay replaces its rows, and
// identical batches are dropped as duplicate blocks on a cluster
// (docs/scaling.md). Materialized views fill the projections (package
// `projections`).
//
// # The results (scrape_result.go)
//
// Only after ClickHouse took every row, `ApplyScrape` records in one
// transaction: `dataversion.RecordScrapeTime` (data version; history version
// for a late scrape), videos' metadata, accounts' profile and followers,
// seen items `active`, unseen ones `error`, the job `processed`. Rows lock
// workspace, videos, accounts, failed targets, job — the order tracking uses
// — so concurrent writes wait instead of deadlocking.
package tracking
