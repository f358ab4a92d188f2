--
-- PostgreSQL database dump
--

\restrict yqMeAtdzweTUpApqJvnWvtSCnyE3vj93mMTouZtlGNXLBwkZKPEDcSio7uK1m1V

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: accounts_removed_change(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accounts_removed_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF (OLD.status = 'removed') IS DISTINCT FROM (NEW.status = 'removed') THEN
        NEW.removed_changed_at := now();
    END IF;
    RETURN NEW;
END
$$;


--
-- Name: analytics_record_deletion(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.analytics_record_deletion() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO analytics_deletions (kind, id, workspace_id)
    VALUES (TG_TABLE_NAME, OLD.id, COALESCE((to_jsonb(OLD) ->> 'workspace_id')::uuid, OLD.id))
    ON CONFLICT (kind, id) DO UPDATE SET analytics_txid = txid_current(), deleted_at = now();
    RETURN OLD;
END
$$;


--
-- Name: analytics_record_insights_deletion(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.analytics_record_insights_deletion() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO analytics_deletions (kind, id, workspace_id)
    VALUES (TG_TABLE_NAME, OLD.video_id, OLD.workspace_id)
    ON CONFLICT (kind, id) DO UPDATE SET analytics_txid = txid_current(), deleted_at = now();
    RETURN OLD;
END
$$;


--
-- Name: analytics_stamp(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.analytics_stamp() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    NEW.analytics_txid := txid_current();
    RETURN NEW;
END
$$;


--
-- Name: campaign_line_pending(uuid, uuid, text, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.campaign_line_pending(video uuid, collection uuid, platform text, published timestamp with time zone, kind text) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
    SELECT EXISTS (
        SELECT 1 FROM campaigns k
        WHERE k.collection_id = collection AND k.ended_at IS NULL AND platform = ANY(k.platforms)
          AND published >= k.starts_at AND (k.ends_at IS NULL OR published < k.ends_at)
          AND (kind <> 'collab' OR k.collabs <> 'exclude')
          AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.collection_id = k.collection_id AND l.video_id = video))
$$;


--
-- Name: campaign_window_end(uuid, text, timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.campaign_window_end(collection uuid, platform text, published timestamp with time zone, now timestamp with time zone) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    AS $$
    SELECT max(window_end) FROM (
        SELECT published + make_interval(hours => COALESCE(
            (SELECT r.window_hours FROM campaign_rules r WHERE r.collection_id = k.collection_id AND r.created_at <= published
             ORDER BY r.version DESC LIMIT 1),
            (SELECT r.window_hours FROM campaign_rules r WHERE r.collection_id = k.collection_id ORDER BY r.version LIMIT 1))) AS window_end
        FROM campaigns k
        WHERE k.collection_id = collection AND k.ended_at IS NULL AND platform = ANY(k.platforms)
          AND published >= k.starts_at AND (k.ends_at IS NULL OR published < k.ends_at)
    ) w WHERE window_end > now
$$;


--
-- Name: videos_counted_change(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.videos_counted_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF (OLD.status NOT IN ('removed', 'beyond_limit') AND OLD.post_kind IN ('own', 'collab'))
           IS DISTINCT FROM (NEW.status NOT IN ('removed', 'beyond_limit') AND NEW.post_kind IN ('own', 'collab'))
       OR OLD.tracked_individually IS DISTINCT FROM NEW.tracked_individually THEN
        NEW.counted_changed_at := now();
    END IF;
    RETURN NEW;
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: account_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_tokens (
    token_hash bytea NOT NULL,
    purpose text NOT NULL,
    user_id uuid NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    CONSTRAINT account_tokens_purpose_check CHECK ((purpose = ANY (ARRAY['verify_email'::text, 'reset_password'::text])))
);


--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    platform text NOT NULL,
    handle text NOT NULL,
    url text NOT NULL,
    display_name text DEFAULT ''::text NOT NULL,
    avatar_url text DEFAULT ''::text NOT NULL,
    collection_id uuid,
    status text DEFAULT 'pending'::text NOT NULL,
    status_reason text DEFAULT ''::text NOT NULL,
    tracking_limit integer DEFAULT 30 NOT NULL,
    platform_account_id text DEFAULT ''::text NOT NULL,
    followers bigint,
    last_scraped_at timestamp with time zone,
    refresh_queued_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    analytics_txid bigint DEFAULT 0 NOT NULL,
    creator_id uuid,
    failed_scrapes integer DEFAULT 0 NOT NULL,
    next_refresh_at timestamp with time zone,
    refresh_interval_secs integer,
    refresh_reason text,
    creator_set_by uuid,
    creator_set_at timestamp with time zone,
    removed_changed_at timestamp with time zone,
    CONSTRAINT accounts_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT accounts_refresh_interval_secs_check CHECK ((refresh_interval_secs > 0)),
    CONSTRAINT accounts_refresh_reason_check CHECK ((refresh_reason = ANY (ARRAY['new'::text, 'young'::text, 'growing'::text, 'campaign'::text, 'alert_rule'::text, 'settled'::text, 'budget'::text]))),
    CONSTRAINT accounts_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'active'::text, 'paused'::text, 'removed'::text, 'error'::text]))),
    CONSTRAINT accounts_tracking_limit_check CHECK ((tracking_limit >= 1))
);


--
-- Name: activity_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activity_log (
    id bigint NOT NULL,
    workspace_id uuid,
    actor_id uuid,
    actor_email text DEFAULT ''::text NOT NULL,
    action text NOT NULL,
    target text DEFAULT ''::text NOT NULL,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    client_ip text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    api_key_id uuid
);


--
-- Name: activity_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.activity_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.activity_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: alert_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alert_events (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    rule_id uuid NOT NULL,
    video_id uuid NOT NULL,
    triggered_at timestamp with time zone NOT NULL,
    metric text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    window_end timestamp with time zone NOT NULL,
    start_value bigint NOT NULL,
    end_value bigint NOT NULL,
    gain bigint NOT NULL,
    growth_pct double precision,
    baseline double precision,
    analytics_txid bigint DEFAULT 0 NOT NULL
);


--
-- Name: alert_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alert_rules (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    name text NOT NULL,
    collection_id uuid,
    platform text,
    metric text NOT NULL,
    condition text NOT NULL,
    threshold double precision NOT NULL,
    window_hours integer NOT NULL,
    min_start_value bigint DEFAULT 0 NOT NULL,
    cooldown_hours integer DEFAULT 24 NOT NULL,
    recipients text[] DEFAULT '{}'::text[] NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    analytics_txid bigint DEFAULT 0 NOT NULL,
    event_type text DEFAULT 'video.spike'::text NOT NULL,
    email boolean DEFAULT true NOT NULL,
    channel_ids uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    armed_at timestamp with time zone,
    CONSTRAINT alert_rules_condition_check CHECK ((condition = ANY (ARRAY['gain'::text, 'growth_pct'::text, 'velocity_vs_baseline'::text]))),
    CONSTRAINT alert_rules_cooldown_hours_check CHECK (((cooldown_hours >= 0) AND (cooldown_hours <= 720))),
    CONSTRAINT alert_rules_event_type_check CHECK ((event_type = ANY (ARRAY['video.spike'::text, 'video.milestone'::text, 'account.milestone'::text, 'tracking.failed'::text, 'account.new_post'::text, 'campaign.budget'::text, 'payout.line_locked'::text, 'payout.line_held'::text, 'video.outlier'::text]))),
    CONSTRAINT alert_rules_metric_check CHECK ((metric = ANY (ARRAY['views'::text, 'likes'::text, 'comments'::text, 'shares'::text]))),
    CONSTRAINT alert_rules_min_start_value_check CHECK ((min_start_value >= 0)),
    CONSTRAINT alert_rules_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT alert_rules_threshold_check CHECK ((threshold > (0)::double precision)),
    CONSTRAINT alert_rules_window_hours_check CHECK (((window_hours >= 1) AND (window_hours <= 168)))
);


--
-- Name: analytics_deletions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.analytics_deletions (
    kind text NOT NULL,
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    analytics_txid bigint DEFAULT txid_current() NOT NULL,
    deleted_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: analytics_sync; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.analytics_sync (
    database text NOT NULL,
    watermark bigint DEFAULT 0 NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    synced_at timestamp with time zone
);


--
-- Name: api_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_keys (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    created_by uuid NOT NULL,
    name text NOT NULL,
    scope text NOT NULL,
    key_hash bytea NOT NULL,
    prefix text NOT NULL,
    expires_at timestamp with time zone,
    last_used_at timestamp with time zone,
    last_used_ip text DEFAULT ''::text NOT NULL,
    revoked_at timestamp with time zone,
    revoked_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT api_keys_scope_check CHECK ((scope = ANY (ARRAY['read'::text, 'write'::text])))
);


--
-- Name: campaign_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.campaign_rules (
    collection_id uuid NOT NULL,
    version integer NOT NULL,
    tiers jsonb NOT NULL,
    view_cap bigint DEFAULT 0 NOT NULL,
    min_views bigint DEFAULT 0 NOT NULL,
    min_amount bigint DEFAULT 0 NOT NULL,
    max_amount bigint DEFAULT 0 NOT NULL,
    creator_cap bigint DEFAULT 0 NOT NULL,
    window_hours integer NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT campaign_rules_creator_cap_check CHECK ((creator_cap >= 0)),
    CONSTRAINT campaign_rules_max_amount_check CHECK ((max_amount >= 0)),
    CONSTRAINT campaign_rules_min_amount_check CHECK ((min_amount >= 0)),
    CONSTRAINT campaign_rules_min_views_check CHECK ((min_views >= 0)),
    CONSTRAINT campaign_rules_version_check CHECK ((version >= 1)),
    CONSTRAINT campaign_rules_view_cap_check CHECK ((view_cap >= 0)),
    CONSTRAINT campaign_rules_window_hours_check CHECK (((window_hours >= 1) AND (window_hours <= 8760)))
);


--
-- Name: campaigns; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.campaigns (
    collection_id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    currency text NOT NULL,
    minor_digits smallint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone,
    budget bigint DEFAULT 0 NOT NULL,
    platforms text[] NOT NULL,
    period text NOT NULL,
    budget_alerted smallint DEFAULT 0 NOT NULL,
    alerted_budget bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    ledger_version bigint DEFAULT 0 NOT NULL,
    collabs text DEFAULT 'hold'::text NOT NULL,
    ended_at timestamp with time zone,
    ended_by uuid,
    CONSTRAINT campaigns_budget_check CHECK ((budget >= 0)),
    CONSTRAINT campaigns_check CHECK ((ends_at > starts_at)),
    CONSTRAINT campaigns_collabs_check CHECK ((collabs = ANY (ARRAY['hold'::text, 'pay'::text, 'exclude'::text]))),
    CONSTRAINT campaigns_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT campaigns_minor_digits_check CHECK (((minor_digits >= 0) AND (minor_digits <= 4))),
    CONSTRAINT campaigns_period_check CHECK ((period = ANY (ARRAY['weekly'::text, 'monthly'::text]))),
    CONSTRAINT campaigns_platforms_check CHECK (((cardinality(platforms) > 0) AND (platforms <@ ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text])))
);


--
-- Name: channels; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.channels (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    kind text NOT NULL,
    name text NOT NULL,
    url_sealed text NOT NULL,
    url_hint text NOT NULL,
    secret_sealed text DEFAULT ''::text NOT NULL,
    previous_secret_sealed text DEFAULT ''::text NOT NULL,
    previous_secret_until timestamp with time zone,
    enabled boolean DEFAULT true NOT NULL,
    disabled_reason text DEFAULT ''::text NOT NULL,
    disabled_at timestamp with time zone,
    next_send_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    last_success_at timestamp with time zone,
    last_error text DEFAULT ''::text NOT NULL,
    last_error_at timestamp with time zone,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT channels_kind_check CHECK ((kind = ANY (ARRAY['slack'::text, 'discord'::text, 'webhook'::text])))
);


--
-- Name: collections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.collections (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    analytics_txid bigint DEFAULT 0 NOT NULL,
    deleted_at timestamp with time zone
);


--
-- Name: creators; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.creators (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    name text NOT NULL,
    email text DEFAULT ''::text NOT NULL,
    posting_goal integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT creators_posting_goal_check CHECK (((posting_goal >= 1) AND (posting_goal <= 1000)))
);


--
-- Name: delivery_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery_attempts (
    id bigint NOT NULL,
    workspace_id uuid NOT NULL,
    channel_id uuid NOT NULL,
    delivery_id uuid,
    attempted_at timestamp with time zone NOT NULL,
    status_code integer,
    error text DEFAULT ''::text NOT NULL,
    duration_ms integer DEFAULT 0 NOT NULL
);


--
-- Name: delivery_attempts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.delivery_attempts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.delivery_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: digest_sends; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.digest_sends (
    workspace_id uuid NOT NULL,
    user_id uuid NOT NULL,
    frequency text NOT NULL,
    period_start timestamp with time zone NOT NULL,
    period_end timestamp with time zone NOT NULL,
    outbox_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT digest_sends_check CHECK ((period_end > period_start)),
    CONSTRAINT digest_sends_frequency_check CHECK ((frequency = ANY (ARRAY['daily'::text, 'weekly'::text])))
);


--
-- Name: event_deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.event_deliveries (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    event_id uuid NOT NULL,
    channel_id uuid NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_status integer,
    last_error text DEFAULT ''::text NOT NULL,
    delivered_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT event_deliveries_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text, 'cancelled'::text])))
);


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    type text NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    rule_id uuid,
    video_id uuid,
    account_id uuid,
    collection_id uuid,
    platform text,
    payload jsonb NOT NULL,
    dispatched_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: leads; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.leads (
    id uuid NOT NULL,
    email text NOT NULL,
    source text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT leads_email_check CHECK ((email = lower(email)))
);


