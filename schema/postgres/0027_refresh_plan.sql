-- The adaptive refresh (internal/refresh, docs/refresh.md). The refresh
-- cron plans every refreshed account and individually tracked video and
-- stores when it is next scraped and why; the dashboard shows them.
-- refresh_interval_secs is the interval the plan gave: after a scrape the
-- next one is due that long after it, until the cron plans again.
ALTER TABLE accounts
    ADD COLUMN next_refresh_at timestamptz,
    ADD COLUMN refresh_interval_secs integer CHECK (refresh_interval_secs > 0),
    ADD COLUMN refresh_reason text
        CONSTRAINT accounts_refresh_reason_check
        CHECK (refresh_reason IN ('new', 'young', 'growing', 'campaign', 'alert_rule', 'settled', 'budget'));

ALTER TABLE videos
    ADD COLUMN next_refresh_at timestamptz,
    ADD COLUMN refresh_interval_secs integer CHECK (refresh_interval_secs > 0),
    ADD COLUMN refresh_reason text
        CONSTRAINT videos_refresh_reason_check
        CHECK (refresh_reason IN ('new', 'young', 'growing', 'campaign', 'alert_rule', 'settled', 'budget'));

-- The ledger of the scrape budget: the snapshots a scheduled refresh job
-- was charged when it was queued (0 for jobs of other reasons, and for the
-- first scrapes of items never scraped, which are outside the budget).
-- Retries of a job are not charged again.
ALTER TABLE scrape_jobs ADD COLUMN snapshots integer NOT NULL DEFAULT 0 CHECK (snapshots >= 0);

CREATE INDEX scrape_jobs_budget_idx ON scrape_jobs (workspace_id, created_at) WHERE reason = 'refresh' AND snapshots > 0;
