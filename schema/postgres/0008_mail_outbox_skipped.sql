-- An alert e-mail whose recipient is no longer a member of the workspace
-- when it is due is not sent: it is marked skipped.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'skipped'));