--
-- Name: mail_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_outbox (
    id uuid NOT NULL,
    workspace_id uuid,
    rule_id uuid,
    recipient text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    kind text DEFAULT 'alert'::text NOT NULL,
    CONSTRAINT mail_outbox_kind_check CHECK ((kind = ANY (ARRAY['alert'::text, 'verify_email'::text, 'reset_password'::text, 'invite'::text, 'digest'::text, 'channel_disabled'::text]))),
    CONSTRAINT mail_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text, 'skipped'::text])))
);


--
-- Name: milestone_marks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.milestone_marks (
    entity_id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    kind text NOT NULL,
    reached bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT milestone_marks_kind_check CHECK ((kind = ANY (ARRAY['video'::text, 'account'::text])))
);


--
-- Name: COLUMN milestone_marks.reached; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.milestone_marks.reached IS 'the highest threshold of the workspace''s milestone rules at or below the item''s views when last scanned';


--
-- Name: payment_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_events (
    id text NOT NULL,
    type text NOT NULL,
    workspace_id uuid,
    result text NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_events_result_check CHECK ((result = ANY (ARRAY['applied'::text, 'ignored'::text])))
);


--
-- Name: payout_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payout_lines (
    collection_id uuid NOT NULL,
    video_id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    seq bigint NOT NULL,
    rules_version integer NOT NULL,
    creator_id uuid,
    account_id uuid,
    payee text NOT NULL,
    clip text DEFAULT ''::text NOT NULL,
    published_at timestamp with time zone,
    window_end timestamp with time zone NOT NULL,
    period_start timestamp with time zone NOT NULL,
    snapshot_at timestamp with time zone,
    views bigint NOT NULL,
    likes bigint NOT NULL,
    comments bigint NOT NULL,
    paid_views bigint NOT NULL,
    price bigint NOT NULL,
    amount bigint NOT NULL,
    bound text DEFAULT ''::text NOT NULL,
    status text NOT NULL,
    hold_reason text DEFAULT ''::text NOT NULL,
    hold_detail text DEFAULT ''::text NOT NULL,
    reject_reason text DEFAULT ''::text NOT NULL,
    locked_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_by uuid,
    decided_at timestamp with time zone,
    paid_by uuid,
    paid_at timestamp with time zone,
    fell_to bigint,
    payee_changed_by text DEFAULT ''::text NOT NULL,
    payee_changed_at timestamp with time zone,
    CONSTRAINT payout_lines_amount_check CHECK ((amount >= 0)),
    CONSTRAINT payout_lines_status_check CHECK ((status = ANY (ARRAY['locked'::text, 'held'::text, 'approved'::text, 'rejected'::text, 'paid'::text])))
);


--
-- Name: payout_lines_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.payout_lines ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.payout_lines_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: provider_pauses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_pauses (
    account text NOT NULL,
    actor text DEFAULT ''::text NOT NULL,
    kind text NOT NULL,
    reason text NOT NULL,
    failures integer DEFAULT 1 NOT NULL,
    since timestamp with time zone DEFAULT now() NOT NULL,
    paused_until timestamp with time zone NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT provider_pauses_kind_check CHECK ((kind = ANY (ARRAY['credentials'::text, 'credit'::text, 'actor'::text])))
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: scrape_job_targets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scrape_job_targets (
    job_id uuid NOT NULL,
    entity_kind text NOT NULL,
    entity_id uuid NOT NULL,
    CONSTRAINT scrape_job_targets_entity_kind_check CHECK ((entity_kind = ANY (ARRAY['video'::text, 'account'::text])))
);


--
-- Name: scrape_jobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.scrape_jobs (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    platform text NOT NULL,
    actor text NOT NULL,
    input jsonb NOT NULL,
    reason text NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    provider_run_id text,
    dataset_id text,
    attempts integer DEFAULT 0 NOT NULL,
    error text DEFAULT ''::text NOT NULL,
    scraped_at timestamp with time zone,
    items_total integer DEFAULT 0 NOT NULL,
    items_skipped integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    ingest_claimed_until timestamp with time zone,
    given_up_at timestamp with time zone,
    snapshots integer DEFAULT 0 NOT NULL,
    CONSTRAINT scrape_jobs_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT scrape_jobs_reason_check CHECK ((reason = ANY (ARRAY['track'::text, 'refresh'::text, 'manual'::text]))),
    CONSTRAINT scrape_jobs_snapshots_check CHECK ((snapshots >= 0)),
    CONSTRAINT scrape_jobs_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'succeeded'::text, 'failed'::text, 'processed'::text])))
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id text NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    client_ip text DEFAULT ''::text NOT NULL,
    user_agent text DEFAULT ''::text NOT NULL
);


--
-- Name: share_links; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.share_links (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    collection_id uuid,
    name text NOT NULL,
    token_hash bytea NOT NULL,
    password_hash text DEFAULT ''::text NOT NULL,
    platforms text[] DEFAULT '{}'::text[] NOT NULL,
    individual_only boolean DEFAULT false NOT NULL,
    shop_only boolean DEFAULT false NOT NULL,
    date_preset text DEFAULT '30d'::text NOT NULL,
    range_from date,
    range_to date,
    expires_at timestamp with time zone,
    include_payouts boolean DEFAULT false NOT NULL,
    allow_embedding boolean DEFAULT false NOT NULL,
    embed_origins text[] DEFAULT '{}'::text[] NOT NULL,
    frozen_at timestamp with time zone,
    revoked_at timestamp with time zone,
    view_count bigint DEFAULT 0 NOT NULL,
    last_viewed_at timestamp with time zone,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT share_links_check CHECK (((date_preset = 'custom'::text) = ((range_from IS NOT NULL) AND (range_to IS NOT NULL)))),
    CONSTRAINT share_links_check1 CHECK ((range_to >= range_from)),
    CONSTRAINT share_links_date_preset_check CHECK ((date_preset = ANY (ARRAY['24h'::text, '7d'::text, '30d'::text, '90d'::text, 'all'::text, 'custom'::text]))),
    CONSTRAINT share_links_platforms_check CHECK ((platforms <@ ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text])),
    CONSTRAINT share_links_token_hash_check CHECK ((length(token_hash) = 32))
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid NOT NULL,
    email text NOT NULL,
    password_hash text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    email_verified_at timestamp with time zone,
    sessions_valid_after timestamp with time zone,
    CONSTRAINT users_email_check CHECK ((email = lower(email)))
);


--
-- Name: video_insights; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.video_insights (
    video_id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    curve bigint[] NOT NULL,
    curve_through timestamp with time zone,
    views bigint,
    views_per_hour double precision,
    outlier_state text NOT NULL,
    outlier_age_hours integer,
    outlier_views bigint,
    outlier_median double precision,
    outlier_multiplier double precision,
    outlier_percentile integer,
    outlier_baseline integer,
    forecast_state text NOT NULL,
    forecast_7d bigint,
    forecast_7d_low bigint,
    forecast_7d_high bigint,
    forecast_30d bigint,
    forecast_30d_low bigint,
    forecast_30d_high bigint,
    computed_at timestamp with time zone NOT NULL,
    analytics_txid bigint DEFAULT 0 NOT NULL,
    CONSTRAINT video_insights_forecast_state_check CHECK ((forecast_state = ANY (ARRAY['forecast'::text, 'too_old'::text, 'too_young'::text, 'no_history'::text]))),
    CONSTRAINT video_insights_outlier_state_check CHECK ((outlier_state = ANY (ARRAY['scored'::text, 'too_young'::text, 'no_early_views'::text, 'too_few_videos'::text, 'no_account'::text, 'no_publish_time'::text])))
);


--
-- Name: videos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.videos (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    platform text NOT NULL,
    platform_video_id text NOT NULL,
    url text NOT NULL,
    account_id uuid,
    account_handle text DEFAULT ''::text NOT NULL,
    collection_id uuid,
    caption text DEFAULT ''::text NOT NULL,
    thumbnail_url text DEFAULT ''::text NOT NULL,
    published_at timestamp with time zone,
    is_shop boolean,
    tracked_individually boolean NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    status_reason text DEFAULT ''::text NOT NULL,
    last_scraped_at timestamp with time zone,
    refresh_queued_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    analytics_txid bigint DEFAULT 0 NOT NULL,
    failed_scrapes integer DEFAULT 0 NOT NULL,
    next_refresh_at timestamp with time zone,
    refresh_interval_secs integer,
    refresh_reason text,
    post_kind text DEFAULT 'own'::text NOT NULL,
    related_handle text DEFAULT ''::text NOT NULL,
    published_source text,
    listed_at timestamp with time zone,
    kept_until timestamp with time zone,
    creator_id uuid,
    creator_set_by uuid,
    creator_set_at timestamp with time zone,
    counted_changed_at timestamp with time zone,
    CONSTRAINT videos_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT videos_post_kind_check CHECK ((post_kind = ANY (ARRAY['own'::text, 'collab'::text, 'repost'::text, 'quote'::text, 'reply'::text, 'other_author'::text]))),
    CONSTRAINT videos_published_source_check CHECK ((published_source = ANY (ARRAY['provider'::text, 'id'::text]))),
    CONSTRAINT videos_refresh_interval_secs_check CHECK ((refresh_interval_secs > 0)),
    CONSTRAINT videos_refresh_reason_check CHECK ((refresh_reason = ANY (ARRAY['new'::text, 'young'::text, 'growing'::text, 'campaign'::text, 'alert_rule'::text, 'settled'::text, 'budget'::text]))),
    CONSTRAINT videos_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text, 'paused'::text, 'removed'::text, 'beyond_limit'::text])))
);


--
-- Name: workspace_invites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.workspace_invites (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    invited_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    token_hash bytea,
    expires_at timestamp with time zone,
    sent_at timestamp with time zone,
    CONSTRAINT workspace_invites_email_check CHECK ((email = lower(email))),
    CONSTRAINT workspace_invites_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'member'::text])))
);


--
-- Name: workspace_members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.workspace_members (
    workspace_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    digest_frequency text DEFAULT 'off'::text NOT NULL,
    digest_since timestamp with time zone,
    CONSTRAINT workspace_members_digest_frequency_check CHECK ((digest_frequency = ANY (ARRAY['off'::text, 'daily'::text, 'weekly'::text]))),
    CONSTRAINT workspace_members_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'admin'::text, 'member'::text])))
);


