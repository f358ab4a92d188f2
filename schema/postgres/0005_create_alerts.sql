-- Alert rules, the alerts they raised, and the e-mails waiting to go out.
-- An alert and its e-mails are recorded in one transaction before anything
-- is sent, so a crash sends later and a repeated scan sends nothing twice.

CREATE TABLE alert_rules (
    id              uuid PRIMARY KEY,
    workspace_id    uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name            text NOT NULL,
    -- scope: the whole workspace, or one collection; optionally one platform
    collection_id   uuid,
    platform        text CHECK (platform IN ('tiktok', 'instagram', 'youtube', 'x')),
    metric          text NOT NULL CHECK (metric IN ('views', 'likes', 'comments', 'shares')),
    condition       text NOT NULL CHECK (condition IN ('gain', 'growth_pct', 'velocity_vs_baseline')),
    threshold       double precision NOT NULL CHECK (threshold > 0),
    window_hours    integer NOT NULL CHECK (window_hours BETWEEN 1 AND 168),
    min_start_value bigint NOT NULL DEFAULT 0 CHECK (min_start_value >= 0),
    cooldown_hours  integer NOT NULL DEFAULT 24 CHECK (cooldown_hours BETWEEN 0 AND 720),
    -- empty: every member of the workspace at send time
    recipients      text[] NOT NULL DEFAULT '{}',
    enabled         boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id),
    FOREIGN KEY (workspace_id, collection_id) REFERENCES collections (workspace_id, id)
);

CREATE TABLE alert_events (
    id            uuid PRIMARY KEY,
    workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    rule_id       uuid NOT NULL,
    video_id      uuid NOT NULL,
    triggered_at  timestamptz NOT NULL,
    metric        text NOT NULL,
    window_start  timestamptz NOT NULL,
    window_end    timestamptz NOT NULL,
    start_value   bigint NOT NULL,
    end_value     bigint NOT NULL,
    gain          bigint NOT NULL,
    growth_pct    double precision,
    -- velocity_vs_baseline: the median gain it was compared with
    baseline      double precision,
    FOREIGN KEY (workspace_id, rule_id) REFERENCES alert_rules (workspace_id, id) ON DELETE CASCADE,
    FOREIGN KEY (video_id) REFERENCES videos (id) ON DELETE CASCADE
);

CREATE INDEX alert_events_cooldown_idx ON alert_events (rule_id, video_id, triggered_at DESC);
CREATE INDEX alert_events_workspace_idx ON alert_events (workspace_id, triggered_at DESC);

CREATE TABLE mail_outbox (
    id              uuid PRIMARY KEY,
    workspace_id    uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    rule_id         uuid,
    recipient       text NOT NULL,
    subject         text NOT NULL,
    text_body       text NOT NULL,
    html_body       text NOT NULL,
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz
);

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
