-- Organisations (docs/agencies.md): an agency's home workspace and the
-- client workspaces it runs. The owners and admins of the home workspace
-- reach every workspace of the organisation with the same role, through
-- membership rows this migration's triggers keep (via_organisation); a login
-- still has one workspace of its own (its home) and a session chooses which
-- of its workspaces it works in.
CREATE TABLE organisations (
    id                uuid PRIMARY KEY,
    name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    home_workspace_id uuid NOT NULL UNIQUE REFERENCES workspaces (id) ON DELETE CASCADE,
    -- white-label branding of reports and share pages
    brand_name        text NOT NULL DEFAULT '' CHECK (length(brand_name) <= 80),
    brand_color       text NOT NULL DEFAULT '' CHECK (brand_color ~ '^(#[0-9a-f]{6})?$'),
    -- a data: URL of a PNG, JPEG or WebP image
    logo              text NOT NULL DEFAULT '' CHECK (length(logo) <= 300000),
    created_at        timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE workspaces ADD COLUMN organisation_id uuid REFERENCES organisations (id) ON DELETE SET NULL;
CREATE INDEX workspaces_organisation_idx ON workspaces (organisation_id) WHERE organisation_id IS NOT NULL;

-- A member row the organisation gives; NULL for the workspace's own team.
ALTER TABLE workspace_members ADD COLUMN via_organisation uuid REFERENCES organisations (id) ON DELETE CASCADE;
ALTER TABLE workspace_members DROP CONSTRAINT workspace_members_user_id_key;
-- one workspace of one's own
CREATE UNIQUE INDEX workspace_members_home_idx ON workspace_members (user_id) WHERE via_organisation IS NULL;
CREATE INDEX workspace_members_user_idx ON workspace_members (user_id);

-- Client viewers: read-only, the whole workspace (NULL) or chosen
-- collections (a campaign is seen through its collection), the payouts only
-- when allowed.
ALTER TABLE workspace_members DROP CONSTRAINT workspace_members_role_check;
ALTER TABLE workspace_members ADD CONSTRAINT workspace_members_role_check
    CHECK (role IN ('owner', 'admin', 'member', 'creator', 'client'));
ALTER TABLE workspace_members ADD COLUMN client_collections uuid[];
ALTER TABLE workspace_members ADD COLUMN client_payouts boolean NOT NULL DEFAULT false;
ALTER TABLE workspace_members ADD CONSTRAINT workspace_members_client_check
    CHECK (role = 'client' OR (client_collections IS NULL AND NOT client_payouts));
ALTER TABLE workspace_invites DROP CONSTRAINT workspace_invites_role_check;
ALTER TABLE workspace_invites ADD CONSTRAINT workspace_invites_role_check
    CHECK (role IN ('admin', 'member', 'creator', 'client'));
ALTER TABLE workspace_invites ADD COLUMN client_collections uuid[];
ALTER TABLE workspace_invites ADD COLUMN client_payouts boolean NOT NULL DEFAULT false;
ALTER TABLE workspace_invites ADD CONSTRAINT workspace_invites_client_check
    CHECK (role = 'client' OR (client_collections IS NULL AND NOT client_payouts));

-- The workspace a session works in; NULL: the login's own.
ALTER TABLE sessions ADD COLUMN current_workspace uuid REFERENCES workspaces (id) ON DELETE SET NULL;

-- The home's owners and admins are members of every workspace of the
-- organisation, with the same role.
CREATE FUNCTION organisation_reach(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM workspace_members m
    WHERE m.via_organisation = org
      AND NOT EXISTS (
          SELECT 1 FROM organisations o
          JOIN workspaces w ON w.organisation_id = o.id AND w.id = m.workspace_id
          JOIN workspace_members h ON h.workspace_id = o.home_workspace_id AND h.user_id = m.user_id
              AND h.via_organisation IS NULL AND h.role IN ('owner', 'admin')
          WHERE o.id = org);
    INSERT INTO workspace_members (workspace_id, user_id, role, via_organisation)
    SELECT w.id, h.user_id, h.role, o.id
    FROM organisations o
    JOIN workspaces w ON w.organisation_id = o.id AND w.id <> o.home_workspace_id
    JOIN workspace_members h ON h.workspace_id = o.home_workspace_id AND h.via_organisation IS NULL
        AND h.role IN ('owner', 'admin')
    WHERE o.id = org
    ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = EXCLUDED.role
        WHERE workspace_members.via_organisation = EXCLUDED.via_organisation
          AND workspace_members.role IS DISTINCT FROM EXCLUDED.role;
END
$$;

CREATE FUNCTION organisation_home_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    org uuid;
BEGIN
    SELECT o.id INTO org FROM organisations o
    WHERE o.home_workspace_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.workspace_id ELSE NEW.workspace_id END);
    IF org IS NOT NULL THEN
        PERFORM organisation_reach(org);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER workspace_members_organisation_reach
    AFTER INSERT OR UPDATE OF role OR DELETE ON workspace_members
    FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION organisation_home_changed();

CREATE FUNCTION organisation_workspaces_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.organisation_id IS NOT NULL THEN
        PERFORM organisation_reach(OLD.organisation_id);
    END IF;
    IF NEW.organisation_id IS NOT NULL THEN
        PERFORM organisation_reach(NEW.organisation_id);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER workspaces_organisation_reach
    AFTER INSERT OR UPDATE OF organisation_id ON workspaces
    FOR EACH ROW EXECUTE FUNCTION organisation_workspaces_changed();

-- Scheduled white-label reports (docs/reports.md).
CREATE TABLE report_schedules (
    id            uuid PRIMARY KEY,
    workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    -- overview, or a collection's or a campaign's
    subject       text NOT NULL CHECK (subject IN ('overview', 'collection', 'campaign')),
    subject_id    uuid,
    frequency     text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
    recipients    text[] NOT NULL CHECK (cardinality(recipients) BETWEEN 1 AND 20),
    next_run_at   timestamptz NOT NULL,
    last_sent_at  timestamptz,
    created_by    uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((subject = 'overview') = (subject_id IS NULL))
);
CREATE INDEX report_schedules_due_idx ON report_schedules (next_run_at);
CREATE INDEX report_schedules_workspace_idx ON report_schedules (workspace_id);

-- A report's PDF rides with its e-mail; it is dropped once the e-mail is
-- sent or has failed for good.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
    CHECK (kind IN ('alert', 'verify_email', 'reset_password', 'invite', 'digest', 'channel_disabled', 'creator', 'report'));
ALTER TABLE mail_outbox ADD COLUMN attachment_name text;
ALTER TABLE mail_outbox ADD COLUMN attachment bytea;
