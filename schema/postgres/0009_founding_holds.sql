-- A founding checkout holds a founding spot for its workspace until this
-- time (the checkout session's expiry plus a margin for its payment events
-- to arrive). Spots taken are the founding workspaces plus the live holds
-- of the others, counted under one advisory lock by whatever holds or
-- claims a spot, so the last spot cannot go twice.
ALTER TABLE workspaces ADD COLUMN founding_hold_until timestamptz;

CREATE INDEX workspaces_founding_hold_idx ON workspaces (founding_hold_until) WHERE founding_hold_until IS NOT NULL;
