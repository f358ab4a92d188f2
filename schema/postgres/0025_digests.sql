-- E-mail digests: each member chooses, for their workspace membership, a
-- daily or weekly digest of the workspace's numbers, or none (the default).
-- digest_since is when the current choice was made: a period that ended
-- before it is not sent.
ALTER TABLE workspace_members
    ADD COLUMN digest_frequency text NOT NULL DEFAULT 'off'
        CONSTRAINT workspace_members_digest_frequency_check CHECK (digest_frequency IN ('off', 'daily', 'weekly')),
    ADD COLUMN digest_since timestamptz;

-- One row per member and period whose digest was queued (outbox_id, the
-- e-mail in mail_outbox) or found empty (outbox_id NULL): the primary key
-- makes repeated or concurrent cron runs queue a period's digest once.
CREATE TABLE digest_sends (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    frequency    text NOT NULL CONSTRAINT digest_sends_frequency_check CHECK (frequency IN ('daily', 'weekly')),
    period_start timestamptz NOT NULL,
    period_end   timestamptz NOT NULL CHECK (period_end > period_start),
    outbox_id    uuid,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, user_id, frequency, period_start)
);

-- the purge of old rows
CREATE INDEX digest_sends_created_idx ON digest_sends (created_at);