--
-- Name: workspaces; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.workspaces (
    id uuid NOT NULL,
    name text NOT NULL,
    owner_id uuid NOT NULL,
    plan text DEFAULT 'trial'::text NOT NULL,
    video_limit integer NOT NULL,
    seat_limit integer NOT NULL,
    has_access boolean DEFAULT true NOT NULL,
    trial_ends_at timestamp with time zone,
    payment_customer_id text,
    payment_subscription_id text,
    subscription_status text,
    founding boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    data_version bigint DEFAULT 0 NOT NULL,
    grace_ends_at timestamp with time zone,
    checkout_plan text,
    checkout_founding boolean DEFAULT false NOT NULL,
    founding_hold_until timestamp with time zone,
    analytics_txid bigint DEFAULT 0 NOT NULL,
    history_version bigint DEFAULT 0 NOT NULL,
    scraped_until timestamp with time zone,
    insights_version bigint,
    insights_at timestamp with time zone,
    outliers_start text,
    outliers_from timestamp with time zone,
    outliers_from_age integer,
    forecasts_start text,
    forecasts_from timestamp with time zone,
    CONSTRAINT workspaces_checkout_plan_check CHECK ((checkout_plan = ANY (ARRAY['starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_forecasts_start_check CHECK ((forecasts_start = ANY (ARRAY['forecast'::text, 'expected'::text, 'waiting'::text]))),
    CONSTRAINT workspaces_outliers_start_check CHECK ((outliers_start = ANY (ARRAY['scored'::text, 'expected'::text, 'waiting'::text]))),
    CONSTRAINT workspaces_plan_check CHECK ((plan = ANY (ARRAY['trial'::text, 'starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_seat_limit_check CHECK ((seat_limit >= 1)),
    CONSTRAINT workspaces_video_limit_check CHECK ((video_limit >= 0))
);


--
-- Data for Name: account_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.account_tokens (token_hash, purpose, user_id, email, created_at, expires_at, used_at) FROM stdin;
\\x6252705b68958e3e4b2c4fe9876577cde1de649f4b5ad10e3c8751082e7c7e46	verify_email	5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner@release.example	2026-12-06 21:24:35.986365+00	2026-12-07 21:24:35.986365+00	\N
\.


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, creator_id, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason, creator_set_by, creator_set_at, removed_changed_at) FROM stdin;
10ef20d8-2a2c-49d1-8f23-2293e6f157e7	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	active		30	7518019132151780126	157400	2026-12-04 21:24:53+00	\N	2026-12-06 21:24:40.065759+00	2026-12-06 21:24:54.896936+00	21553	\N	0	2026-12-07 21:24:54+00	86400	budget	\N	\N	\N
91f38da3-33df-4b30-adc6-4e449969a1c9	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	release.brand	https://www.instagram.com/release.brand/	Release Brand	https://scontent.cdninstagram.com/v/t51.2885-19/842274985_n.jpg	\N	active		19	4256387998	1107946	2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.141637+00	2026-12-06 21:24:55.034978+00	21553	\N	0	2026-12-06 22:24:42.141637+00	259200	young	\N	\N	\N
\.


--
-- Data for Name: activity_log; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.activity_log (id, workspace_id, actor_id, actor_email, action, target, details, client_ip, created_at, api_key_id) FROM stdin;
1	\N	5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner@release.example	login		{}	127.0.0.1	2026-12-06 21:24:36.557806+00	\N
2	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner@release.example	workspace_created	Release Co	{}	127.0.0.1	2026-12-06 21:24:37.765035+00	\N
3	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner@release.example	collection_created	Release clients	{}	127.0.0.1	2026-12-06 21:24:38.720134+00	\N
4	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner@release.example	campaign_created	Release clients	{"budget": 0, "period": "weekly", "currency": "USD", "rulesVersion": 1}	127.0.0.1	2026-12-06 21:24:46.104036+00	\N
\.


--
-- Data for Name: alert_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain, growth_pct, baseline, analytics_txid) FROM stdin;
\.


--
-- Data for Name: alert_rules; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_rules (id, workspace_id, name, collection_id, platform, metric, condition, threshold, window_hours, min_start_value, cooldown_hours, recipients, enabled, created_at, updated_at, analytics_txid, event_type, email, channel_ids, armed_at) FROM stdin;
\.


--
-- Data for Name: analytics_deletions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.analytics_deletions (kind, id, workspace_id, analytics_txid, deleted_at) FROM stdin;
\.


--
-- Data for Name: analytics_sync; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.analytics_sync (database, watermark, version, synced_at) FROM stdin;
reeltrack_release_2026_12_02_analytics	21657	1796592334830750702	2026-12-06 21:25:34.88972+00
\.


--
-- Data for Name: api_keys; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.api_keys (id, workspace_id, created_by, name, scope, key_hash, prefix, expires_at, last_used_at, last_used_ip, revoked_at, revoked_by, created_at) FROM stdin;
\.


--
-- Data for Name: campaign_rules; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.campaign_rules (collection_id, version, tiers, view_cap, min_views, min_amount, max_amount, creator_cap, window_hours, created_by, created_at) FROM stdin;
c1276f25-dfc6-4b96-a413-4ca63d3ccb10	1	[{"cpm": 250, "fromViews": 0}]	0	0	0	0	0	168	5dc90996-7e48-4517-9a4f-7f23e1e0224d	2026-12-06 21:24:46.106929+00
\.


--
-- Data for Name: campaigns; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.campaigns (collection_id, workspace_id, currency, minor_digits, starts_at, ends_at, budget, platforms, period, budget_alerted, alerted_budget, created_at, updated_at, ledger_version, collabs, ended_at, ended_by) FROM stdin;
c1276f25-dfc6-4b96-a413-4ca63d3ccb10	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	USD	2	2026-01-01 00:00:00+00	\N	0	{instagram,tiktok,x,youtube}	weekly	0	0	2026-12-06 21:24:46.104036+00	2026-12-06 21:24:46.104036+00	0	hold	\N	\N
\.


--
-- Data for Name: channels; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.channels (id, workspace_id, kind, name, url_sealed, url_hint, secret_sealed, previous_secret_sealed, previous_secret_until, enabled, disabled_reason, disabled_at, next_send_at, last_success_at, last_error, last_error_at, created_by, created_at, updated_at) FROM stdin;
\.


--
-- Data for Name: collections; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.collections (id, workspace_id, name, created_at, analytics_txid, deleted_at) FROM stdin;
c1276f25-dfc6-4b96-a413-4ca63d3ccb10	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	Release clients	2026-12-06 21:24:38.720134+00	21422	\N
\.


--
-- Data for Name: creators; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.creators (id, workspace_id, name, email, posting_goal, created_at, updated_at) FROM stdin;
\.


--
-- Data for Name: delivery_attempts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.delivery_attempts (id, workspace_id, channel_id, delivery_id, attempted_at, status_code, error, duration_ms) FROM stdin;
\.


--
-- Data for Name: digest_sends; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.digest_sends (workspace_id, user_id, frequency, period_start, period_end, outbox_id, created_at) FROM stdin;
\.


--
-- Data for Name: event_deliveries; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.event_deliveries (id, workspace_id, event_id, channel_id, status, attempts, next_attempt_at, last_status, last_error, delivered_at, created_at) FROM stdin;
\.


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.events (id, workspace_id, type, occurred_at, rule_id, video_id, account_id, collection_id, platform, payload, dispatched_at, created_at) FROM stdin;
e411cc64-3650-43df-bf6b-545b630af830	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	18399040-5c66-5789-b5d7-172c6a451294	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "18399040-5c66-5789-b5d7-172c6a451294", "url": "https://www.instagram.com/reel/KQIBeYD0EwC/", "caption": "viral cook in you trying week your honest this what my life pov budget week before till orders tutorial morning what till #foryou", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQIBeYD0EwC/"}	\N	2026-12-06 21:24:44.222303+00
a85ccd26-4451-4387-abdc-19d4e5ce1a69	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	29dca7fe-6f88-5b65-968f-b4eae37aa240	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "29dca7fe-6f88-5b65-968f-b4eae37aa240", "url": "https://www.instagram.com/reel/KQd9U76U5oC/", "caption": "hack viral you eat storytime in you of nobody eat changed #comedy #booktok", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQd9U76U5oC/"}	\N	2026-12-06 21:24:44.222303+00
e0e6c005-c333-4e4c-bef6-5b3edbe50057	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	31c48fd0-6082-5f6e-a6d6-71b5caa5e051	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "31c48fd0-6082-5f6e-a6d6-71b5caa5e051", "url": "https://www.instagram.com/reel/KR6P21C0mgC/", "caption": "busy tips this friend 2 3 of I wait of transformation orders pov business way way orders to #cooking #recipe #diy 😭", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KR6P21C0mgC/"}	\N	2026-12-06 21:24:44.222303+00
751e776a-660e-4539-bf93-cff16e67b325	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	36bd67b1-a986-54bd-9a91-8edd5838ba93	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "36bd67b1-a986-54bd-9a91-8edd5838ba93", "url": "https://www.instagram.com/reel/KSRgix00ikC/", "caption": "I about orders budget my packing business days what in viral asks tells small need in honest friend #fyp #smallbusiness #lifehack #viral", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSRgix00ikC/"}	\N	2026-12-06 21:24:44.222303+00
8a15fec4-cf91-4ebd-aea1-2d0f5bb31183	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	4cbaf921-ec65-597a-8b4e-96488cb16868	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "4cbaf921-ec65-597a-8b4e-96488cb16868", "url": "https://www.instagram.com/reel/KRZoCdXUysC/", "caption": "tells week you tips packing wait when you changed review storytime business after review to I tells new need busy friend I #music #viral #tutorial #music 🙌", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRZoCdXUysC/"}	\N	2026-12-06 21:24:44.222303+00
ee9a5870-3735-4252-b23e-517dfdc59db0	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	5f7fc3ad-10c8-532f-9f11-1e3e92bec4b7	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "5f7fc3ad-10c8-532f-9f11-1e3e92bec4b7", "url": "https://www.instagram.com/reel/KRIotHA0gEC/", "caption": "pov tips in 2 days #smallbusiness #dance #dayinmylife #lifehack", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRIotHA0gEC/"}	\N	2026-12-06 21:24:44.222303+00
6ec62acf-4bf9-464e-add0-f845ef2ce346	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	6063517d-a924-51c1-93f8-a57a558615d2	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "6063517d-a924-51c1-93f8-a57a558615d2", "url": "https://www.instagram.com/reel/KTCBnU105UC/", "caption": "try nobody business for 2 setup day changed packing end till setup changed #fyp #viral #skincare", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KTCBnU105UC/"}	\N	2026-12-06 21:24:44.222303+00
320fa0b0-4d15-4f23-b0d8-6b93aa69d665	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	642d043a-c21a-56dc-bb50-d517ff320c97	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "642d043a-c21a-56dc-bb50-d517ff320c97", "url": "https://www.instagram.com/reel/KQ0g1KjUygC/", "caption": "setup part end business trying before orders #skincare #tutorial #foryou #smallbusiness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQ0g1KjUygC/"}	\N	2026-12-06 21:24:44.222303+00
2444e8f0-ec5f-47eb-be52-eee25eeccb95	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	7206add2-b84d-520e-b224-39eae62eab9d	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "7206add2-b84d-520e-b224-39eae62eab9d", "url": "https://www.instagram.com/reel/KQkBQFa07IC/", "caption": "you changed to transformation tells 3 till part #tutorial #foryou 😂", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQkBQFa07IC/"}	\N	2026-12-06 21:24:44.222303+00
cdb56f7a-176e-4a20-9cc1-de09fc7da996	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	7541954b-96ab-5d48-b6f4-77bd91240998	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "7541954b-96ab-5d48-b6f4-77bd91240998", "url": "https://www.instagram.com/reel/KR1gzBH0gU7/", "caption": "after busy busy my asks for for friend recipe hack cook week your friend tips of your", "platform": "instagram", "publishedAt": null, "accountHandle": "zoe_travels"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KR1gzBH0gU7/"}	\N	2026-12-06 21:24:44.222303+00
92a1bcd8-107a-4bf3-9614-d5c34187402a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	777e579d-c167-5e71-8e37-e5528c861859	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "777e579d-c167-5e71-8e37-e5528c861859", "url": "https://www.instagram.com/reel/KSGm12OUWgC/", "caption": "try for packing tour I storytime till 2 #comedy", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSGm12OUWgC/"}	\N	2026-12-06 21:24:44.222303+00
cf7b7e8f-c224-4a82-ab1a-f1bfff5fa650	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	7e940a88-912a-571f-b27d-ec2747ee6b5c	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "7e940a88-912a-571f-b27d-ec2747ee6b5c", "url": "https://www.instagram.com/reel/KPolnReUh8C/", "caption": "after tips about new week before eat viral friend eat packing week changed life viral #music #dance #tutorial 🔥", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPolnReUh8C/"}	\N	2026-12-06 21:24:44.222303+00
89411e16-a773-4b0d-a409-4d41491ae923	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	7ec79362-56d3-577a-8801-9ef9a30201f9	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "7ec79362-56d3-577a-8801-9ef9a30201f9", "url": "https://www.instagram.com/reel/KQTdPwL0UIC/", "caption": "for business for of what try hack till friend busy before the friend try this #cooking", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQTdPwL0UIC/"}	\N	2026-12-06 21:24:44.222303+00
e1754256-f1d3-45fc-8d28-f47bf80fa0e1	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	a0a82039-4077-5c73-b658-015bfdfda5ed	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "a0a82039-4077-5c73-b658-015bfdfda5ed", "url": "https://www.instagram.com/reel/KSjioMv09AC/", "caption": "changed cook after packing hack busy setup pov setup in this friend way #smallbusiness #cooking #booktok 🔥", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSjioMv09AC/"}	\N	2026-12-06 21:24:44.222303+00
f37bbc8c-2f29-4bc7-b126-20ad41d9f45a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	a301573f-699a-5bbc-bf30-e90f6e5995cd	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "a301573f-699a-5bbc-bf30-e90f6e5995cd", "url": "https://www.instagram.com/reel/KSwlz76UVoC/", "caption": "after about 3 easy routine setup about hack honest #ootd #viral #fitness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSwlz76UVoC/"}	\N	2026-12-06 21:24:44.222303+00
5a82f7d5-c2b0-4317-a547-bb6d705a8a3e	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	b0ff7018-9f93-5176-b3ab-bdd600dbf15f	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "b0ff7018-9f93-5176-b3ab-bdd600dbf15f", "url": "https://www.instagram.com/reel/KS2w4bdURAC/", "caption": "try what review tips busy the tips after my small best small try wait after review 2 cook", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KS2w4bdURAC/"}	\N	2026-12-06 21:24:44.222303+00
8ae25d5a-6caf-4e80-a5e9-d813d11be3ba	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	d38eec39-84a4-55fd-9e19-1e3f86bba6e3	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "d38eec39-84a4-55fd-9e19-1e3f86bba6e3", "url": "https://www.instagram.com/reel/KP7nstEUScC/", "caption": "after you tells setup cook tutorial #ootd", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KP7nstEUScC/"}	\N	2026-12-06 21:24:44.222303+00
0e408c29-e7a5-4923-9d59-8b7fdab3dd78	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	de426bbc-ba83-5ce3-80da-70af9d233bf5	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "de426bbc-ba83-5ce3-80da-70af9d233bf5", "url": "https://www.instagram.com/reel/KRookaUUoEC/", "caption": "tips small tells business 💯", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRookaUUoEC/"}	\N	2026-12-06 21:24:44.222303+00
dd58ae0c-4507-450b-a058-95bb5c40c76f	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:42+00	\N	f2a96136-fdc0-5cee-807f-75d3c26ea468	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "f2a96136-fdc0-5cee-807f-75d3c26ea468", "url": "https://www.instagram.com/reel/KRB8WrvUEUC/", "caption": "you for of best orders packing cook #foryou #smallbusiness #fyp #fitness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRB8WrvUEUC/"}	\N	2026-12-06 21:24:44.222303+00
0daca2f1-2f2d-4225-b878-a66691275c87	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	017de25b-4903-5029-9cda-e48572882b40	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "017de25b-4903-5029-9cda-e48572882b40", "url": "https://www.tiktok.com/@release.creator/video/11715991919015976154", "caption": "nobody 3 2 setup cook storytime of my pov #tech #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715991919015976154"}	\N	2026-12-06 21:24:54.896936+00
ea7c9788-226f-4ae1-bce0-b078c112b006	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	0776409c-25e6-5a86-8b30-b93ec20c3fad	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "0776409c-25e6-5a86-8b30-b93ec20c3fad", "url": "https://www.tiktok.com/@release.creator/video/11714901276552486106", "caption": "pov new tips cook honest cook #foryou #skincare #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714901276552486106"}	\N	2026-12-06 21:24:54.896936+00
63fbd2c0-e526-4d35-8bd2-7a50b3dbad78	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	12f4f70a-028a-5b84-a31b-6634b6219f89	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "12f4f70a-028a-5b84-a31b-6634b6219f89", "url": "https://www.tiktok.com/@release.creator/video/11715782088338005210", "caption": "cook what end part transformation to I business asks this 3 cook budget to #lifehack #dance #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715782088338005210"}	\N	2026-12-06 21:24:54.896936+00
9b1b72ed-efd5-499d-bc57-0c2b95c32aa6	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	305036a2-a362-5995-8599-f1716833baeb	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "305036a2-a362-5995-8599-f1716833baeb", "url": "https://www.tiktok.com/@release.creator/video/11713777262138514650", "caption": "recipe tutorial part packing before for tutorial life in busy #lifehack #viral #lifehack", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713777262138514650"}	\N	2026-12-06 21:24:54.896936+00
9214e89d-5f24-448a-a157-bf0166d65f9b	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	52c3bf05-fcf8-59db-a7f9-d6eb5c3eb5ff	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "52c3bf05-fcf8-59db-a7f9-d6eb5c3eb5ff", "url": "https://www.tiktok.com/@release.creator/video/11715223313144437978", "caption": "I review what viral days till pov #ootd #recipe #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715223313144437978"}	\N	2026-12-06 21:24:54.896936+00
7067cfb4-7ce1-4dd9-8dbd-991690139551	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	5c2da695-d383-5589-beaa-b0ee7356476d	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "5c2da695-d383-5589-beaa-b0ee7356476d", "url": "https://www.tiktok.com/@release.creator/video/11723056165303311578", "caption": "setup 3 wait when packing #travel #cooking #cooking", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11723056165303311578"}	\N	2026-12-06 21:24:54.896936+00
7779c300-47b2-44cb-8701-c63fd2a5fdc1	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	67c50953-a3ca-5da6-b883-c1753840411a	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "67c50953-a3ca-5da6-b883-c1753840411a", "url": "https://www.tiktok.com/@release.creator/video/11714262451600186586", "caption": "2 of easy wait this routine business day storytime morning in trying #travel #gym #lifehack", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714262451600186586"}	\N	2026-12-06 21:24:54.896936+00
b7f06342-2168-49ce-8e1d-eb20142dcab3	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	79a4ca82-0843-57a4-b33e-3aa95bc9c81c	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "79a4ca82-0843-57a4-b33e-3aa95bc9c81c", "url": "https://www.tiktok.com/@release.creator/video/11714341332985404634", "caption": "review I orders days end you about review busy trying #fitness 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714341332985404634"}	\N	2026-12-06 21:24:54.896936+00
f98d232f-e018-4c41-97e1-6ca9ca219024	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	7c4e4328-3f03-5a9d-8173-0b2f596437f4	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "7c4e4328-3f03-5a9d-8173-0b2f596437f4", "url": "https://www.tiktok.com/@release.creator/video/11714612620350676186", "caption": "business pov need need my budget pov wait way #skincare #fitness #music", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714612620350676186"}	\N	2026-12-06 21:24:54.896936+00
e4ffe6d7-79e5-41da-accf-13ba7fe59076	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	7d26d477-4225-5e9e-918d-342686db412d	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "7d26d477-4225-5e9e-918d-342686db412d", "url": "https://www.tiktok.com/@release.creator/video/11715506445919149274", "caption": "when my way need tells orders trying to pov of tells recipe part this life when 🙌", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715506445919149274"}	\N	2026-12-06 21:24:54.896936+00
1ab2f7f9-3219-4667-9591-90d3e8ab86dc	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	8ed7b28a-cab8-57f0-8786-a1e722f3d831	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "8ed7b28a-cab8-57f0-8786-a1e722f3d831", "url": "https://www.tiktok.com/@release.creator/video/11715064566847266010", "caption": "cook this 3 setup tells what tells you wait viral 3 week recipe day #gym #booktok 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715064566847266010"}	\N	2026-12-06 21:24:54.896936+00
c78bff34-a779-4c9e-984a-c4bef8e780c5	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	bc28dae3-b6e0-5a67-b1ba-c197543cf3d5	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "bc28dae3-b6e0-5a67-b1ba-c197543cf3d5", "url": "https://www.tiktok.com/@release.creator/video/11713572254703967450", "caption": "new business storytime trying till of day trying #travel #skincare #lifehack #skincare 😭", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713572254703967450"}	\N	2026-12-06 21:24:54.896936+00
5957b9e6-44e1-4662-b74f-fbb8e32781fb	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	e30a8d8d-7c3f-52c4-9575-1c205f829bba	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	tiktok	{"video": {"id": "e30a8d8d-7c3f-52c4-9575-1c205f829bba", "url": "https://www.tiktok.com/@release.creator/video/11713995643969625306", "caption": "pov challenge 2 best new tips way", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "10ef20d8-2a2c-49d1-8f23-2293e6f157e7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713995643969625306"}	\N	2026-12-06 21:24:54.896936+00
8a5891cf-a2e7-4955-a08a-d60a0dda3a22	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	015ca871-ba6e-5ed3-ba69-71a295d4b1c5	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "015ca871-ba6e-5ed3-ba69-71a295d4b1c5", "url": "https://www.instagram.com/reel/KPb8s4HUM0C/", "caption": "the cook tour honest wait storytime routine need when pov wait this tells friend days you morning recipe easy your #gym #booktok", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPb8s4HUM0C/"}	\N	2026-12-06 21:24:55.144303+00
f0c5f8ad-886a-4076-bfd1-2c3a0daf941a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	18cf7674-284a-5640-b368-619419c03753	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "18cf7674-284a-5640-b368-619419c03753", "url": "https://www.instagram.com/reel/KON_wdiUHYU/", "caption": "2 best way tour way way morning in after honest review way after to budget life part of #travel #fyp", "platform": "instagram", "publishedAt": null, "accountHandle": "nora.vlogs"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KON_wdiUHYU/"}	\N	2026-12-06 21:24:55.144303+00
0528487c-2002-4e99-96ca-7b7e2d0b1adf	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	2e0a6119-bf7e-5b43-862c-a059bbe5d987	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "2e0a6119-bf7e-5b43-862c-a059bbe5d987", "url": "https://www.instagram.com/reel/KOyWW_60qoC/", "caption": "small till packing viral part cook after changed new need the of day this your routine new 2 need #tech", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOyWW_60qoC/"}	\N	2026-12-06 21:24:55.144303+00
be01deaf-eff1-4574-b5e0-0bf69195a1aa	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	387e7b4d-d19e-572c-9dd2-288ca05bd677	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "387e7b4d-d19e-572c-9dd2-288ca05bd677", "url": "https://www.instagram.com/reel/KPIB-Zv0n8C/", "caption": "tour honest setup 3 trying tutorial challenge the budget eat hack till new new best what #comedy #tech #fyp #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPIB-Zv0n8C/"}	\N	2026-12-06 21:24:55.144303+00
a5f8bcc4-1175-4254-94d6-c589fdfa4a01	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	67a12d76-9ac8-55fb-bb18-e63be1401dc0	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "67a12d76-9ac8-55fb-bb18-e63be1401dc0", "url": "https://www.instagram.com/reel/KOhVZGN0qUC/", "caption": "in in 3 about transformation 3 asks you days review this asks to business budget after need morning review wait pov week life hack of #tech", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOhVZGN0qUC/"}	\N	2026-12-06 21:24:55.144303+00
f1e9396c-b1ad-4339-8a5e-db62507d7334	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	893c1ffe-6afa-596b-9738-4fc815e21ddb	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "893c1ffe-6afa-596b-9738-4fc815e21ddb", "url": "https://www.instagram.com/reel/KOaK8ts0E8C/", "caption": "changed days I before packing end #comedy #ootd", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOaK8ts0E8C/"}	\N	2026-12-06 21:24:55.144303+00
c88713aa-0049-48ee-89d7-a2fec0f25682	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	c153ac4c-b9f1-5d7d-a3e2-3c27f100249c	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "c153ac4c-b9f1-5d7d-a3e2-3c27f100249c", "url": "https://www.instagram.com/reel/KO8GN4J0bPK/", "caption": "best tips transformation you hack setup friend week when of part routine pov eat before cook need #viral #smallbusiness #cooking 😭", "platform": "instagram", "publishedAt": null, "accountHandle": "nora_cooks"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KO8GN4J0bPK/"}	\N	2026-12-06 21:24:55.144303+00
ea7ad20a-ace2-4530-aa67-6cce79b561c9	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	account.new_post	2026-12-06 21:24:53+00	\N	c1763605-f0d8-59ad-afbb-272fed894802	91f38da3-33df-4b30-adc6-4e449969a1c9	\N	instagram	{"video": {"id": "c1763605-f0d8-59ad-afbb-272fed894802", "url": "https://www.instagram.com/reel/KPPHWXDUXQC/", "caption": "morning tips 3 tips friend business trying for easy eat budget setup days days after tells business setup small day budget viral #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "91f38da3-33df-4b30-adc6-4e449969a1c9", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPPHWXDUXQC/"}	\N	2026-12-06 21:24:55.144303+00
\.


--
-- Data for Name: leads; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.leads (id, email, source, created_at) FROM stdin;
\.


--
-- Data for Name: mail_outbox; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.mail_outbox (id, workspace_id, rule_id, recipient, subject, text_body, html_body, status, attempts, next_attempt_at, last_error, created_at, sent_at, kind) FROM stdin;
c590aa2c-5137-44a4-8b2b-675f781112d2	\N	\N	owner@release.example	Confirm your e-mail address for reeltrack			sent	1	2026-12-06 21:24:35.968197+00		2026-12-06 21:24:35.968197+00	2026-12-06 21:24:36.275865+00	verify_email
\.


--
-- Data for Name: milestone_marks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.milestone_marks (entity_id, workspace_id, kind, reached, updated_at) FROM stdin;
\.


--
-- Data for Name: payment_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.payment_events (id, type, workspace_id, result, reason, received_at) FROM stdin;
\.


--
-- Data for Name: payout_lines; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.payout_lines (collection_id, video_id, workspace_id, seq, rules_version, creator_id, account_id, payee, clip, published_at, window_end, period_start, snapshot_at, views, likes, comments, paid_views, price, amount, bound, status, hold_reason, hold_detail, reject_reason, locked_at, decided_by, decided_at, paid_by, paid_at, fell_to, payee_changed_by, payee_changed_at) FROM stdin;
\.


--
-- Data for Name: provider_pauses; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.provider_pauses (account, actor, kind, reason, failures, since, paused_until, updated_at) FROM stdin;
\.


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_migrations (version, name, checksum, applied_at) FROM stdin;
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:24:28.253342+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:24:28.420397+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:24:28.50809+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:24:28.560586+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:24:28.563244+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 21:24:28.712658+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 21:24:28.759997+00
8	0008_mail_outbox_skipped.sql	98742603076810c86fe574997c5c1c79f5ddc3350fce499231a7f94ff45dfe43	2026-12-06 21:24:28.771916+00
9	0009_founding_holds.sql	10548612570d9326b4c920aedeebb514218f2232812d79fe7caae1c59b25a7ec	2026-12-06 21:24:28.788321+00
10	0010_scrape_job_ingest_claim.sql	71b6c393902b8f8ebb855b2a45381f01845c2ef2becffe65ccbb1d720341641d	2026-12-06 21:24:28.797826+00
11	0011_videos_by_workspace_id.sql	bf59a815aac02172d3d354846069405b4c75ac3baebc68f30ae8b469e51bfb56	2026-12-06 21:24:28.818942+00
12	0012_provider_pauses.sql	85754d7f8978e98b58598291c650cb097ab7474e0acc8337ba1ed5d608430deb	2026-12-06 21:24:28.831452+00
13	0013_scrape_job_given_up.sql	6f37bfea5998d49c363f19d1934216f72012f64d6317fb3b171733a506ecbea1	2026-12-06 21:24:28.848353+00
14	0014_analytics_sync.sql	7fff6d2d1122da2d1432cda04d5e293cdb2cf761b141a82bfe8cf2a8c10aa352	2026-12-06 21:24:28.876296+00
15	0015_analytics_sync_alerts.sql	9bd512f4be46f73a0b20fe0ff041919ee8ea6e730df5d29e5797fa0865692cb0	2026-12-06 21:24:29.02418+00
16	0016_workspace_history.sql	76be82852d310d106d3e46ff9f2c7149a1d24d6656ffc7961e24b9bf46a978aa	2026-12-06 21:24:29.064215+00
17	0017_account_trust.sql	0f445bfe45753ea9b40558b508ac023eb426762eef842fb01d00635f27d03bb1	2026-12-06 21:24:29.072722+00
18	0018_item_organising.sql	32d5c5252ff68ae1bbacabad12817e8e8d9b4299545a3710f2120a00614631d0	2026-12-06 21:24:29.244332+00
19	0019_videos_export_order.sql	7159e0f3fc7f2e25023221fc4df504ba55a6e10bd9aa97634e3e9f31e248fc29	2026-12-06 21:24:29.284124+00
20	0020_campaigns.sql	4893fa4c8968e41ef89bc5af0e68e4e9b375c56e9ceb4e36029a36d8f50e1236	2026-12-06 21:24:29.312013+00
21	0021_campaign_ledger_version.sql	e8364db9ee03f91cb9a37e97eab6ac111db41baf820798e84455c025d3f02e9e	2026-12-06 21:24:29.575047+00
22	0022_events_channels.sql	7f1a3009c3443c85ae8490269ead820eafb408044ace63d74292e32aed815e9b	2026-12-06 21:24:29.611742+00
23	0023_share_links.sql	d708f95c9f438b6cbc3153b15a922d5337cdfbc3b86a3101716c3a48099c11ce	2026-12-06 21:24:29.857594+00
24	0024_api_keys.sql	a38e7638395052e1c2f9795f91862bec1ea07f26bf77c173ed7506befeaf9dfa	2026-12-06 21:24:29.956136+00
25	0025_digests.sql	80f4c5d07f17df6735dc44aa35a126157607d89b11e86da53cca6a7f5b594521	2026-12-06 21:24:30.039059+00
26	0026_video_insights.sql	53c849b0220f11886002fd93b5fb7889e399ae268886a0784a0047bcf08cb677	2026-12-06 21:24:30.090361+00
27	0027_refresh_plan.sql	55c6176f52b0b6c3786ca26ea7b22c5b8d370ed3ca42b4382f5896039758cdf3	2026-12-06 21:24:30.116291+00
28	0028_whose_post.sql	7e873a31f8e6bbedf52192fe3eec947f3479cd9cb088445b1e2aa0bd5d1454c1	2026-12-06 21:24:30.132203+00
29	0029_payee_changes.sql	54902050164152013557e445607de70ae802d4ecd2760923663703a50860c1d6	2026-12-06 21:24:30.173663+00
30	0030_webhook_hints.sql	dca6143534390873bd227b675b72eb4c7b4cd1b464c4ffbb52feaf5cc3b59427	2026-12-06 21:24:30.17727+00
31	0031_trial_seats.sql	0d4ee2e580a5e46e262dd9270929cbea84180654fd294a8cac1b8f94e66ae6af	2026-12-06 21:24:30.185511+00
32	0032_counted_changes.sql	3cb6b1cca97c9298553a4d1040a3cbea02d0e1068b857bd06149383bfb1fecc2	2026-12-06 21:24:30.194078+00
33	0033_milestone_thresholds.sql	b5c223710f9bf5288e854c012cf9a86375c954ecda705a4042e63a894c330c4f	2026-12-06 21:24:30.21229+00
34	0034_campaign_line_pending.sql	bac3457f72d98016815e78747f5d81b0aab840f8ba88d645cd2814b763733d33	2026-12-06 21:24:30.223751+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
adb40e1b-3c46-4cb1-9c79-21833c94ba96	account	10ef20d8-2a2c-49d1-8f23-2293e6f157e7
d18dce60-005d-4f0f-a8ee-31eca7eff0c9	video	d50bce77-bd6e-4883-8472-62b54803f056
1ff9b4a3-3c20-4550-801f-953ce358433a	account	91f38da3-33df-4b30-adc6-4e449969a1c9
8916e215-ae3b-424d-ad22-af612c27df32	account	91f38da3-33df-4b30-adc6-4e449969a1c9
772d916d-493b-4b97-bfa7-3dce71482a2a	account	10ef20d8-2a2c-49d1-8f23-2293e6f157e7
1ef00e44-200d-4c58-a70a-947f8d9f70a5	account	91f38da3-33df-4b30-adc6-4e449969a1c9
6c325806-f8f5-4026-8709-b2690a3ec7f7	account	91f38da3-33df-4b30-adc6-4e449969a1c9
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at, ingest_claimed_until, given_up_at, snapshots) FROM stdin;
adb40e1b-3c46-4cb1-9c79-21833c94ba96	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 45, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	bVYCiBLhwpX4kTfWh	YT9tMpH3q5NUnFX4P	1		2026-12-06 21:24:40+00	45	0	2026-12-06 21:24:40.065759+00	2026-12-06 21:24:42.237658+00	\N	\N	0
d18dce60-005d-4f0f-a8ee-31eca7eff0c9	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	95DoEWnqKLVXhM7YN	WuzVIySaZmsZR0i9a	1		2026-12-06 21:24:42+00	1	0	2026-12-06 21:24:41.803351+00	2026-12-06 21:24:42.904718+00	\N	\N	0
8916e215-ae3b-424d-ad22-af612c27df32	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	track	processed	a4BSHJblpZye1y5Xi	96eNibWqvzC9TUfsY	1		2026-12-06 21:24:42+00	1	0	2026-12-06 21:24:42.141637+00	2026-12-06 21:24:43.468479+00	\N	\N	0
1ff9b4a3-3c20-4550-801f-953ce358433a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 28}	track	processed	I0jrjkLNYJ99kFXo8	9aH5jszrBEgqNIyes	1		2026-12-06 21:24:42+00	28	0	2026-12-06 21:24:42.141637+00	2026-12-06 21:24:44.222303+00	\N	\N	0
772d916d-493b-4b97-bfa7-3dce71482a2a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 45, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	kd0n9xmZ7taBmXxJp	igYpx90yyDmXOUV0E	1		2026-12-06 21:24:53+00	45	0	2026-12-06 21:24:53.422146+00	2026-12-06 21:24:54.896936+00	\N	\N	30
6c325806-f8f5-4026-8709-b2690a3ec7f7	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	guePB73Xt9MDFsIlU	viycWe4tB5aR1LFbp	1		2026-12-06 21:24:53+00	1	0	2026-12-06 21:24:53.422146+00	2026-12-06 21:24:55.034978+00	\N	\N	19
1ef00e44-200d-4c58-a70a-947f8d9f70a5	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 28}	refresh	processed	keKHK4DVqbxB30DnP	xfbaTJQdy54HrJtZN	1		2026-12-06 21:24:53+00	28	0	2026-12-06 21:24:53.422146+00	2026-12-06 21:24:55.144303+00	\N	\N	19
\.


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sessions (id, user_id, created_at, expires_at, ended_at, client_ip, user_agent) FROM stdin;
91d38cc7-d7a3-4f06-accf-039c2e65cd80	5dc90996-7e48-4517-9a4f-7f23e1e0224d	2026-12-06 21:24:36+00	2026-12-13 21:24:36+00	\N	127.0.0.1	curl/7.88.1
44c00d52-a747-453e-b446-d40162891e24	5dc90996-7e48-4517-9a4f-7f23e1e0224d	2026-12-06 21:24:36+00	2026-12-13 21:24:36+00	\N	127.0.0.1	curl/7.88.1
\.


