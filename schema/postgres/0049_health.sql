-- The health page (query/health, GET /api/workspace/health): what the
-- scheduled work last did, and indexes for its reads of one workspace.

-- cron_steps is the last run of each scheduled step (domain.CronSteps: the
-- refresh, then the alerts cron's steps), written by whichever server ran
-- it, one row a step. Times are the service's clock; durations are real.
CREATE TABLE cron_steps (
    step             text PRIMARY KEY,
    last_run_at      timestamptz NOT NULL,
    last_run_ms      integer NOT NULL CHECK (last_run_ms >= 0),
    last_failed      boolean NOT NULL,
    -- failed runs in a row: 0 after a success
    failures         integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
    -- the end of the last successful run, and how long it took
    last_success_at  timestamptz,
    last_success_ms  integer CHECK (last_success_ms >= 0)
);

-- A workspace's scrape jobs of a window (failure rates, last errors).
CREATE INDEX scrape_jobs_workspace_idx ON scrape_jobs (workspace_id, created_at);

-- A workspace's jobs waiting to start, to be retried or running (the
-- backlog), however old.
CREATE INDEX scrape_jobs_waiting_idx ON scrape_jobs (workspace_id, created_at)
    WHERE status IN ('queued', 'running', 'failed') AND given_up_at IS NULL;

-- A workspace's last successful scrape of each platform.
CREATE INDEX scrape_jobs_processed_idx ON scrape_jobs (workspace_id, platform, scraped_at)
    WHERE status = 'processed';

-- A workspace's e-mails and channel deliveries waiting or given up.
CREATE INDEX mail_outbox_workspace_idx ON mail_outbox (workspace_id, created_at)
    WHERE status IN ('pending', 'failed');
CREATE INDEX event_deliveries_workspace_idx ON event_deliveries (workspace_id, created_at)
    WHERE status IN ('pending', 'failed');
