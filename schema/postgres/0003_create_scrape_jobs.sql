-- A scrape job is one provider run. It is recorded before the provider is
-- called, so a crash between the two leaves a queued job that the next
-- refresh starts, never a run without a job.

CREATE TABLE scrape_jobs (
    id              uuid PRIMARY KEY,
    workspace_id    uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    platform        text NOT NULL CHECK (platform IN ('tiktok', 'instagram', 'youtube', 'x')),
    actor           text NOT NULL,
    input           jsonb NOT NULL,
    reason          text NOT NULL CHECK (reason IN ('track', 'refresh')),
    status          text NOT NULL DEFAULT 'queued'
                    CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'processed')),
    provider_run_id text UNIQUE,
    dataset_id      text,
    attempts        integer NOT NULL DEFAULT 0,
    error           text NOT NULL DEFAULT '',
    -- the run's finish time: the time of every snapshot the job writes, so a
    -- replayed completion writes the same keys
    scraped_at      timestamptz,
    items_total     integer NOT NULL DEFAULT 0,
    items_skipped   integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX scrape_jobs_retry_idx ON scrape_jobs (created_at) WHERE status IN ('queued', 'failed');

CREATE TABLE scrape_job_targets (
    job_id      uuid NOT NULL REFERENCES scrape_jobs (id) ON DELETE CASCADE,
    entity_kind text NOT NULL CHECK (entity_kind IN ('video', 'account')),
    entity_id   uuid NOT NULL,
    PRIMARY KEY (job_id, entity_kind, entity_id)
);

CREATE INDEX scrape_job_targets_entity_idx ON scrape_job_targets (entity_id);
