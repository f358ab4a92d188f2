-- Billing: the payment provider's events that were handled, and the grace
-- period of a past-due subscription.

-- While a subscription is past due, access lasts until this time (the
-- start of the unpaid period plus PAYMENT_GRACE_PERIOD); NULL otherwise.
ALTER TABLE workspaces ADD COLUMN grace_ends_at timestamptz;

-- One row per payment event id, inserted in the same transaction as the
-- change the event caused, so a redelivered event changes nothing twice.
CREATE TABLE payment_events (
    id           text PRIMARY KEY,
    type         text NOT NULL,
    -- NULL when the event named no workspace of ours
    workspace_id uuid REFERENCES workspaces (id) ON DELETE SET NULL,
    result       text NOT NULL CHECK (result IN ('applied', 'ignored')),
    -- why an event was ignored
    reason       text NOT NULL DEFAULT '',
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payment_events_workspace_idx ON payment_events (workspace_id, received_at) WHERE workspace_id IS NOT NULL;
