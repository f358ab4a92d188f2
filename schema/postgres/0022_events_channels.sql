-- Events and the channels they go out on.
--
-- Every event the service tells about (a spike, a views milestone, an item
-- whose scrapes keep failing, a new post of a tracked account, a campaign's
-- budget or payout lines) is first written to events, in the transaction
-- of the change it tells about. The alerts cron dispatches each event once:
-- the enabled alert rules of its type and scope choose the channels, and
-- one delivery per channel is queued in event_deliveries. Deliveries go out
-- from that outbox with retries; every attempt is kept in delivery_attempts
-- for the dashboard.

CREATE TABLE events (
    -- also the webhook-id of its HTTPS webhook deliveries
    id            uuid PRIMARY KEY,
    workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    -- domain.EventType: a stable name such as video.spike
    type          text NOT NULL,
    occurred_at   timestamptz NOT NULL,
    -- what the event is about, for the rules' scope (collection, platform);
    -- NULL where it does not apply. rule_id: the spike rule that raised it.
    rule_id       uuid,
    video_id      uuid,
    account_id    uuid,
    collection_id uuid,
    platform      text,
    -- the payload every channel renders (the data of the webhook body)
    payload       jsonb NOT NULL,
    dispatched_at timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id)
);

CREATE INDEX events_dispatch_idx ON events (created_at) WHERE dispatched_at IS NULL;
CREATE INDEX events_workspace_idx ON events (workspace_id, occurred_at DESC);

-- A destination: a Slack incoming webhook, a Discord webhook or an HTTPS
-- endpoint signed as the Standard Webhooks specification says. url and the
-- secrets are kept sealed (AES-GCM under a key derived from SESSION_SECRET):
-- a Slack or Discord webhook URL is itself a credential.
CREATE TABLE channels (
    id               uuid PRIMARY KEY,
    workspace_id     uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind             text NOT NULL CHECK (kind IN ('slack', 'discord', 'webhook')),
    name             text NOT NULL,
    url_sealed       text NOT NULL,
    -- what the dashboard shows of the URL: scheme, host and a masked path
    url_hint         text NOT NULL,
    -- webhook: the whsec_ signing secret, and the one it replaced, which
    -- still signs until previous_secret_until
    secret_sealed          text NOT NULL DEFAULT '',
    previous_secret_sealed text NOT NULL DEFAULT '',
    previous_secret_until  timestamptz,
    enabled          boolean NOT NULL DEFAULT true,
    -- why it was disabled: by a person, a 410, or failing deliveries
    disabled_reason  text NOT NULL DEFAULT '',
    disabled_at      timestamptz,
    -- the earliest time the next message may go (the destination's rate,
    -- or its Retry-After)
    next_send_at     timestamptz NOT NULL DEFAULT '-infinity',
    last_success_at  timestamptz,
    last_error       text NOT NULL DEFAULT '',
    last_error_at    timestamptz,
    created_by       uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id)
);

CREATE TABLE event_deliveries (
    id              uuid PRIMARY KEY,
    workspace_id    uuid NOT NULL,
    event_id        uuid NOT NULL,
    channel_id      uuid NOT NULL,
    status          text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_status     integer,
    last_error      text NOT NULL DEFAULT '',
    delivered_at    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (event_id, channel_id),
    FOREIGN KEY (workspace_id, event_id) REFERENCES events (workspace_id, id) ON DELETE CASCADE,
    FOREIGN KEY (workspace_id, channel_id) REFERENCES channels (workspace_id, id) ON DELETE CASCADE
);

CREATE INDEX event_deliveries_due_idx ON event_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX event_deliveries_channel_idx ON event_deliveries (channel_id, created_at DESC);

-- One HTTP request to a channel; a folded Slack or Discord message carries
-- several deliveries, each of which gets the attempt.
CREATE TABLE delivery_attempts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workspace_id  uuid NOT NULL,
    channel_id    uuid NOT NULL,
    delivery_id   uuid,
    attempted_at  timestamptz NOT NULL,
    -- the HTTP status, NULL when no answer came (refused, timed out)
    status_code   integer,
    error         text NOT NULL DEFAULT '',
    duration_ms   integer NOT NULL DEFAULT 0,
    FOREIGN KEY (workspace_id, channel_id) REFERENCES channels (workspace_id, id) ON DELETE CASCADE,
    FOREIGN KEY (delivery_id) REFERENCES event_deliveries (id) ON DELETE CASCADE
);

CREATE INDEX delivery_attempts_channel_idx ON delivery_attempts (channel_id, id DESC);

-- An alert rule chooses one type of event and where it goes: e-mail (to
-- its recipients, or every verified member) and channels. The spike
-- columns keep their defaults on rules of other types and mean nothing
-- there.
ALTER TABLE alert_rules
    ADD COLUMN event_type  text NOT NULL DEFAULT 'video.spike'
        CHECK (event_type IN ('video.spike', 'video.milestone', 'account.milestone', 'tracking.failed',
                              'account.new_post', 'campaign.budget', 'payout.line_locked', 'payout.line_held')),
    ADD COLUMN email       boolean NOT NULL DEFAULT true,
    ADD COLUMN channel_ids uuid[] NOT NULL DEFAULT '{}';

-- The highest views milestone announced per video and account; an item
-- first seen past a milestone records it without an event.
CREATE TABLE milestone_marks (
    entity_id    uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('video', 'account')),
    reached      bigint NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX milestone_marks_workspace_idx ON milestone_marks (workspace_id);

-- Scrapes in a row that brought no data for the item; tracking.failed is
-- raised when it reaches domain.TrackingFailedAfter, and a success resets
-- it.
ALTER TABLE videos   ADD COLUMN failed_scrapes integer NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN failed_scrapes integer NOT NULL DEFAULT 0;

-- Digests, and the notice that a failing channel was disabled.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
    CHECK (kind IN ('alert', 'verify_email', 'reset_password', 'invite', 'digest', 'channel_disabled'));
