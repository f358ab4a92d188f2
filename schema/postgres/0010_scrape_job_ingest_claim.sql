-- ingest_claimed_until is the lease of the completion delivery that is
-- ingesting the job's run. While it lies in the future, other deliveries of
-- the same completion neither read the dataset nor write snapshots. The
-- claimer clears it when it records the job (processed or failed) and when
-- it fails; a claimer whose process died leaves it to expire, and a later
-- delivery claims the job again.
ALTER TABLE scrape_jobs ADD COLUMN ingest_claimed_until timestamptz;