--
-- Data for Name: share_links; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.share_links (id, workspace_id, collection_id, name, token_hash, password_hash, platforms, individual_only, shop_only, date_preset, range_from, range_to, expires_at, include_payouts, allow_embedding, embed_origins, frozen_at, revoked_at, view_count, last_viewed_at, created_by, created_at, updated_at) FROM stdin;
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, email, password_hash, created_at, email_verified_at, sessions_valid_after) FROM stdin;
5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner@release.example	$2a$04$o1TgMS32e4WWQct0DHw5DuigZCyzamK3Q4tVjLn2uqfoLdNO38HM.	2026-12-06 21:24:35.968197+00	\N	\N
\.


--
-- Data for Name: video_insights; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_insights (video_id, workspace_id, curve, curve_through, views, views_per_hour, outlier_state, outlier_age_hours, outlier_views, outlier_median, outlier_multiplier, outlier_percentile, outlier_baseline, forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high, forecast_30d, forecast_30d_low, forecast_30d_high, computed_at, analytics_txid) FROM stdin;
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason, post_kind, related_handle, published_source, listed_at, kept_until, creator_id, creator_set_by, creator_set_at, counted_changed_at) FROM stdin;
35937229-897d-5e03-b79a-7b3be1132985	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11716206787605650650	https://www.tiktok.com/@release.creator/video/11716206787605650650	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	this this easy cook challenge part hack 2 orders #tutorial #travel #skincare 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0d475c6bbe2e0ad2538891cb6ac53ff8~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
bc28dae3-b6e0-5a67-b1ba-c197543cf3d5	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11713572254703967450	https://www.tiktok.com/@release.creator/video/11713572254703967450	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	new business storytime trying till of day trying #travel #skincare #lifehack #skincare 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3f464d5cad834dcb7283b0d589ae864~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
305036a2-a362-5995-8599-f1716833baeb	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11713777262138514650	https://www.tiktok.com/@release.creator/video/11713777262138514650	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	recipe tutorial part packing before for tutorial life in busy #lifehack #viral #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a635378916b4dd798dbbb1b3b0372550~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
e30a8d8d-7c3f-52c4-9575-1c205f829bba	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11713995643969625306	https://www.tiktok.com/@release.creator/video/11713995643969625306	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	pov challenge 2 best new tips way	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7b948036684cce90f04adbac3e9a6888~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
67c50953-a3ca-5da6-b883-c1753840411a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11714262451600186586	https://www.tiktok.com/@release.creator/video/11714262451600186586	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	2 of easy wait this routine business day storytime morning in trying #travel #gym #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/667687eda21ef883f4964084361639cd~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
71f11fc3-81c6-5f66-9ced-93a5cc6e9d97	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11716863247640255706	https://www.tiktok.com/@release.creator/video/11716863247640255706	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	what viral in transformation cook review viral tips try friend 3 pov #skincare 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/10e644a52f4eece3d40f2ad8ad7ef003~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
c153ac4c-b9f1-5d7d-a3e2-3c27f100249c	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KO8GN4J0bPK	https://www.instagram.com/reel/KO8GN4J0bPK/	91f38da3-33df-4b30-adc6-4e449969a1c9	nora_cooks	\N	best tips transformation you hack setup friend week when of part routine pov eat before cook need #viral #smallbusiness #cooking 😭	https://scontent.cdninstagram.com/v/t51.29350-15/557856665_697793004486564_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	collab	nora_cooks	\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
18cf7674-284a-5640-b368-619419c03753	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KON_wdiUHYU	https://www.instagram.com/reel/KON_wdiUHYU/	91f38da3-33df-4b30-adc6-4e449969a1c9	nora.vlogs	\N	2 best way tour way way morning in after honest review way after to budget life part of #travel #fyp	https://scontent.cdninstagram.com/v/t51.29350-15/675647747_192858346351596_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	collab	nora.vlogs	\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
893c1ffe-6afa-596b-9738-4fc815e21ddb	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KOaK8ts0E8C	https://www.instagram.com/reel/KOaK8ts0E8C/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	changed days I before packing end #comedy #ootd	https://scontent.cdninstagram.com/v/t51.29350-15/488413843_179419173279811_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
67a12d76-9ac8-55fb-bb18-e63be1401dc0	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KOhVZGN0qUC	https://www.instagram.com/reel/KOhVZGN0qUC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	in in 3 about transformation 3 asks you days review this asks to business budget after need morning review wait pov week life hack of #tech	https://scontent.cdninstagram.com/v/t51.29350-15/183064870_144805088892544_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
2e0a6119-bf7e-5b43-862c-a059bbe5d987	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KOyWW_60qoC	https://www.instagram.com/reel/KOyWW_60qoC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	small till packing viral part cook after changed new need the of day this your routine new 2 need #tech	https://scontent.cdninstagram.com/v/t51.29350-15/102959583_141635820148035_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
f297424e-6f28-5129-b5a0-1f995edb583c	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11716288726984645850	https://www.tiktok.com/@release.creator/video/11716288726984645850	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	recipe orders cook life pov tutorial when end life nobody review honest #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2535cc8502472a5e98d05302544d4840~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
d50bce77-bd6e-4883-8472-62b54803f056	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	c1276f25-dfc6-4b96-a413-4ca63d3ccb10	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:21:05+00	\N	t	active		2026-12-03 21:24:42+00	\N	2026-12-06 21:24:41.803351+00	2026-12-06 21:24:42.904718+00	21553	0	2026-12-06 22:24:41.803351+00	604800	settled	own		provider	\N	\N	\N	\N	\N	\N
31c48fd0-6082-5f6e-a6d6-71b5caa5e051	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KR6P21C0mgC	https://www.instagram.com/reel/KR6P21C0mgC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	busy tips this friend 2 3 of I wait of transformation orders pov business way way orders to #cooking #recipe #diy 😭	https://scontent.cdninstagram.com/v/t51.29350-15/511805269_134753012518433_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
5f7fc3ad-10c8-532f-9f11-1e3e92bec4b7	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KRIotHA0gEC	https://www.instagram.com/reel/KRIotHA0gEC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	pov tips in 2 days #smallbusiness #dance #dayinmylife #lifehack	https://scontent.cdninstagram.com/v/t51.29350-15/667349532_138089896291154_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
4cbaf921-ec65-597a-8b4e-96488cb16868	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KRZoCdXUysC	https://www.instagram.com/reel/KRZoCdXUysC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	tells week you tips packing wait when you changed review storytime business after review to I tells new need busy friend I #music #viral #tutorial #music 🙌	https://scontent.cdninstagram.com/v/t51.29350-15/810779347_684189675862305_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
777e579d-c167-5e71-8e37-e5528c861859	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KSGm12OUWgC	https://www.instagram.com/reel/KSGm12OUWgC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	try for packing tour I storytime till 2 #comedy	https://scontent.cdninstagram.com/v/t51.29350-15/134670764_105879698558856_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
36bd67b1-a986-54bd-9a91-8edd5838ba93	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KSRgix00ikC	https://www.instagram.com/reel/KSRgix00ikC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	I about orders budget my packing business days what in viral asks tells small need in honest friend #fyp #smallbusiness #lifehack #viral	https://scontent.cdninstagram.com/v/t51.29350-15/794426487_419555261406772_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
656ae0ec-bf5c-59a1-8d13-608a3801b868	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11717349996205399258	https://www.tiktok.com/@release.creator/video/11717349996205399258	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	before the nobody week eat before when trying small of the	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/afcde91e36aa9310cbacdfdc8c0585dd~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
4b938897-e117-5407-8683-9f19ae989bcb	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11717674498198691034	https://www.tiktok.com/@release.creator/video/11717674498198691034	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	pov this need week cook morning this life you #diy #comedy 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9d55ec7a24db64a2820f6d1c60b75099~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
6a7b9db0-04af-5b53-82de-a98c132a6a06	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11717908329104628954	https://www.tiktok.com/@release.creator/video/11717908329104628954	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	best transformation tour 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/33dcb3f86b9722105e3abeeed854f87c~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
3df60b58-ba66-5415-9200-e8d857a98f30	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11718119851905966917	https://www.tiktok.com/@sam.travels/video/11718119851905966917	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	sam.travels	\N	of after morning cook nobody business in changed friend #foryou #skincare #diy #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0cf9c48d8d22569f2e13f3431b617d02~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	other_author	sam.travels	\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
2f548664-d56c-56d3-9845-a01f1dbaf0a7	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11718311334528834778	https://www.tiktok.com/@release.creator/video/11718311334528834778	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	my the of in way changed packing when changed eat part before packing review #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c0e8d65e98c7e8c6a35b278651e0bc00~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
33586715-470a-5e9d-9796-3a62bf390af0	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11718889364110269658	https://www.tiktok.com/@release.creator/video/11718889364110269658	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	nobody asks hack #cooking #booktok #dance #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/378f2256088bcbc7c6c5239bd2cca064~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
6e0a6319-cdb1-5eda-8031-23d2779ea157	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11721495953950661850	https://www.tiktok.com/@release.creator/video/11721495953950661850	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	tutorial you storytime small #skincare #viral #travel #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6828e31c81d118c7ff00d8c693370722~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
51dc53fd-e300-54fe-bd01-bb5201d766bc	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11721662315241102554	https://www.tiktok.com/@release.creator/video/11721662315241102554	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	storytime life orders wait nobody this I pov my transformation for viral #dance #music #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9a7d3ea1bcd395f52a45161d2e419b72~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
6af7adfe-4f6f-53d0-8dfe-e9c2bb4c1166	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11722244133005909210	https://www.tiktok.com/@release.creator/video/11722244133005909210	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	what you the tips review week recipe viral I I hack tips 2 #lifehack 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/f00856ac818920378e1d25da279821cf~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
b88eb4d9-3075-5be9-a713-22145f0382ad	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11718583699886202074	https://www.tiktok.com/@release.creator/video/11718583699886202074	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	after routine busy viral review cook after till setup you 3 busy small asks #dayinmylife #dance #tutorial #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/90d1f04e19bc7e67071a2708191dda6c~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
c40cdd41-655b-5d90-ab41-39b24cd0b014	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11716614122315144410	https://www.tiktok.com/@release.creator/video/11716614122315144410	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	3 cook for review need business after storytime morning tips need #diy #music #booktok #cooking 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/92b75c1751c5cae155be8ac69819ada2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
c4d31325-78bb-5f99-af4b-13ffdfafbab3	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11719423709491518682	https://www.tiktok.com/@release.creator/video/11719423709491518682	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	need cook for week try for try way need #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b9185185fe11537f9583301daec021b3~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
da96b2a0-4501-5033-9d18-787cca926671	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11719557171331030234	https://www.tiktok.com/@release.creator/video/11719557171331030234	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	honest part to viral eat end week till easy in morning #foryou	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/d86c8c9061a1d98bf60d3fd5ae0292d7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
79a4ca82-0843-57a4-b33e-3aa95bc9c81c	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11714341332985404634	https://www.tiktok.com/@release.creator/video/11714341332985404634	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	review I orders days end you about review busy trying #fitness 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/aff406f94b61f2c59ca086ae7c1f1f71~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
7c4e4328-3f03-5a9d-8173-0b2f596437f4	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11714612620350676186	https://www.tiktok.com/@release.creator/video/11714612620350676186	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	business pov need need my budget pov wait way #skincare #fitness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/3eaa5b2a2adc729a389f089fc3b6f112~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
0776409c-25e6-5a86-8b30-b93ec20c3fad	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11714901276552486106	https://www.tiktok.com/@release.creator/video/11714901276552486106	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	pov new tips cook honest cook #foryou #skincare #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1454a1649c8695d52acc70daddf45c22~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
8ed7b28a-cab8-57f0-8786-a1e722f3d831	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11715064566847266010	https://www.tiktok.com/@release.creator/video/11715064566847266010	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	cook this 3 setup tells what tells you wait viral 3 week recipe day #gym #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/635cea96755317f2a365280eb982066f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
52c3bf05-fcf8-59db-a7f9-d6eb5c3eb5ff	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11715223313144437978	https://www.tiktok.com/@release.creator/video/11715223313144437978	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	I review what viral days till pov #ootd #recipe #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1c2cc088e55ee261bb81d982811b7e97~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
7d26d477-4225-5e9e-918d-342686db412d	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11715506445919149274	https://www.tiktok.com/@release.creator/video/11715506445919149274	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	when my way need tells orders trying to pov of tells recipe part this life when 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bb491640f8cd6711feb046297146b5e1~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
7541954b-96ab-5d48-b6f4-77bd91240998	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KR1gzBH0gU7	https://www.instagram.com/reel/KR1gzBH0gU7/	91f38da3-33df-4b30-adc6-4e449969a1c9	zoe_travels	\N	after busy busy my asks for for friend recipe hack cook week your friend tips of your	https://scontent.cdninstagram.com/v/t51.29350-15/155566604_166977132951860_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	collab	zoe_travels	\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
6063517d-a924-51c1-93f8-a57a558615d2	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KTCBnU105UC	https://www.instagram.com/reel/KTCBnU105UC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	try nobody business for 2 setup day changed packing end till setup changed #fyp #viral #skincare	https://scontent.cdninstagram.com/v/t51.29350-15/970690535_121747553006502_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
7206add2-b84d-520e-b224-39eae62eab9d	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KQkBQFa07IC	https://www.instagram.com/reel/KQkBQFa07IC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	you changed to transformation tells 3 till part #tutorial #foryou 😂	https://scontent.cdninstagram.com/v/t51.29350-15/121557822_170786881963232_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
7c355958-bf6c-5218-9086-77db4fd46944	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11720857494254214362	https://www.tiktok.com/@release.creator/video/11720857494254214362	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	part recipe new week about changed about honest day part new easy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b0f76a366d6bab6ddbdc52a5fd57c97~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
8ed02561-35e9-5d16-8a72-993c7e4eb6d2	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11718725979234983130	https://www.tiktok.com/@release.creator/video/11718725979234983130	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	honest need transformation routine easy for for asks after you easy before about nobody recipe #travel #travel #gym ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0bfb2bf0bff33346c6dcd88fbfc7e94b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
9b28bab8-6edd-5c8d-94a4-d38cae903f87	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11722851192285519066	https://www.tiktok.com/@release.creator/video/11722851192285519066	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	tells budget about friend cook morning busy way tips	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8cc4dfc9ede547ddd22fea05984f503e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
9eac7aa0-2da9-5c5a-97fe-d1c080e3ef4f	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11721123129331309786	https://www.tiktok.com/@release.creator/video/11721123129331309786	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	asks part to honest small 3 you part the till routine wait in #music #music #fyp #comedy 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17ad54fa14b4607d3fc014889759f237~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
a8488d07-2db8-5bb9-badf-26b74ec5ff39	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11721238333290142938	https://www.tiktok.com/@release.creator/video/11721238333290142938	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	small honest hack try tutorial new asks honest #travel #tech #dayinmylife #foryou	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8fe97ee34eb71f216ea26c766f73201f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
a87240b3-e21f-5c70-b5f1-2ccb64a03677	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11722552876678929626	https://www.tiktok.com/@release.creator/video/11722552876678929626	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	life way end #ootd #travel #viral ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3334fe5b1da76b5f3fa872e036a2fbf~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
acfffed9-6414-5c90-84be-679ab1f2c66f	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11716909903797837018	https://www.tiktok.com/@release.creator/video/11716909903797837018	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	life need of easy tutorial wait eat end business tips easy week your this trying easy 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/41ca8cc23a40d02c8a244613cda31ff7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	2026-12-07 21:24:54+00	86400	budget	own		\N	2026-12-06 21:24:40+00	2026-12-13 21:24:40+00	\N	\N	\N	\N
12f4f70a-028a-5b84-a31b-6634b6219f89	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11715782088338005210	https://www.tiktok.com/@release.creator/video/11715782088338005210	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	cook what end part transformation to I business asks this 3 cook budget to #lifehack #dance #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/fc52dbe80da32cc3af66c84d5c295d50~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
017de25b-4903-5029-9cda-e48572882b40	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11715991919015976154	https://www.tiktok.com/@release.creator/video/11715991919015976154	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	nobody 3 2 setup cook storytime of my pov #tech #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7dff5fb092b48d8c1d02a59f9884dd4e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
a2004549-cce4-55f8-916d-1d48e6e9d6c4	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11717278635314925898	https://www.tiktok.com/@leo.beats/video/11717278635314925898	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	leo.beats	\N	easy changed for viral days I about recipe my #comedy #gym #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/287e6a15fea682e79e05eab6e8109ead~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	repost	leo.beats	\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
387e7b4d-d19e-572c-9dd2-288ca05bd677	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KPIB-Zv0n8C	https://www.instagram.com/reel/KPIB-Zv0n8C/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	tour honest setup 3 trying tutorial challenge the budget eat hack till new new best what #comedy #tech #fyp #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/716041406_166281699229571_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
c1763605-f0d8-59ad-afbb-272fed894802	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KPPHWXDUXQC	https://www.instagram.com/reel/KPPHWXDUXQC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	morning tips 3 tips friend business trying for easy eat budget setup days days after tells business setup small day budget viral #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/945314274_114644544810744_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
015ca871-ba6e-5ed3-ba69-71a295d4b1c5	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KPb8s4HUM0C	https://www.instagram.com/reel/KPb8s4HUM0C/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	the cook tour honest wait storytime routine need when pov wait this tells friend days you morning recipe easy your #gym #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/806587318_512478926128088_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
642d043a-c21a-56dc-bb50-d517ff320c97	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KQ0g1KjUygC	https://www.instagram.com/reel/KQ0g1KjUygC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	setup part end business trying before orders #skincare #tutorial #foryou #smallbusiness	https://scontent.cdninstagram.com/v/t51.29350-15/379543738_160297281921401_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
18399040-5c66-5789-b5d7-172c6a451294	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KQIBeYD0EwC	https://www.instagram.com/reel/KQIBeYD0EwC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	viral cook in you trying week your honest this what my life pov budget week before till orders tutorial morning what till #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/156182562_156236172604868_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
29dca7fe-6f88-5b65-968f-b4eae37aa240	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KQd9U76U5oC	https://www.instagram.com/reel/KQd9U76U5oC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	hack viral you eat storytime in you of nobody eat changed #comedy #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/114454085_125404448534413_n.jpg	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	\N
42d5b71d-800e-57f1-bd2c-34b2703ec80a	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11719172668665322714	https://www.tiktok.com/@release.creator/video/11719172668665322714	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	of my new packing I this packing busy #comedy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c6b37c36ac1598f955616aac0a27591e~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
3ae73b6b-9033-5c33-badc-fa94aa194a93	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11719770708489231578	https://www.tiktok.com/@release.creator/video/11719770708489231578	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	friend before way 3 best end easy friend my for try #gym #smallbusiness #cooking #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/5fd591d385044b16ca52ac3abc904228~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
5b68fd25-1598-5fb5-8703-69c171eb5943	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11720019064987802842	https://www.tiktok.com/@release.creator/video/11720019064987802842	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	viral day orders viral day packing nobody need before need my 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/3803547c7c12dfb7325930dc7d931cf7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
35f3cee7-b2b9-5fb6-bd5f-102028319ac9	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11720187779956366554	https://www.tiktok.com/@release.creator/video/11720187779956366554	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	budget try asks to setup friend end life need pov transformation before #recipe #fyp #dance #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3b9012d0dd23d1e7479f8d6f34e8c8a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
64c1e189-307a-595e-b531-7707380435fa	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11720523873978899674	https://www.tiktok.com/@release.creator/video/11720523873978899674	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	tips tour days busy storytime transformation #smallbusiness #dance #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/fcf46f77ffa24fe2aa62bbd7b64fab69~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
5dbaf9c0-3eac-54ff-b653-1363b6cfe3ad	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11720683260281380058	https://www.tiktok.com/@release.creator/video/11720683260281380058	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	need tour in review days eat tips my review new days end storytime try #gym #gym 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4bbc590f1c31f0789e4309278a4cba37~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
07b14f89-c267-5a8d-9ff5-c19214ab0b22	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11721890030145920218	https://www.tiktok.com/@release.creator/video/11721890030145920218	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	orders week setup till hack cook after packing tells your about about eat after viral way #viral #fyp 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/615002af964725b5dc3db57e57bbbcd0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
20e8b3ad-71ae-52b7-805b-ab1b4f768fb4	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11722304455771184346	https://www.tiktok.com/@release.creator/video/11722304455771184346	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	tutorial life asks best #recipe #gym #smallbusiness #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8574ff8a8dc66984fd4517827db3616e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:42.237658+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:40+00	\N	\N	\N	\N	\N
5c2da695-d383-5589-beaa-b0ee7356476d	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	tiktok	11723056165303311578	https://www.tiktok.com/@release.creator/video/11723056165303311578	10ef20d8-2a2c-49d1-8f23-2293e6f157e7	release.creator	\N	setup 3 wait when packing #travel #cooking #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2336b4a3a1e0c0f2b03e592ea050ddb2~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:54.896936+00	2026-12-06 21:24:54.896936+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N
7e940a88-912a-571f-b27d-ec2747ee6b5c	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KPolnReUh8C	https://www.instagram.com/reel/KPolnReUh8C/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	after tips about new week before eat viral friend eat packing week changed life viral #music #dance #tutorial 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/107821387_129220840762336_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
7ec79362-56d3-577a-8801-9ef9a30201f9	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KQTdPwL0UIC	https://www.instagram.com/reel/KQTdPwL0UIC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	for business for of what try hack till friend busy before the friend try this #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/175604807_155897116563097_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
a0a82039-4077-5c73-b658-015bfdfda5ed	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KSjioMv09AC	https://www.instagram.com/reel/KSjioMv09AC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	changed cook after packing hack busy setup pov setup in this friend way #smallbusiness #cooking #booktok 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/111792467_171436818776090_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
a301573f-699a-5bbc-bf30-e90f6e5995cd	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KSwlz76UVoC	https://www.instagram.com/reel/KSwlz76UVoC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	after about 3 easy routine setup about hack honest #ootd #viral #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/150312112_164978204488763_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
b0ff7018-9f93-5176-b3ab-bdd600dbf15f	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KS2w4bdURAC	https://www.instagram.com/reel/KS2w4bdURAC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	try what review tips busy the tips after my small best small try wait after review 2 cook	https://scontent.cdninstagram.com/v/t51.29350-15/104163360_131750771350400_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
d38eec39-84a4-55fd-9e19-1e3f86bba6e3	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KP7nstEUScC	https://www.instagram.com/reel/KP7nstEUScC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	after you tells setup cook tutorial #ootd	https://scontent.cdninstagram.com/v/t51.29350-15/390926362_178382428771259_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
de426bbc-ba83-5ce3-80da-70af9d233bf5	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KRookaUUoEC	https://www.instagram.com/reel/KRookaUUoEC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	tips small tells business 💯	https://scontent.cdninstagram.com/v/t51.29350-15/127889758_723868007739129_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
f2a96136-fdc0-5cee-807f-75d3c26ea468	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	KRB8WrvUEUC	https://www.instagram.com/reel/KRB8WrvUEUC/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	you for of best orders packing cook #foryou #smallbusiness #fyp #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/239550108_216845804424811_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:44.222303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		\N	2026-12-06 21:24:42+00	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
7dd1009c-76ac-5026-af76-b7a842733539	dbb9f798-e635-405a-ac3e-a8fcaf70ec39	instagram	DJJhhBlQx8C	https://www.instagram.com/reel/DJJhhBlQx8C/	91f38da3-33df-4b30-adc6-4e449969a1c9	release.brand	\N	routine week 3 this what viral morning review week to I #travel	https://scontent.cdninstagram.com/v/t51.29350-15/982333981_137266239688931_n.jpg	2025-05-02 11:03:16+00	\N	f	beyond_limit		2026-12-04 21:24:53+00	\N	2026-12-06 21:24:55.144303+00	2026-12-06 21:24:55.144303+00	21553	0	\N	\N	\N	own		provider	\N	\N	\N	\N	\N	2026-12-06 21:24:55.144303+00
\.


