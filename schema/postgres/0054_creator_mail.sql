-- E-mails to creators about their lines (docs/creators.md, "E-mails"):
-- posts locked and posts paid, sent only to a creator's own login.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
    CHECK (kind IN ('alert', 'verify_email', 'reset_password', 'invite', 'digest', 'channel_disabled', 'creator'));
