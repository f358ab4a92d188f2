-- given_up_at marks a job that is not started again: the refresh gave it
-- up after its last attempt, or the provider refused its input. NULL while
-- the job may still be retried. Jobs given up before this column existed
-- carry the mark as 1000 added to their attempts: they get the column and
-- their attempts back.
ALTER TABLE scrape_jobs ADD COLUMN given_up_at timestamptz;

UPDATE scrape_jobs SET given_up_at = updated_at, attempts = attempts - 1000 WHERE attempts >= 1000;

-- The jobs a refresh may retry: given-up jobs leave the index.
DROP INDEX scrape_jobs_retry_idx;
CREATE INDEX scrape_jobs_retry_idx ON scrape_jobs (created_at) WHERE status IN ('queued', 'failed') AND given_up_at IS NULL;
