-- Billing per organisation (docs/agencies.md, "Billing"): with billing
-- 'organisation' the home workspace's subscription pays for every client
-- workspace of the organisation. The client workspaces are billed by the
-- home (workspaces.billed_by): they have its plan, limits and access, kept
-- by this migration's triggers, and the videos and seats of all of them
-- count together against its limits.
ALTER TABLE organisations ADD COLUMN billing text NOT NULL DEFAULT 'workspace'
    CHECK (billing IN ('workspace', 'organisation'));

-- The workspace whose plan, limits and access this one shares; NULL: its own.
-- Not a foreign key: a transaction that updates a workspace row twice (a
-- scrape's) would have its second update check the key, waiting for a
-- share lock on the paying workspace's row, which its payment events hold
-- while they update the workspaces it bills: a deadlock. The trigger below
-- lets go of a deleted workspace instead.
ALTER TABLE workspaces ADD COLUMN billed_by uuid;
CREATE INDEX workspaces_billed_by_idx ON workspaces (billed_by) WHERE billed_by IS NOT NULL;

CREATE FUNCTION workspace_deleted_bills_none() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET billed_by = NULL, updated_at = now() WHERE billed_by = OLD.id;
    RETURN OLD;
END
$$;

CREATE TRIGGER workspaces_deleted_bills_none
    BEFORE DELETE ON workspaces
    FOR EACH ROW EXECUTE FUNCTION workspace_deleted_bills_none();

-- Which of the organisation's workspaces its home bills: every other one
-- under billing 'organisation', none otherwise; a workspace that left the
-- organisation is billed by itself again.
CREATE FUNCTION organisation_billing(org uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    home uuid;
    mode text;
BEGIN
    SELECT o.home_workspace_id, o.billing INTO home, mode FROM organisations o WHERE o.id = org;
    IF home IS NULL THEN
        RETURN;
    END IF;
    UPDATE workspaces c SET billed_by = NULL, updated_at = now()
    WHERE c.billed_by = home AND (c.organisation_id IS DISTINCT FROM org OR mode <> 'organisation');
    IF mode = 'organisation' THEN
        UPDATE workspaces c SET billed_by = h.id, plan = h.plan, video_limit = h.video_limit, seat_limit = h.seat_limit,
            has_access = h.has_access, trial_ends_at = h.trial_ends_at, grace_ends_at = h.grace_ends_at,
            subscription_status = h.subscription_status, updated_at = now()
        FROM workspaces h
        WHERE h.id = home AND c.organisation_id = org AND c.id <> home AND c.competitors_of IS NULL
          AND c.billed_by IS DISTINCT FROM home;
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION organisation_workspaces_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.organisation_id IS NOT NULL THEN
        PERFORM organisation_reach(OLD.organisation_id);
        PERFORM organisation_billing(OLD.organisation_id);
    END IF;
    IF NEW.organisation_id IS NOT NULL THEN
        PERFORM organisation_reach(NEW.organisation_id);
        PERFORM organisation_billing(NEW.organisation_id);
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION organisation_billing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM organisation_billing(NEW.id);
    RETURN NULL;
END
$$;

CREATE TRIGGER organisations_billing
    AFTER UPDATE OF billing ON organisations
    FOR EACH ROW EXECUTE FUNCTION organisation_billing_changed();

-- The workspaces a workspace bills follow its plan, limits and access (the
-- columns are set by name, so that a client's competitors' workspace
-- follows the client in turn).
CREATE FUNCTION billed_workspaces_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces c SET plan = NEW.plan, video_limit = NEW.video_limit, seat_limit = NEW.seat_limit,
        has_access = NEW.has_access, trial_ends_at = NEW.trial_ends_at, grace_ends_at = NEW.grace_ends_at,
        subscription_status = NEW.subscription_status, updated_at = now()
    WHERE c.billed_by = NEW.id
      AND (c.plan, c.video_limit, c.seat_limit, c.has_access, c.trial_ends_at, c.grace_ends_at, c.subscription_status)
          IS DISTINCT FROM (NEW.plan, NEW.video_limit, NEW.seat_limit, NEW.has_access, NEW.trial_ends_at, NEW.grace_ends_at, NEW.subscription_status);
    RETURN NULL;
END
$$;

CREATE TRIGGER workspaces_billed_follow
    AFTER UPDATE OF plan, video_limit, seat_limit, has_access, trial_ends_at, grace_ends_at, subscription_status ON workspaces
    FOR EACH ROW WHEN (NEW.billed_by IS NULL) EXECUTE FUNCTION billed_workspaces_follow();

-- A workspace no longer billed by another keeps its plan and limits for
-- seven days of grace (a trial: until the trial ends), and has no
-- subscription until it takes one of its own.
CREATE FUNCTION workspace_billing_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET subscription_status = NULL,
        grace_ends_at = CASE WHEN plan = 'trial' THEN grace_ends_at
                             ELSE least(coalesce(grace_ends_at, 'infinity'), now() + interval '7 days') END,
        updated_at = now()
    WHERE id = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER workspaces_billing_left
    AFTER UPDATE OF billed_by ON workspaces
    FOR EACH ROW WHEN (OLD.billed_by IS NOT NULL AND NEW.billed_by IS NULL) EXECUTE FUNCTION workspace_billing_left();

-- Join codes (docs/agencies.md, "Moving a workspace in or out"): an
-- organisation's owners and admins make one, shown once and kept hashed;
-- the owner of an existing workspace uses it to bring the workspace into
-- the organisation.
CREATE TABLE organisation_join_codes (
    id              uuid PRIMARY KEY,
    organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    code_hash       bytea NOT NULL UNIQUE,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    used_at         timestamptz,
    used_by_workspace uuid REFERENCES workspaces (id) ON DELETE SET NULL
);
CREATE INDEX organisation_join_codes_org_idx ON organisation_join_codes (organisation_id);
