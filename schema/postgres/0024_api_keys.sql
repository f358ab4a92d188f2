-- Personal API keys: an owner or admin makes a key that acts as them in
-- their workspace, over HTTP with `Authorization: Bearer <key>`. Only the
-- SHA-256 of the key is kept (key_hash), with its first characters
-- (prefix) for people to tell keys apart; the key itself is shown once.
-- A revoked key keeps its row, so that the activity log can still name it.
CREATE TABLE api_keys (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    -- the key acts as this user, while they are an owner or admin of the
    -- workspace and have been a member since before the key was made
    created_by   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text NOT NULL,
    -- read: GET and HEAD only; write: every method
    scope        text NOT NULL CHECK (scope IN ('read', 'write')),
    key_hash     bytea NOT NULL UNIQUE,
    prefix       text NOT NULL,
    -- NULL: never expires
    expires_at   timestamptz,
    -- written at most once a minute per key
    last_used_at timestamptz,
    last_used_ip text NOT NULL DEFAULT '',
    revoked_at   timestamptz,
    revoked_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id, created_at DESC);

-- The key an entry's request was made with; NULL for the dashboard's
-- session and for machines.
ALTER TABLE activity_log ADD COLUMN api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL;
