-- Users, workspaces, their members and pending invites, and e-mail leads.

CREATE TABLE users (
    id            uuid PRIMARY KEY,
    email         text NOT NULL UNIQUE CHECK (email = lower(email)),
    -- NULL for users whose session comes from an external auth provider
    -- sharing the session secret: they never log in here.
    password_hash text,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workspaces (
    id                      uuid PRIMARY KEY,
    name                    text NOT NULL,
    owner_id                uuid NOT NULL REFERENCES users (id),
    plan                    text NOT NULL DEFAULT 'trial'
                            CHECK (plan IN ('trial', 'starter', 'growth', 'agency')),
    video_limit             integer NOT NULL CHECK (video_limit >= 0),
    seat_limit              integer NOT NULL CHECK (seat_limit >= 1),
    -- Cleared when a subscription ends; on the trial, access also needs
    -- trial_ends_at in the future.
    has_access              boolean NOT NULL DEFAULT true,
    trial_ends_at           timestamptz,
    payment_customer_id     text UNIQUE,
    payment_subscription_id text UNIQUE,
    subscription_status     text,
    founding                boolean NOT NULL DEFAULT false,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX workspaces_founding_idx ON workspaces (founding) WHERE founding;

-- A user belongs to at most one workspace.
CREATE TABLE workspace_members (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    user_id      uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    role         text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
    joined_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, user_id)
);

-- A pending invite holds a seat until it is accepted (the row is then
-- deleted) or the invitee joins another workspace.
CREATE TABLE workspace_invites (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    email        text NOT NULL CHECK (email = lower(email)),
    role         text NOT NULL CHECK (role IN ('admin', 'member')),
    invited_by   uuid NOT NULL REFERENCES users (id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, email)
);

CREATE INDEX workspace_invites_email_idx ON workspace_invites (email, created_at);

CREATE TABLE leads (
    id         uuid PRIMARY KEY,
    email      text NOT NULL UNIQUE CHECK (email = lower(email)),
    source     text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
