-- Tax status (docs/creators.md, "Tax status"; not tax advice): the tax
-- form an owner or admin records as on file for a creator (no document is
-- stored), who and when; and a campaign that pays only creators with a
-- form on file holds the other lines when they lock (tax_form_missing).
ALTER TABLE creators
    ADD COLUMN tax_form        text NOT NULL DEFAULT 'none' CHECK (tax_form IN ('none', 'w9', 'w8ben', 'other')),
    ADD COLUMN tax_form_set_at timestamptz,
    ADD COLUMN tax_form_set_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE campaigns ADD COLUMN requires_tax_form boolean NOT NULL DEFAULT false;
