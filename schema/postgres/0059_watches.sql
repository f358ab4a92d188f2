-- Watches and the capture inbox (docs/watches.md): a workspace watches a
-- hashtag, a mention, a sound or a search term on a platform; each run of
-- a watch lists the posts the provider finds for it, and the posts the
-- workspace does not track yet land in its inbox with why they matched,
-- to be tracked or dismissed (a dismissed post never comes back).
CREATE TABLE watches (
    id             uuid PRIMARY KEY,
    workspace_id   uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    platform       text NOT NULL CHECK (platform IN ('tiktok', 'instagram', 'youtube', 'x')),
    kind           text NOT NULL CHECK (kind IN ('hashtag', 'mention', 'sound', 'search')),
    -- normalised: a hashtag without '#', a handle without '@' (both
    -- lower-case), a sound's id, a search's words
    term           text NOT NULL,
    -- how many of the newest posts a run reads, and how often it runs
    results        integer NOT NULL CHECK (results BETWEEN 10 AND 200),
    interval_hours integer NOT NULL CHECK (interval_hours IN (6, 12, 24, 48, 168)),
    status         text NOT NULL CHECK (status IN ('active', 'paused')),
    -- rules: the posts of accounts the workspace tracks, or of its
    -- creators' accounts, are tracked at once, into this collection
    -- (none: the account's)
    auto_tracked   boolean NOT NULL DEFAULT false,
    auto_creators  boolean NOT NULL DEFAULT false,
    auto_collection_id uuid,
    next_run_at    timestamptz,
    last_run_at    timestamptz,
    last_error     text NOT NULL DEFAULT '',
    found          integer NOT NULL DEFAULT 0,
    created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id),
    UNIQUE (workspace_id, platform, kind, term),
    FOREIGN KEY (workspace_id, auto_collection_id) REFERENCES collections (workspace_id, id) ON DELETE SET NULL (auto_collection_id)
);
CREATE INDEX watches_due_idx ON watches (next_run_at) WHERE status = 'active';

-- A post a watch found: one row per post and workspace, whatever watches
-- found it, kept when dismissed so it never comes back.
CREATE TABLE captures (
    id               uuid PRIMARY KEY,
    workspace_id     uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    platform         text NOT NULL,
    platform_post_id text NOT NULL,
    url              text NOT NULL,
    author_handle    text NOT NULL,
    caption          text NOT NULL DEFAULT '',
    published_at     timestamptz,
    -- its counts when last found
    views            bigint,
    likes            bigint,
    comments         bigint,
    sound_id         text NOT NULL DEFAULT '',
    sound_name       text NOT NULL DEFAULT '',
    first_seen_at    timestamptz NOT NULL,
    last_seen_at     timestamptz NOT NULL,
    status           text NOT NULL CHECK (status IN ('new', 'tracked', 'dismissed')),
    -- tracked: the video it became; auto: by a watch's rule
    video_id         uuid,
    auto             boolean NOT NULL DEFAULT false,
    decided_by       uuid REFERENCES users (id) ON DELETE SET NULL,
    decided_at       timestamptz,
    UNIQUE (workspace_id, id),
    UNIQUE (workspace_id, platform, platform_post_id)
);
CREATE INDEX captures_inbox_idx ON captures (workspace_id, status, first_seen_at DESC);

-- Why a capture matched each watch that found it.
CREATE TABLE capture_matches (
    workspace_id uuid NOT NULL,
    capture_id   uuid NOT NULL,
    watch_id     uuid NOT NULL,
    reason       text NOT NULL,
    matched_at   timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, capture_id, watch_id),
    FOREIGN KEY (workspace_id, capture_id) REFERENCES captures (workspace_id, id) ON DELETE CASCADE,
    FOREIGN KEY (workspace_id, watch_id) REFERENCES watches (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX capture_matches_watch_idx ON capture_matches (workspace_id, watch_id, matched_at DESC);

-- A watch's run is a scrape job without targets: its items are captures.
ALTER TABLE scrape_jobs DROP CONSTRAINT scrape_jobs_reason_check;
ALTER TABLE scrape_jobs ADD CONSTRAINT scrape_jobs_reason_check CHECK (reason IN ('track', 'refresh', 'manual', 'watch'));
ALTER TABLE scrape_jobs ADD COLUMN watch_id uuid;
CREATE INDEX scrape_jobs_watch_idx ON scrape_jobs (watch_id) WHERE watch_id IS NOT NULL;
-- a watch's run spends the scrape budget, as a refresh does
CREATE INDEX scrape_jobs_watch_budget_idx ON scrape_jobs (workspace_id, created_at) WHERE reason = 'watch' AND snapshots > 0;