--
-- Data for Name: workspace_invites; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspace_invites (id, workspace_id, email, role, invited_by, created_at, token_hash, expires_at, sent_at) FROM stdin;
\.


--
-- Data for Name: workspace_members; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspace_members (workspace_id, user_id, role, joined_at, digest_frequency, digest_since) FROM stdin;
dbb9f798-e635-405a-ac3e-a8fcaf70ec39	5dc90996-7e48-4517-9a4f-7f23e1e0224d	owner	2026-12-06 21:24:37.765035+00	off	\N
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding, founding_hold_until, analytics_txid, history_version, scraped_until, insights_version, insights_at, outliers_start, outliers_from, outliers_from_age, forecasts_start, forecasts_from) FROM stdin;
dbb9f798-e635-405a-ac3e-a8fcaf70ec39	Release Co	5dc90996-7e48-4517-9a4f-7f23e1e0224d	trial	50	2	t	2026-12-13 21:24:37.878959+00	\N	\N	\N	f	2026-12-06 21:24:37.765035+00	2026-12-06 21:24:37.765035+00	12	\N	\N	f	\N	21482	0	2026-12-06 21:24:53+00	\N	\N	\N	\N	\N	\N	\N
\.


--
-- Name: activity_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.activity_log_id_seq', 4, true);


