-- Accounts you can trust: verified e-mail addresses, sessions that end on
-- the server, single-use links (verification, password reset, invites)
-- stored as hashes, account e-mails in the outbox, and the activity log.

-- Set when the user followed a verification link (or a password reset
-- link, which proves the same). Users who signed up before this migration
-- are unverified until they follow one.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- Tokens of an external auth provider (sessions without a row below) issued
-- before this time are refused: "sign out everywhere", a password change or
-- reset and a removal from a workspace set it.
ALTER TABLE users ADD COLUMN sessions_valid_after timestamptz;

-- One row per session this service issued: id is the token's jti (text:
-- an external provider's ids need not be UUIDs). A session
-- ends when ended_at is set (logout, sign out everywhere, a password change
-- or reset, a removal) or at expires_at. A row with ended_at set and no
-- issue of ours records the logout of an external provider's token.
CREATE TABLE sessions (
    id         text PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    ended_at   timestamptz,
    client_ip  text NOT NULL DEFAULT '',
    user_agent text NOT NULL DEFAULT ''
);

CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE ended_at IS NULL;
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Single-use links of a user's account: the SHA-256 of the token is kept,
-- never the token. email is the address the link was sent to.
CREATE TABLE account_tokens (
    token_hash bytea PRIMARY KEY,
    purpose    text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);

CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);

-- An invite is accepted with the token of its link only. Invites recorded
-- before this migration have none: they wait until an owner or admin
-- resends them.
ALTER TABLE workspace_invites ADD COLUMN token_hash bytea UNIQUE;
ALTER TABLE workspace_invites ADD COLUMN expires_at timestamptz;
ALTER TABLE workspace_invites ADD COLUMN sent_at timestamptz;

-- Account e-mails (verification, password reset, invites) belong to no
-- workspace, or to the inviting one.
ALTER TABLE mail_outbox ALTER COLUMN workspace_id DROP NOT NULL;
ALTER TABLE mail_outbox ADD COLUMN kind text NOT NULL DEFAULT 'alert'
    CHECK (kind IN ('alert', 'verify_email', 'reset_password', 'invite'));

-- Who did what, when and from where: sign-ins, team, passwords, billing and
-- settings. Kept a year (the alerts cron deletes older rows). workspace_id
-- is the actor's workspace at the time, NULL for a user without one.
CREATE TABLE activity_log (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
    actor_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    actor_email  text NOT NULL DEFAULT '',
    action       text NOT NULL,
    target       text NOT NULL DEFAULT '',
    details      jsonb NOT NULL DEFAULT '{}',
    client_ip    text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX activity_log_workspace_idx ON activity_log (workspace_id, id DESC);
CREATE INDEX activity_log_created_idx ON activity_log (created_at);
