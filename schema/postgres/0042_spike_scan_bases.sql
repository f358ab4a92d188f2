-- The spike scan's basis for each workspace (domain.SpikeBasis): what its
-- previous scan read and found. A video's match depends only on its own
-- points (and, for velocity_vs_baseline, its account's), so while the
-- workspace's spike rules (rules, as command/alerts writes them down) and
-- its history_version are as they were, the next scan reads only the
-- videos with a point scraped at or after scraped_until minus 6 hours (a
-- scrape recorded later than that bumps history_version), the accounts
-- with one, and the standing videos: those that met a rule then, in the
-- rule's scope or not, cooling down or not, so that they alert again once
-- in scope or out of their cooldown. Written after the scan's alerts are
-- recorded; without a row, or with other rules or history, the scan reads
-- every video of the workspace.
CREATE TABLE spike_scan_bases (
    workspace_id    uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    rules           text NOT NULL,
    scraped_until   timestamptz NOT NULL,
    history_version bigint NOT NULL,
    standing        uuid[] NOT NULL,
    scanned_at      timestamptz NOT NULL
);
