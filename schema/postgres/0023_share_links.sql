-- Share links: read-only links to a view of a workspace (every video, or
-- one collection's, a campaign's included) with its filters and date
-- range, for clients without an account. The token is shown once, at
-- creation; only its SHA-256 is kept. Every request of a link reads its
-- row here: a revoked or expired link stops answering at once.
CREATE TABLE share_links (
    id              uuid PRIMARY KEY,
    workspace_id    uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    -- the collection (or campaign) shown; NULL: the whole workspace
    collection_id   uuid,
    name            text NOT NULL,
    token_hash      bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    -- bcrypt hash of the link's password; '' when it has none
    password_hash   text NOT NULL DEFAULT '',
    -- the filters, as the dashboard's overview and videos list take them
    platforms       text[] NOT NULL DEFAULT '{}'
                    CHECK (platforms <@ ARRAY['tiktok', 'instagram', 'youtube', 'x']),
    individual_only boolean NOT NULL DEFAULT false,
    shop_only       boolean NOT NULL DEFAULT false,
    -- the overview's window: a preset, or a range of UTC dates
    date_preset     text NOT NULL DEFAULT '30d'
                    CHECK (date_preset IN ('24h', '7d', '30d', '90d', 'all', 'custom')),
    range_from      date,
    range_to        date,
    expires_at      timestamptz,
    include_payouts boolean NOT NULL DEFAULT false,
    allow_embedding boolean NOT NULL DEFAULT false,
    -- the origins allowed to frame the link when it allows embedding;
    -- empty: any
    embed_origins   text[] NOT NULL DEFAULT '{}',
    -- numbers as of this instant (a whole hour); NULL: live
    frozen_at       timestamptz,
    revoked_at      timestamptz,
    view_count      bigint NOT NULL DEFAULT 0,
    last_viewed_at  timestamptz,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id),
    CHECK ((date_preset = 'custom') = (range_from IS NOT NULL AND range_to IS NOT NULL)),
    CHECK (range_to >= range_from),
    FOREIGN KEY (workspace_id, collection_id) REFERENCES collections (workspace_id, id) ON DELETE CASCADE
);

CREATE INDEX share_links_workspace_idx ON share_links (workspace_id, created_at DESC);