--
-- Name: delivery_attempts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.delivery_attempts_id_seq', 1, false);


--
-- Name: payout_lines_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.payout_lines_seq_seq', 1, false);


--
-- Name: account_tokens account_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_tokens
    ADD CONSTRAINT account_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: accounts accounts_workspace_id_platform_handle_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_workspace_id_platform_handle_key UNIQUE (workspace_id, platform, handle);


--
-- Name: activity_log activity_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_log
    ADD CONSTRAINT activity_log_pkey PRIMARY KEY (id);


--
-- Name: alert_events alert_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_events
    ADD CONSTRAINT alert_events_pkey PRIMARY KEY (id);


--
-- Name: alert_rules alert_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_rules
    ADD CONSTRAINT alert_rules_pkey PRIMARY KEY (id);


--
-- Name: alert_rules alert_rules_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_rules
    ADD CONSTRAINT alert_rules_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: analytics_deletions analytics_deletions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analytics_deletions
    ADD CONSTRAINT analytics_deletions_pkey PRIMARY KEY (kind, id);


--
-- Name: analytics_sync analytics_sync_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.analytics_sync
    ADD CONSTRAINT analytics_sync_pkey PRIMARY KEY (database);


--
-- Name: api_keys api_keys_key_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash);


--
-- Name: api_keys api_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);


