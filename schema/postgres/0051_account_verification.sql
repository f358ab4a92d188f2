-- A creator proves it owns an account (docs/creators.md, "Accounts it
-- proves it owns"): it asks for a short code (verify_code), puts it in the
-- account's bio, and the next scrape of the profile that shows the bio
-- finds it (verified_method 'bio'); or an owner or admin verifies the
-- account by hand (verified_method 'manual', verified_by). A scrape of the
-- profile while the code is asked for records when it looked
-- (verify_checked_at), so the portal can say the code was not there yet.
ALTER TABLE accounts
    ADD COLUMN verify_code         text CHECK (verify_code ~ '^rt-[a-z0-9]{6}$'),
    ADD COLUMN verify_requested_at timestamptz,
    ADD COLUMN verify_checked_at   timestamptz,
    ADD COLUMN verified_at         timestamptz,
    ADD COLUMN verified_method     text CHECK (verified_method IN ('bio', 'manual')),
    ADD COLUMN verified_by         uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD CONSTRAINT accounts_verified_check CHECK ((verified_at IS NULL) = (verified_method IS NULL));

-- A verification proves the account is its creator's: when the account
-- changes hands (another creator, or none), it is undone.
CREATE FUNCTION accounts_creator_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.creator_id IS DISTINCT FROM OLD.creator_id THEN
        NEW.verify_code := NULL;
        NEW.verify_requested_at := NULL;
        NEW.verify_checked_at := NULL;
        NEW.verified_at := NULL;
        NEW.verified_method := NULL;
        NEW.verified_by := NULL;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER accounts_creator_changed BEFORE UPDATE OF creator_id ON accounts
    FOR EACH ROW EXECUTE FUNCTION accounts_creator_changed();
