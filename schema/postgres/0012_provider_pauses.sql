-- A provider pause stops the service from starting runs after the provider
-- refused them for a reason that retrying soon cannot cure: the token is
-- wrong or not allowed (401/403), the account is out of credit (402), or
-- an actor does not exist (404). Every replica reads it before it starts a
-- run, so they agree, and a restart does not forget it. Jobs stay queued
-- and keep their attempts meanwhile.
--
-- account names the provider account (a hash of the API's base URL and
-- the token, never the token): a new token or provider is not paused by
-- what the old one was refused. actor is '' for a pause of every run, or
-- the actor a 404 named.
CREATE TABLE provider_pauses (
    account      text NOT NULL,
    actor        text NOT NULL DEFAULT '',
    kind         text NOT NULL CHECK (kind IN ('credentials', 'credit', 'actor')),
    -- what the provider answered, safe to show operators
    reason       text NOT NULL,
    -- refusals of this kind in a row: the pause doubles with each
    failures     integer NOT NULL DEFAULT 1,
    since        timestamptz NOT NULL DEFAULT now(),
    -- the next start may try the provider again after this time
    paused_until timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account, actor)
);