--
-- Name: campaign_rules campaign_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaign_rules
    ADD CONSTRAINT campaign_rules_pkey PRIMARY KEY (collection_id, version);


--
-- Name: campaigns campaigns_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaigns
    ADD CONSTRAINT campaigns_pkey PRIMARY KEY (collection_id);


--
-- Name: campaigns campaigns_workspace_id_collection_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaigns
    ADD CONSTRAINT campaigns_workspace_id_collection_id_key UNIQUE (workspace_id, collection_id);


--
-- Name: channels channels_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_pkey PRIMARY KEY (id);


--
-- Name: channels channels_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: collections collections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_pkey PRIMARY KEY (id);


--
-- Name: collections collections_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: creators creators_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.creators
    ADD CONSTRAINT creators_pkey PRIMARY KEY (id);


--
-- Name: creators creators_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.creators
    ADD CONSTRAINT creators_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: delivery_attempts delivery_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_attempts
    ADD CONSTRAINT delivery_attempts_pkey PRIMARY KEY (id);


--
-- Name: digest_sends digest_sends_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.digest_sends
    ADD CONSTRAINT digest_sends_pkey PRIMARY KEY (workspace_id, user_id, frequency, period_start);


--
-- Name: event_deliveries event_deliveries_event_id_channel_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_deliveries
    ADD CONSTRAINT event_deliveries_event_id_channel_id_key UNIQUE (event_id, channel_id);


--
-- Name: event_deliveries event_deliveries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_deliveries
    ADD CONSTRAINT event_deliveries_pkey PRIMARY KEY (id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);


--
-- Name: events events_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: leads leads_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leads
    ADD CONSTRAINT leads_email_key UNIQUE (email);


--
-- Name: leads leads_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leads
    ADD CONSTRAINT leads_pkey PRIMARY KEY (id);


--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);


--
-- Name: milestone_marks milestone_marks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.milestone_marks
    ADD CONSTRAINT milestone_marks_pkey PRIMARY KEY (entity_id);


--
-- Name: payment_events payment_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_pkey PRIMARY KEY (id);


--
-- Name: payout_lines payout_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_lines
    ADD CONSTRAINT payout_lines_pkey PRIMARY KEY (collection_id, video_id);


--
-- Name: provider_pauses provider_pauses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_pauses
    ADD CONSTRAINT provider_pauses_pkey PRIMARY KEY (account, actor);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: scrape_job_targets scrape_job_targets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scrape_job_targets
    ADD CONSTRAINT scrape_job_targets_pkey PRIMARY KEY (job_id, entity_kind, entity_id);


--
-- Name: scrape_jobs scrape_jobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scrape_jobs
    ADD CONSTRAINT scrape_jobs_pkey PRIMARY KEY (id);


--
-- Name: scrape_jobs scrape_jobs_provider_run_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scrape_jobs
    ADD CONSTRAINT scrape_jobs_provider_run_id_key UNIQUE (provider_run_id);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: share_links share_links_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.share_links
    ADD CONSTRAINT share_links_pkey PRIMARY KEY (id);


--
-- Name: share_links share_links_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.share_links
    ADD CONSTRAINT share_links_token_hash_key UNIQUE (token_hash);


--
-- Name: share_links share_links_workspace_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.share_links
    ADD CONSTRAINT share_links_workspace_id_id_key UNIQUE (workspace_id, id);


--
-- Name: users users_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_key UNIQUE (email);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: video_insights video_insights_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_insights
    ADD CONSTRAINT video_insights_pkey PRIMARY KEY (video_id);


--
-- Name: videos videos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_pkey PRIMARY KEY (id);


--
-- Name: videos videos_workspace_id_platform_platform_video_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_workspace_id_platform_platform_video_id_key UNIQUE (workspace_id, platform, platform_video_id);


--
-- Name: workspace_invites workspace_invites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_invites
    ADD CONSTRAINT workspace_invites_pkey PRIMARY KEY (id);


--
-- Name: workspace_invites workspace_invites_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_invites
    ADD CONSTRAINT workspace_invites_token_hash_key UNIQUE (token_hash);


--
-- Name: workspace_invites workspace_invites_workspace_id_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_invites
    ADD CONSTRAINT workspace_invites_workspace_id_email_key UNIQUE (workspace_id, email);


--
-- Name: workspace_members workspace_members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_members
    ADD CONSTRAINT workspace_members_pkey PRIMARY KEY (workspace_id, user_id);


--
-- Name: workspace_members workspace_members_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_members
    ADD CONSTRAINT workspace_members_user_id_key UNIQUE (user_id);


--
-- Name: workspaces workspaces_payment_customer_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspaces
    ADD CONSTRAINT workspaces_payment_customer_id_key UNIQUE (payment_customer_id);


--
-- Name: workspaces workspaces_payment_subscription_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspaces
    ADD CONSTRAINT workspaces_payment_subscription_id_key UNIQUE (payment_subscription_id);


--
-- Name: workspaces workspaces_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspaces
    ADD CONSTRAINT workspaces_pkey PRIMARY KEY (id);


--
-- Name: account_tokens_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_tokens_expires_idx ON public.account_tokens USING btree (expires_at);


--
-- Name: account_tokens_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_tokens_user_idx ON public.account_tokens USING btree (user_id, purpose);


--
-- Name: accounts_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_analytics_txid_idx ON public.accounts USING btree (analytics_txid);


--
-- Name: accounts_creator_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_creator_idx ON public.accounts USING btree (creator_id) WHERE (creator_id IS NOT NULL);


--
-- Name: accounts_refresh_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_refresh_idx ON public.accounts USING btree (last_scraped_at) WHERE (status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text]));


--
-- Name: activity_log_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_log_created_idx ON public.activity_log USING btree (created_at);


--
-- Name: activity_log_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_log_workspace_idx ON public.activity_log USING btree (workspace_id, id DESC);


--
-- Name: alert_events_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alert_events_analytics_txid_idx ON public.alert_events USING btree (analytics_txid);


--
-- Name: alert_events_cooldown_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alert_events_cooldown_idx ON public.alert_events USING btree (rule_id, video_id, triggered_at DESC);


--
-- Name: alert_events_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alert_events_workspace_idx ON public.alert_events USING btree (workspace_id, triggered_at DESC);


--
-- Name: alert_rules_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alert_rules_analytics_txid_idx ON public.alert_rules USING btree (analytics_txid);


--
-- Name: analytics_deletions_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX analytics_deletions_txid_idx ON public.analytics_deletions USING btree (analytics_txid);


--
-- Name: api_keys_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX api_keys_workspace_idx ON public.api_keys USING btree (workspace_id, created_at DESC);


--
-- Name: collections_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX collections_analytics_txid_idx ON public.collections USING btree (analytics_txid);


--
-- Name: collections_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX collections_name_idx ON public.collections USING btree (workspace_id, lower(name)) WHERE (deleted_at IS NULL);


--
-- Name: creators_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX creators_name_idx ON public.creators USING btree (workspace_id, lower(name));


--
-- Name: delivery_attempts_channel_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_attempts_channel_idx ON public.delivery_attempts USING btree (channel_id, id DESC);


--
-- Name: digest_sends_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX digest_sends_created_idx ON public.digest_sends USING btree (created_at);


--
-- Name: event_deliveries_channel_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX event_deliveries_channel_idx ON public.event_deliveries USING btree (channel_id, created_at DESC);


