-- Organising what is tracked: a video may be paused or removed by its
-- workspace like an account, and a video found through an account is
-- beyond_limit when it is not among the account's newest videos its
-- tracking limit keeps. Such a video keeps its row and its history; it is
-- not refreshed, not counted and not in the dashboard's figures.
ALTER TABLE videos DROP CONSTRAINT videos_status_check;
ALTER TABLE videos ADD CONSTRAINT videos_status_check
    CHECK (status IN ('pending', 'active', 'error', 'paused', 'removed', 'beyond_limit'));

-- "Refresh now": a job a member asked for. Its targets count against the
-- plan's daily quota of manual refreshes.
ALTER TABLE scrape_jobs DROP CONSTRAINT scrape_jobs_reason_check;
ALTER TABLE scrape_jobs ADD CONSTRAINT scrape_jobs_reason_check CHECK (reason IN ('track', 'refresh', 'manual'));
CREATE INDEX scrape_jobs_manual_idx ON scrape_jobs (workspace_id, created_at) WHERE reason = 'manual';
