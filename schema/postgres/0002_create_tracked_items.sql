-- Collections, tracked accounts and tracked videos. Metrics live in
-- ClickHouse; these rows hold identity, status and tenancy.

CREATE TABLE collections (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id)
);

CREATE UNIQUE INDEX collections_name_idx ON collections (workspace_id, lower(name));

CREATE TABLE accounts (
    id              uuid PRIMARY KEY,
    workspace_id    uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    platform        text NOT NULL CHECK (platform IN ('tiktok', 'instagram', 'youtube', 'x')),
    handle          text NOT NULL,
    url             text NOT NULL,
    display_name    text NOT NULL DEFAULT '',
    avatar_url      text NOT NULL DEFAULT '',
    collection_id   uuid,
    status          text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'active', 'paused', 'removed', 'error')),
    status_reason   text NOT NULL DEFAULT '',
    -- How many of the account's newest videos are tracked; counts against
    -- the workspace's video limit while the account is not removed.
    tracking_limit  integer NOT NULL DEFAULT 30 CHECK (tracking_limit >= 1),
    platform_account_id text NOT NULL DEFAULT '',
    followers       bigint,
    last_scraped_at timestamptz,
    -- set when a refresh job is queued, cleared when it completes: a due
    -- account is not queued twice while its job is in flight
    refresh_queued_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, platform, handle),
    UNIQUE (workspace_id, id),
    FOREIGN KEY (workspace_id, collection_id) REFERENCES collections (workspace_id, id)
);

CREATE TABLE videos (
    id                   uuid PRIMARY KEY,
    workspace_id         uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    platform             text NOT NULL CHECK (platform IN ('tiktok', 'instagram', 'youtube', 'x')),
    platform_video_id    text NOT NULL,
    url                  text NOT NULL,
    account_id           uuid,
    account_handle       text NOT NULL DEFAULT '',
    collection_id        uuid,
    caption              text NOT NULL DEFAULT '',
    thumbnail_url        text NOT NULL DEFAULT '',
    published_at         timestamptz,
    -- NULL: the provider did not say whether the video sells products.
    is_shop              boolean,
    -- true when tracked by its own URL; false when found through an account.
    tracked_individually boolean NOT NULL,
    status               text NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'active', 'error')),
    status_reason        text NOT NULL DEFAULT '',
    last_scraped_at      timestamptz,
    refresh_queued_at    timestamptz,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, platform, platform_video_id),
    FOREIGN KEY (workspace_id, account_id) REFERENCES accounts (workspace_id, id),
    FOREIGN KEY (workspace_id, collection_id) REFERENCES collections (workspace_id, id)
);

CREATE INDEX videos_account_idx ON videos (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX accounts_refresh_idx ON accounts (last_scraped_at) WHERE status IN ('pending', 'active', 'error');
CREATE INDEX videos_refresh_idx ON videos (last_scraped_at) WHERE tracked_individually;