--
-- Name: event_deliveries_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX event_deliveries_due_idx ON public.event_deliveries USING btree (next_attempt_at) WHERE (status = 'pending'::text);


--
-- Name: events_dispatch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_dispatch_idx ON public.events USING btree (created_at) WHERE (dispatched_at IS NULL);


--
-- Name: events_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_workspace_idx ON public.events USING btree (workspace_id, occurred_at DESC);


--
-- Name: mail_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_due_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);


--
-- Name: milestone_marks_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX milestone_marks_workspace_idx ON public.milestone_marks USING btree (workspace_id);


--
-- Name: payment_events_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_events_workspace_idx ON public.payment_events USING btree (workspace_id, received_at) WHERE (workspace_id IS NOT NULL);


--
-- Name: payout_lines_seq_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payout_lines_seq_idx ON public.payout_lines USING btree (collection_id, seq);


--
-- Name: payout_lines_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payout_lines_workspace_idx ON public.payout_lines USING btree (workspace_id);


--
-- Name: scrape_job_targets_entity_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_job_targets_entity_idx ON public.scrape_job_targets USING btree (entity_id);


--
-- Name: scrape_jobs_budget_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_jobs_budget_idx ON public.scrape_jobs USING btree (workspace_id, created_at) WHERE ((reason = 'refresh'::text) AND (snapshots > 0));


--
-- Name: scrape_jobs_manual_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_jobs_manual_idx ON public.scrape_jobs USING btree (workspace_id, created_at) WHERE (reason = 'manual'::text);


--
-- Name: scrape_jobs_retry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_jobs_retry_idx ON public.scrape_jobs USING btree (created_at) WHERE ((status = ANY (ARRAY['queued'::text, 'failed'::text])) AND (given_up_at IS NULL));


--
-- Name: sessions_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_expires_idx ON public.sessions USING btree (expires_at);


--
-- Name: sessions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id) WHERE (ended_at IS NULL);


--
-- Name: share_links_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX share_links_workspace_idx ON public.share_links USING btree (workspace_id, created_at DESC);


--
-- Name: video_insights_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_insights_analytics_txid_idx ON public.video_insights USING btree (analytics_txid);


--
-- Name: video_insights_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_insights_workspace_idx ON public.video_insights USING btree (workspace_id);


--
-- Name: videos_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_account_idx ON public.videos USING btree (account_id) WHERE (account_id IS NOT NULL);


--
-- Name: videos_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_analytics_txid_idx ON public.videos USING btree (analytics_txid);


--
-- Name: videos_counted_changed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_counted_changed_idx ON public.videos USING btree (workspace_id, counted_changed_at) WHERE (counted_changed_at IS NOT NULL);


--
-- Name: videos_export_order_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_export_order_idx ON public.videos USING btree (workspace_id, platform, account_handle COLLATE "C", COALESCE(published_at, '9999-12-31 00:00:00+00'::timestamp with time zone), id);


--
-- Name: videos_kept_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_kept_idx ON public.videos USING btree (kept_until) WHERE (kept_until IS NOT NULL);


--
-- Name: videos_refresh_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_refresh_idx ON public.videos USING btree (last_scraped_at) WHERE tracked_individually;


--
-- Name: videos_unlinked_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_unlinked_idx ON public.videos USING btree (workspace_id, platform, account_handle) WHERE (account_id IS NULL);


--
-- Name: videos_workspace_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_workspace_id_idx ON public.videos USING btree (workspace_id, id);


--
-- Name: workspace_invites_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX workspace_invites_email_idx ON public.workspace_invites USING btree (email, created_at);


--
-- Name: workspaces_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX workspaces_analytics_txid_idx ON public.workspaces USING btree (analytics_txid);


--
-- Name: workspaces_founding_hold_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX workspaces_founding_hold_idx ON public.workspaces USING btree (founding_hold_until) WHERE (founding_hold_until IS NOT NULL);


--
-- Name: workspaces_founding_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX workspaces_founding_idx ON public.workspaces USING btree (founding) WHERE founding;


--
-- Name: accounts accounts_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_analytics_deletion AFTER DELETE ON public.accounts FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: accounts accounts_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_analytics_stamp BEFORE INSERT OR UPDATE ON public.accounts FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: accounts accounts_removed_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_removed_change BEFORE UPDATE OF status ON public.accounts FOR EACH ROW EXECUTE FUNCTION public.accounts_removed_change();


--
-- Name: alert_events alert_events_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER alert_events_analytics_deletion AFTER DELETE ON public.alert_events FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: alert_events alert_events_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER alert_events_analytics_stamp BEFORE INSERT OR UPDATE ON public.alert_events FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: alert_rules alert_rules_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER alert_rules_analytics_deletion AFTER DELETE ON public.alert_rules FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: alert_rules alert_rules_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER alert_rules_analytics_stamp BEFORE INSERT OR UPDATE ON public.alert_rules FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: collections collections_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER collections_analytics_deletion AFTER DELETE ON public.collections FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: collections collections_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER collections_analytics_stamp BEFORE INSERT OR UPDATE ON public.collections FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: video_insights video_insights_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER video_insights_analytics_deletion AFTER DELETE ON public.video_insights FOR EACH ROW EXECUTE FUNCTION public.analytics_record_insights_deletion();


--
-- Name: video_insights video_insights_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER video_insights_analytics_stamp BEFORE INSERT OR UPDATE ON public.video_insights FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: videos videos_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_analytics_deletion AFTER DELETE ON public.videos FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: videos videos_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_analytics_stamp BEFORE INSERT OR UPDATE ON public.videos FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: videos videos_counted_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_counted_change BEFORE UPDATE OF status, post_kind, tracked_individually ON public.videos FOR EACH ROW EXECUTE FUNCTION public.videos_counted_change();


--
-- Name: workspaces workspaces_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER workspaces_analytics_deletion AFTER DELETE ON public.workspaces FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: workspaces workspaces_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER workspaces_analytics_stamp BEFORE INSERT OR UPDATE ON public.workspaces FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: account_tokens account_tokens_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_tokens
    ADD CONSTRAINT account_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: accounts accounts_creator_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_creator_fkey FOREIGN KEY (workspace_id, creator_id) REFERENCES public.creators(workspace_id, id) ON DELETE SET NULL (creator_id);


--
-- Name: accounts accounts_creator_set_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_creator_set_by_fkey FOREIGN KEY (creator_set_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: accounts accounts_workspace_id_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_workspace_id_collection_id_fkey FOREIGN KEY (workspace_id, collection_id) REFERENCES public.collections(workspace_id, id);


--
-- Name: accounts accounts_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: activity_log activity_log_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_log
    ADD CONSTRAINT activity_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: activity_log activity_log_api_key_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_log
    ADD CONSTRAINT activity_log_api_key_id_fkey FOREIGN KEY (api_key_id) REFERENCES public.api_keys(id) ON DELETE SET NULL;


--
-- Name: activity_log activity_log_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity_log
    ADD CONSTRAINT activity_log_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: alert_events alert_events_video_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_events
    ADD CONSTRAINT alert_events_video_id_fkey FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;


--
-- Name: alert_events alert_events_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_events
    ADD CONSTRAINT alert_events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: alert_events alert_events_workspace_id_rule_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_events
    ADD CONSTRAINT alert_events_workspace_id_rule_id_fkey FOREIGN KEY (workspace_id, rule_id) REFERENCES public.alert_rules(workspace_id, id) ON DELETE CASCADE;


--
-- Name: alert_rules alert_rules_workspace_id_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_rules
    ADD CONSTRAINT alert_rules_workspace_id_collection_id_fkey FOREIGN KEY (workspace_id, collection_id) REFERENCES public.collections(workspace_id, id);


--
-- Name: alert_rules alert_rules_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alert_rules
    ADD CONSTRAINT alert_rules_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: api_keys api_keys_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: api_keys api_keys_revoked_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_revoked_by_fkey FOREIGN KEY (revoked_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: api_keys api_keys_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: campaign_rules campaign_rules_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaign_rules
    ADD CONSTRAINT campaign_rules_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES public.campaigns(collection_id) ON DELETE CASCADE;


--
-- Name: campaign_rules campaign_rules_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaign_rules
    ADD CONSTRAINT campaign_rules_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: campaigns campaigns_ended_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaigns
    ADD CONSTRAINT campaigns_ended_by_fkey FOREIGN KEY (ended_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: campaigns campaigns_workspace_id_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.campaigns
    ADD CONSTRAINT campaigns_workspace_id_collection_id_fkey FOREIGN KEY (workspace_id, collection_id) REFERENCES public.collections(workspace_id, id) ON DELETE CASCADE;


--
-- Name: channels channels_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: channels channels_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: collections collections_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: creators creators_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.creators
    ADD CONSTRAINT creators_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: delivery_attempts delivery_attempts_delivery_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_attempts
    ADD CONSTRAINT delivery_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES public.event_deliveries(id) ON DELETE CASCADE;


--
-- Name: delivery_attempts delivery_attempts_workspace_id_channel_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_attempts
    ADD CONSTRAINT delivery_attempts_workspace_id_channel_id_fkey FOREIGN KEY (workspace_id, channel_id) REFERENCES public.channels(workspace_id, id) ON DELETE CASCADE;


--
-- Name: digest_sends digest_sends_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.digest_sends
    ADD CONSTRAINT digest_sends_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: digest_sends digest_sends_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.digest_sends
    ADD CONSTRAINT digest_sends_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: event_deliveries event_deliveries_workspace_id_channel_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_deliveries
    ADD CONSTRAINT event_deliveries_workspace_id_channel_id_fkey FOREIGN KEY (workspace_id, channel_id) REFERENCES public.channels(workspace_id, id) ON DELETE CASCADE;


--
-- Name: event_deliveries event_deliveries_workspace_id_event_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_deliveries
    ADD CONSTRAINT event_deliveries_workspace_id_event_id_fkey FOREIGN KEY (workspace_id, event_id) REFERENCES public.events(workspace_id, id) ON DELETE CASCADE;


--
-- Name: events events_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: mail_outbox mail_outbox_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: milestone_marks milestone_marks_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.milestone_marks
    ADD CONSTRAINT milestone_marks_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: payment_events payment_events_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE SET NULL;


--
-- Name: payout_lines payout_lines_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_lines
    ADD CONSTRAINT payout_lines_collection_id_fkey FOREIGN KEY (collection_id) REFERENCES public.campaigns(collection_id) ON DELETE CASCADE;


--
-- Name: payout_lines payout_lines_collection_id_rules_version_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_lines
    ADD CONSTRAINT payout_lines_collection_id_rules_version_fkey FOREIGN KEY (collection_id, rules_version) REFERENCES public.campaign_rules(collection_id, version);


--
-- Name: payout_lines payout_lines_decided_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_lines
    ADD CONSTRAINT payout_lines_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: payout_lines payout_lines_paid_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_lines
    ADD CONSTRAINT payout_lines_paid_by_fkey FOREIGN KEY (paid_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: payout_lines payout_lines_video_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payout_lines
    ADD CONSTRAINT payout_lines_video_id_fkey FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;


--
-- Name: scrape_job_targets scrape_job_targets_job_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scrape_job_targets
    ADD CONSTRAINT scrape_job_targets_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.scrape_jobs(id) ON DELETE CASCADE;


--
-- Name: scrape_jobs scrape_jobs_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.scrape_jobs
    ADD CONSTRAINT scrape_jobs_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: share_links share_links_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.share_links
    ADD CONSTRAINT share_links_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: share_links share_links_workspace_id_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.share_links
    ADD CONSTRAINT share_links_workspace_id_collection_id_fkey FOREIGN KEY (workspace_id, collection_id) REFERENCES public.collections(workspace_id, id) ON DELETE CASCADE;


--
-- Name: share_links share_links_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.share_links
    ADD CONSTRAINT share_links_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: video_insights video_insights_video_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_insights
    ADD CONSTRAINT video_insights_video_id_fkey FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;


--
-- Name: video_insights video_insights_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_insights
    ADD CONSTRAINT video_insights_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: videos videos_creator_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_creator_fkey FOREIGN KEY (workspace_id, creator_id) REFERENCES public.creators(workspace_id, id) ON DELETE SET NULL (creator_id);


--
-- Name: videos videos_creator_set_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_creator_set_by_fkey FOREIGN KEY (creator_set_by) REFERENCES public.users(id) ON DELETE SET NULL;


--
-- Name: videos videos_workspace_id_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_workspace_id_account_id_fkey FOREIGN KEY (workspace_id, account_id) REFERENCES public.accounts(workspace_id, id);


--
-- Name: videos videos_workspace_id_collection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_workspace_id_collection_id_fkey FOREIGN KEY (workspace_id, collection_id) REFERENCES public.collections(workspace_id, id);


--
-- Name: videos videos_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: workspace_invites workspace_invites_invited_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_invites
    ADD CONSTRAINT workspace_invites_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES public.users(id);


--
-- Name: workspace_invites workspace_invites_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_invites
    ADD CONSTRAINT workspace_invites_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: workspace_members workspace_members_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_members
    ADD CONSTRAINT workspace_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: workspace_members workspace_members_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspace_members
    ADD CONSTRAINT workspace_members_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: workspaces workspaces_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.workspaces
    ADD CONSTRAINT workspaces_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id);


--
-- PostgreSQL database dump complete
--

\unrestrict yqMeAtdzweTUpApqJvnWvtSCnyE3vj93mMTouZtlGNXLBwkZKPEDcSio7uK1m1V

