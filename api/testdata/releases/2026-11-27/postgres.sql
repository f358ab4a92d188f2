--
-- PostgreSQL database dump
--

\restrict 7o84beNNcPAah0Wjcz2AZpfDKFTMN5ZzDZEI31iJ3EXuWybbmceb5XQ0y47xtWr

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
    CONSTRAINT campaigns_budget_check CHECK ((budget >= 0)),
    CONSTRAINT campaigns_check CHECK ((ends_at > starts_at)),
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
    analytics_txid bigint DEFAULT 0 NOT NULL
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
    published_at timestamp with time zone NOT NULL,
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
    CONSTRAINT video_insights_outlier_state_check CHECK ((outlier_state = ANY (ARRAY['scored'::text, 'too_young'::text, 'no_early_views'::text, 'too_few_videos'::text, 'no_account'::text])))
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
    CONSTRAINT videos_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
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
    CONSTRAINT workspaces_checkout_plan_check CHECK ((checkout_plan = ANY (ARRAY['starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_plan_check CHECK ((plan = ANY (ARRAY['trial'::text, 'starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_seat_limit_check CHECK ((seat_limit >= 1)),
    CONSTRAINT workspaces_video_limit_check CHECK ((video_limit >= 0))
);


--
-- Data for Name: account_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.account_tokens (token_hash, purpose, user_id, email, created_at, expires_at, used_at) FROM stdin;
\\x9a89d1d8e5ee12088119cca0596dd688102fd3f79ddfade6eef1ffe74dc92452	verify_email	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner@release.example	2026-12-06 21:15:00.975662+00	2026-12-07 21:15:00.975662+00	\N
\.


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, creator_id, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason) FROM stdin;
c62da518-1e47-4c4c-9dbf-a4bda2388549	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	release.brand	https://www.instagram.com/release.brand/	Release Brand	https://scontent.cdninstagram.com/v/t51.2885-19/842274985_n.jpg	\N	active		19	4256387998	1132457	2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.258282+00	2026-12-06 21:15:17.600835+00	13008	\N	0	2026-12-07 21:15:15+00	86400	budget
4178deac-87d5-4398-9161-216bf3504af7	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	da2d8f4c-7f40-4652-893e-37f59a2a8eb1	active		30	7518019132151780126	160900	2026-12-04 21:15:15+00	\N	2026-12-06 21:15:03.540028+00	2026-12-06 21:15:17.716052+00	13008	\N	0	2026-12-07 21:15:15+00	86400	budget
\.


--
-- Data for Name: activity_log; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.activity_log (id, workspace_id, actor_id, actor_email, action, target, details, client_ip, created_at, api_key_id) FROM stdin;
1	\N	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner@release.example	login		{}	127.0.0.1	2026-12-06 21:15:01.656755+00	\N
2	4da2255e-8eee-4b5f-b034-2170d9294c7c	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner@release.example	workspace_created	Release Co	{}	127.0.0.1	2026-12-06 21:15:02.176489+00	\N
3	4da2255e-8eee-4b5f-b034-2170d9294c7c	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner@release.example	collection_created	Release clients	{}	127.0.0.1	2026-12-06 21:15:02.684508+00	\N
4	4da2255e-8eee-4b5f-b034-2170d9294c7c	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner@release.example	campaign_created	Release clients	{"budget": 0, "period": "weekly", "currency": "USD", "rulesVersion": 1}	127.0.0.1	2026-12-06 21:15:06.975913+00	\N
\.


--
-- Data for Name: alert_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain, growth_pct, baseline, analytics_txid) FROM stdin;
\.


--
-- Data for Name: alert_rules; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_rules (id, workspace_id, name, collection_id, platform, metric, condition, threshold, window_hours, min_start_value, cooldown_hours, recipients, enabled, created_at, updated_at, analytics_txid, event_type, email, channel_ids) FROM stdin;
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
reeltrack_release_2026_11_27_analytics	13095	1796591740583047202	2026-12-06 21:15:40.60273+00
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
da2d8f4c-7f40-4652-893e-37f59a2a8eb1	1	[{"cpm": 250, "fromViews": 0}]	0	0	0	0	0	168	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	2026-12-06 21:15:06.996651+00
\.


--
-- Data for Name: campaigns; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.campaigns (collection_id, workspace_id, currency, minor_digits, starts_at, ends_at, budget, platforms, period, budget_alerted, alerted_budget, created_at, updated_at, ledger_version) FROM stdin;
da2d8f4c-7f40-4652-893e-37f59a2a8eb1	4da2255e-8eee-4b5f-b034-2170d9294c7c	USD	2	2026-01-01 00:00:00+00	\N	0	{instagram,tiktok,x,youtube}	weekly	0	0	2026-12-06 21:15:06.975913+00	2026-12-06 21:15:06.975913+00	0
\.


--
-- Data for Name: channels; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.channels (id, workspace_id, kind, name, url_sealed, url_hint, secret_sealed, previous_secret_sealed, previous_secret_until, enabled, disabled_reason, disabled_at, next_send_at, last_success_at, last_error, last_error_at, created_by, created_at, updated_at) FROM stdin;
\.


--
-- Data for Name: collections; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.collections (id, workspace_id, name, created_at, analytics_txid) FROM stdin;
da2d8f4c-7f40-4652-893e-37f59a2a8eb1	4da2255e-8eee-4b5f-b034-2170d9294c7c	Release clients	2026-12-06 21:15:02.684508+00	12759
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
1e4f88d5-4de8-46c6-a7c1-467f0a22954f	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	06c02fc1-3f77-510c-8648-07b29cf971e8	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "06c02fc1-3f77-510c-8648-07b29cf971e8", "url": "https://www.instagram.com/reel/KSByAqaUZcC/", "caption": "tutorial wait review pov changed #recipe #recipe ✨", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSByAqaUZcC/"}	\N	2026-12-06 21:15:07.150075+00
895e9444-5dfd-46d8-a30c-528a191ff079	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	0f4b59c5-6a21-5679-a438-7cc9b55a20b4	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "0f4b59c5-6a21-5679-a438-7cc9b55a20b4", "url": "https://www.instagram.com/reel/KRI1ohN0_0C/", "caption": "easy friend days changed tutorial to pov till for about day this packing wait 2 what setup 3 tour packing hack 2 wait pov #recipe #foryou", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRI1ohN0_0C/"}	\N	2026-12-06 21:15:07.150075+00
6ce80785-2039-4b2b-9599-7fda4f568494	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	1dfab9ee-2ebb-5f4a-9017-5e3f223f9cb1	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "1dfab9ee-2ebb-5f4a-9017-5e3f223f9cb1", "url": "https://www.instagram.com/reel/KSOCazQUqsC/", "caption": "after of easy till tells hack honest about week till for hack review try transformation packing new hack hack day storytime honest for recipe #cooking", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSOCazQUqsC/"}	\N	2026-12-06 21:15:07.150075+00
0398eaaa-6c45-4bc3-985a-ed2f1f188c16	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	28681e3a-3a00-5448-97fd-b534905d15d2	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "28681e3a-3a00-5448-97fd-b534905d15d2", "url": "https://www.instagram.com/reel/KQtUw3WUGIC/", "caption": "week challenge about tells eat #dayinmylife #music #gym #fitness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQtUw3WUGIC/"}	\N	2026-12-06 21:15:07.150075+00
9ca01a1f-453c-468f-9b4f-0bb816d1fd5b	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	2f1b4d4d-6763-5c53-a877-e61413ad4ad3	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "2f1b4d4d-6763-5c53-a877-e61413ad4ad3", "url": "https://www.instagram.com/reel/KR0SxrUUIMC/", "caption": "way in eat wait to tour tips day trying life hack small nobody challenge tour viral review this #recipe #fyp #recipe #booktok", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KR0SxrUUIMC/"}	\N	2026-12-06 21:15:07.150075+00
08fd59f2-dcd7-4b7d-baf3-d17322d3bc94	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	36d5aefd-8896-5318-b3ba-7cf3076272c8	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "36d5aefd-8896-5318-b3ba-7cf3076272c8", "url": "https://www.instagram.com/reel/KSoeNwa018C/", "caption": "best honest tells my busy setup eat about best packing tells days routine packing 3 orders this #dance", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSoeNwa018C/"}	\N	2026-12-06 21:15:07.150075+00
c2221d23-a66a-4dbf-8a21-0d3927927020	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	48023e1f-1181-5342-af16-a5fe7aede49d	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "48023e1f-1181-5342-af16-a5fe7aede49d", "url": "https://www.instagram.com/reel/KP8OLsu0D8C/", "caption": "when busy week after trying transformation life life this business pov way I review till when 2 days viral week", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KP8OLsu0D8C/"}	\N	2026-12-06 21:15:07.150075+00
e4940015-e6c4-43db-b956-414ed6cd3a70	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	4b704643-a74f-557a-84ec-c1447ba2caf3	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "4b704643-a74f-557a-84ec-c1447ba2caf3", "url": "https://www.instagram.com/reel/KQSngvmUngC/", "caption": "day 2 to week tutorial business your of what review the small your pov after tutorial need new packing day tour recipe pov try #skincare 💯", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQSngvmUngC/"}	\N	2026-12-06 21:15:07.150075+00
3bd94630-5fef-4cb3-b26a-03e8c0d48051	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	71b88da7-4ef4-5c29-8611-098b2acd2009	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "71b88da7-4ef4-5c29-8611-098b2acd2009", "url": "https://www.instagram.com/reel/KQlKA4pUJnp/", "caption": "trying asks when what busy your try trying setup honest your hack #gym #gym", "platform": "instagram", "publishedAt": null, "accountHandle": "eli.eats"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQlKA4pUJnp/"}	\N	2026-12-06 21:15:07.150075+00
46617af2-21af-45f9-8ea5-68378ff90ea8	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	79d26fe1-6631-511f-a4b9-75e87a8bbeec	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "79d26fe1-6631-511f-a4b9-75e87a8bbeec", "url": "https://www.instagram.com/reel/KRQt6emUuQC/", "caption": "best for best business week business I nobody best part cook orders #cooking", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRQt6emUuQC/"}	\N	2026-12-06 21:15:07.150075+00
33bc7978-0393-47eb-ad87-4d740ab3d93a	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	7a7cacd1-9dae-59ec-88a3-82fe1bcba147	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "7a7cacd1-9dae-59ec-88a3-82fe1bcba147", "url": "https://www.instagram.com/reel/KTBlAocUyAC/", "caption": "about I setup review about review when challenge I days way in my what tips busy packing wait nobody setup new after", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KTBlAocUyAC/"}	\N	2026-12-06 21:15:07.150075+00
7cb681d6-03b6-48c5-87b5-be6bb9c20560	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	8613db66-4bfc-59c4-b374-3317aac3a08c	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "8613db66-4bfc-59c4-b374-3317aac3a08c", "url": "https://www.instagram.com/reel/KRm6SDpUYEC/", "caption": "of honest cook cook trying new of packing you packing honest #comedy #tech #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRm6SDpUYEC/"}	\N	2026-12-06 21:15:07.150075+00
7f6e5ecb-9872-4668-8ec2-5fe9c2f07282	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	888f84e1-02c2-56b2-a04a-2b75835ab289	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "888f84e1-02c2-56b2-a04a-2b75835ab289", "url": "https://www.instagram.com/reel/KPrLSmh01AC/", "caption": "way transformation your tips need hack transformation way changed for my part life setup try #recipe #recipe #lifehack #recipe", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPrLSmh01AC/"}	\N	2026-12-06 21:15:07.150075+00
a4c5e54c-dfad-43a2-a4f8-55f38834324b	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	8b45453b-9699-542d-9b6f-62905f590730	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "8b45453b-9699-542d-9b6f-62905f590730", "url": "https://www.instagram.com/reel/KSZZOCIUAIC/", "caption": "new the hack tutorial trying new challenge small tour what part tour changed this viral changed your storytime tells eat #foryou", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSZZOCIUAIC/"}	\N	2026-12-06 21:15:07.150075+00
abb682b2-335b-4302-af07-f6d264ac34cb	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	8bf20e42-566c-5117-a3e9-bdf67b0e05de	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "8bf20e42-566c-5117-a3e9-bdf67b0e05de", "url": "https://www.instagram.com/reel/KRiIvflU8gC/", "caption": "easy after business transformation budget pov asks my part eat tips till challenge transformation till my I #ootd #gym 😂", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRiIvflU8gC/"}	\N	2026-12-06 21:15:07.150075+00
432289d7-61f5-4b7d-95b1-e15cc6a4c7bb	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	8da7ceb5-6849-5e6a-9531-ea1e4e6089ee	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "8da7ceb5-6849-5e6a-9531-ea1e4e6089ee", "url": "https://www.instagram.com/reel/KS23n72Upwg/", "caption": "morning morning packing budget 2 after asks in busy viral morning cook tour challenge life small honest tells tutorial asks the viral about this of about #lifehack #recipe", "platform": "instagram", "publishedAt": null, "accountHandle": "zoe_vlogs"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KS23n72Upwg/"}	\N	2026-12-06 21:15:07.150075+00
11e14ccd-4341-4cb3-a10c-e92a62b2609c	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	95c33bdf-5cfc-500a-b0e8-e0479b62d1e2	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "95c33bdf-5cfc-500a-b0e8-e0479b62d1e2", "url": "https://www.instagram.com/reel/KQ2ezhq0wY_/", "caption": "for hack days packing routine business budget days budget what packing hack busy need orders asks your I cook way #booktok", "platform": "instagram", "publishedAt": null, "accountHandle": "luna_creates"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQ2ezhq0wY_/"}	\N	2026-12-06 21:15:07.150075+00
3495a1ef-9314-4e97-a4b3-601ed0674164	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:05+00	\N	f320fe31-f709-5156-b165-052b41b29745	c62da518-1e47-4c4c-9dbf-a4bda2388549	\N	instagram	{"video": {"id": "f320fe31-f709-5156-b165-052b41b29745", "url": "https://www.instagram.com/reel/KQFNI-NUWUC/", "caption": "life day best morning to friend wait review packing transformation hack in life review what the cook tour this hack recipe to busy 🔥", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c62da518-1e47-4c4c-9dbf-a4bda2388549", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQFNI-NUWUC/"}	\N	2026-12-06 21:15:07.150075+00
deab4d1d-60d9-4aa4-9bdb-56255d6d0f16	4da2255e-8eee-4b5f-b034-2170d9294c7c	account.new_post	2026-12-06 21:15:15+00	\N	02524ccb-78e9-5bd3-b6a1-2dbdcd4f97d1	4178deac-87d5-4398-9161-216bf3504af7	da2d8f4c-7f40-4652-893e-37f59a2a8eb1	tiktok	{"video": {"id": "02524ccb-78e9-5bd3-b6a1-2dbdcd4f97d1", "url": "https://www.tiktok.com/@release.creator/video/11723014877705952474", "caption": "challenge try review this of what day business nobody transformation for life way when busy #tutorial 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "4178deac-87d5-4398-9161-216bf3504af7", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11723014877705952474"}	\N	2026-12-06 21:15:17.716052+00
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
e3bda0af-7d8f-4d7f-9dc5-4340a6f17e9d	\N	\N	owner@release.example	Confirm your e-mail address for reeltrack			sent	1	2026-12-06 21:15:00.966962+00		2026-12-06 21:15:00.966962+00	2026-12-06 21:15:01.317845+00	verify_email
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

COPY public.payout_lines (collection_id, video_id, workspace_id, seq, rules_version, creator_id, account_id, payee, clip, published_at, window_end, period_start, snapshot_at, views, likes, comments, paid_views, price, amount, bound, status, hold_reason, hold_detail, reject_reason, locked_at, decided_by, decided_at, paid_by, paid_at, fell_to) FROM stdin;
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
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:14:54.00305+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:14:54.212005+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:14:54.319021+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:14:54.3951+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:14:54.399488+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 21:14:54.447844+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 21:14:54.482639+00
8	0008_mail_outbox_skipped.sql	98742603076810c86fe574997c5c1c79f5ddc3350fce499231a7f94ff45dfe43	2026-12-06 21:14:54.489293+00
9	0009_founding_holds.sql	10548612570d9326b4c920aedeebb514218f2232812d79fe7caae1c59b25a7ec	2026-12-06 21:14:54.524336+00
10	0010_scrape_job_ingest_claim.sql	71b6c393902b8f8ebb855b2a45381f01845c2ef2becffe65ccbb1d720341641d	2026-12-06 21:14:54.546515+00
11	0011_videos_by_workspace_id.sql	bf59a815aac02172d3d354846069405b4c75ac3baebc68f30ae8b469e51bfb56	2026-12-06 21:14:54.548033+00
12	0012_provider_pauses.sql	85754d7f8978e98b58598291c650cb097ab7474e0acc8337ba1ed5d608430deb	2026-12-06 21:14:54.550579+00
13	0013_scrape_job_given_up.sql	6f37bfea5998d49c363f19d1934216f72012f64d6317fb3b171733a506ecbea1	2026-12-06 21:14:54.556268+00
14	0014_analytics_sync.sql	7fff6d2d1122da2d1432cda04d5e293cdb2cf761b141a82bfe8cf2a8c10aa352	2026-12-06 21:14:54.571174+00
15	0015_analytics_sync_alerts.sql	9bd512f4be46f73a0b20fe0ff041919ee8ea6e730df5d29e5797fa0865692cb0	2026-12-06 21:14:54.628933+00
16	0016_workspace_history.sql	76be82852d310d106d3e46ff9f2c7149a1d24d6656ffc7961e24b9bf46a978aa	2026-12-06 21:14:54.650028+00
17	0017_account_trust.sql	0f445bfe45753ea9b40558b508ac023eb426762eef842fb01d00635f27d03bb1	2026-12-06 21:14:54.658848+00
18	0018_item_organising.sql	32d5c5252ff68ae1bbacabad12817e8e8d9b4299545a3710f2120a00614631d0	2026-12-06 21:14:54.781239+00
19	0019_videos_export_order.sql	7159e0f3fc7f2e25023221fc4df504ba55a6e10bd9aa97634e3e9f31e248fc29	2026-12-06 21:14:54.824201+00
20	0020_campaigns.sql	4893fa4c8968e41ef89bc5af0e68e4e9b375c56e9ceb4e36029a36d8f50e1236	2026-12-06 21:14:54.867773+00
21	0021_campaign_ledger_version.sql	e8364db9ee03f91cb9a37e97eab6ac111db41baf820798e84455c025d3f02e9e	2026-12-06 21:14:54.997612+00
22	0022_events_channels.sql	7f1a3009c3443c85ae8490269ead820eafb408044ace63d74292e32aed815e9b	2026-12-06 21:14:55.008428+00
23	0023_share_links.sql	d708f95c9f438b6cbc3153b15a922d5337cdfbc3b86a3101716c3a48099c11ce	2026-12-06 21:14:55.208001+00
24	0024_api_keys.sql	a38e7638395052e1c2f9795f91862bec1ea07f26bf77c173ed7506befeaf9dfa	2026-12-06 21:14:55.277957+00
25	0025_digests.sql	80f4c5d07f17df6735dc44aa35a126157607d89b11e86da53cca6a7f5b594521	2026-12-06 21:14:55.345236+00
26	0026_video_insights.sql	53c849b0220f11886002fd93b5fb7889e399ae268886a0784a0047bcf08cb677	2026-12-06 21:14:55.422605+00
27	0027_refresh_plan.sql	55c6176f52b0b6c3786ca26ea7b22c5b8d370ed3ca42b4382f5896039758cdf3	2026-12-06 21:14:55.526747+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
3eecc92e-c0e5-4313-b628-4366ac59ed46	account	4178deac-87d5-4398-9161-216bf3504af7
d3c74917-ff63-4e69-85fc-71c90e6cb583	video	20c784be-3d42-4bb3-8812-c3118d60d7e4
bf549e47-b637-4a86-9ddd-8e9e8c3194c7	account	c62da518-1e47-4c4c-9dbf-a4bda2388549
a3fe140c-634b-4ce6-8915-e0182a9d5fa5	account	c62da518-1e47-4c4c-9dbf-a4bda2388549
042e010e-a3f8-4b33-a565-dcf06defcd48	account	4178deac-87d5-4398-9161-216bf3504af7
84a6f94e-fee7-4533-ab12-e0ba2cda27aa	account	c62da518-1e47-4c4c-9dbf-a4bda2388549
bbac1f68-af79-4c82-ab1b-8b12c12af11d	account	c62da518-1e47-4c4c-9dbf-a4bda2388549
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at, ingest_claimed_until, given_up_at, snapshots) FROM stdin;
3eecc92e-c0e5-4313-b628-4366ac59ed46	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	SP9uD3miYPYLiDWZX	kdP5iz2IsdBqihCHL	1		2026-12-06 21:15:04+00	30	0	2026-12-06 21:15:03.540028+00	2026-12-06 21:15:04.976197+00	\N	\N	0
d3c74917-ff63-4e69-85fc-71c90e6cb583	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	s4grAiMZOXY3kAAQm	hCpEwDy05ABObmDrB	1		2026-12-06 21:15:04+00	1	0	2026-12-06 21:15:03.912197+00	2026-12-06 21:15:06.60428+00	\N	\N	0
a3fe140c-634b-4ce6-8915-e0182a9d5fa5	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	track	processed	c0Vx7saRPkldtBnzd	VLsNH8n1pHhrcJXg0	1		2026-12-06 21:15:05+00	1	0	2026-12-06 21:15:04.258282+00	2026-12-06 21:15:06.81276+00	\N	\N	0
bf549e47-b637-4a86-9ddd-8e9e8c3194c7	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 19}	track	processed	bf4WNcN9Fb0z25GLy	fhMeuma4qmA2u4fDO	1		2026-12-06 21:15:05+00	19	0	2026-12-06 21:15:04.258282+00	2026-12-06 21:15:07.150075+00	\N	\N	0
bbac1f68-af79-4c82-ab1b-8b12c12af11d	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	oazRx4BHk8lsRGbWr	hQdcggkXVabc4is6D	1		2026-12-06 21:15:15+00	1	0	2026-12-06 21:15:14.635808+00	2026-12-06 21:15:17.600835+00	\N	\N	19
042e010e-a3f8-4b33-a565-dcf06defcd48	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	vfdeY5uIpjaqdovjv	HAxBpv4acbMOklATV	1		2026-12-06 21:15:15+00	30	0	2026-12-06 21:15:14.635808+00	2026-12-06 21:15:17.716052+00	\N	\N	30
84a6f94e-fee7-4533-ab12-e0ba2cda27aa	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 19}	refresh	processed	9nsEB6L72SnoC4Yyq	eNDYIB4WKgw1fF3Oc	1		2026-12-06 21:15:15+00	19	0	2026-12-06 21:15:14.635808+00	2026-12-06 21:15:17.752031+00	\N	\N	19
\.


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sessions (id, user_id, created_at, expires_at, ended_at, client_ip, user_agent) FROM stdin;
ed6adb89-e14e-47e4-b969-2b8795e1152f	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	2026-12-06 21:15:01+00	2026-12-13 21:15:01+00	\N	127.0.0.1	curl/7.88.1
6ad242cb-e96b-4452-bd16-70c2bd877fb6	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	2026-12-06 21:15:01+00	2026-12-13 21:15:01+00	\N	127.0.0.1	curl/7.88.1
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
a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner@release.example	$2a$04$mXsEJzSJT9CJBY9aQHV32.CdqzFMCnHeTEezE0grSlOTY1xBE6H9S	2026-12-06 21:15:00.966962+00	\N	\N
\.


--
-- Data for Name: video_insights; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_insights (video_id, workspace_id, curve, curve_through, views, views_per_hour, outlier_state, outlier_age_hours, outlier_views, outlier_median, outlier_multiplier, outlier_percentile, outlier_baseline, forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high, forecast_30d, forecast_30d_low, forecast_30d_high, computed_at, analytics_txid) FROM stdin;
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason) FROM stdin;
d7114bf4-f594-5b1a-b857-35198e5293a5	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11720477359453986010	https://www.tiktok.com/@release.creator/video/11720477359453986010	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	days eat tutorial morning honest day you asks new my when #music #booktok	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/eaf2c73e832a1861b2606b3d530d0625~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
c5b6917f-dbba-5458-b706-e5f9270b8df8	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11720730200003402970	https://www.tiktok.com/@release.creator/video/11720730200003402970	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	day asks I trying you day viral tutorial hack routine #tech #dayinmylife #fyp #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/81c393b4a51103d5277fa60c972060af~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
4597d19e-5f43-595a-9022-65a878116f14	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11720927553758387418	https://www.tiktok.com/@release.creator/video/11720927553758387418	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	after eat my changed recipe best try changed #ootd #cooking #smallbusiness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e959ec6ceb26f48f9c65dd2c7937a257~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
829662fb-9c11-5645-9250-d1dcdab35262	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	C9_Qto9Q3AC	https://www.instagram.com/reel/C9_Qto9Q3AC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	routine week 3 this what viral morning review week to I #travel	https://scontent.cdninstagram.com/v/t51.29350-15/982333981_137266239688931_n.jpg	2024-07-29 01:38:42+00	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
28681e3a-3a00-5448-97fd-b534905d15d2	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KQtUw3WUGIC	https://www.instagram.com/reel/KQtUw3WUGIC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	week challenge about tells eat #dayinmylife #music #gym #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/828613188_382104526558424_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
daec6a99-404e-52d3-8c6d-bbda4d586fc8	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11716543384168193242	https://www.tiktok.com/@release.creator/video/11716543384168193242	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	end end days 3 business after setup #fyp	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a69f24722b6ab8f0c75c5c0a21beff93~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-03 21:15:04+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:04.976197+00	13008	0	\N	\N	\N
20c784be-3d42-4bb3-8812-c3118d60d7e4	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	da2d8f4c-7f40-4652-893e-37f59a2a8eb1	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:11:30+00	\N	t	active		2026-12-03 21:15:04+00	\N	2026-12-06 21:15:03.912197+00	2026-12-06 21:15:06.60428+00	13008	0	2026-12-06 22:15:03.912197+00	604800	settled
ec4e3d14-00bb-59f6-9e08-53329269c303	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11716843400602213594	https://www.tiktok.com/@release.creator/video/11716843400602213594	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	for 3 what cook nobody cook you tips tutorial try for #music #ootd #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/845847f26c23e9e55972c98f85bfe12b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
71f1c111-7dba-5d1a-8d5e-61c04bc7a6ac	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11716912613927509210	https://www.tiktok.com/@release.creator/video/11716912613927509210	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	tips day transformation new busy part recipe part after when setup I you orders morning	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bf82940b526c991519216217a6bdfb4~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
eb8235f0-b55f-5389-8421-48b28e3cda64	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11717206033283308762	https://www.tiktok.com/@release.creator/video/11717206033283308762	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	morning part review 3 tour life you eat way #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c38c2dc8aabdabd58e6ccb7a32eb1edf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
445c7b90-54ef-52e8-b901-54f10be49787	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11717478609016216794	https://www.tiktok.com/@release.creator/video/11717478609016216794	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	part when days nobody routine your my hack #lifehack #recipe #dance #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bf93ab9a1245e78b66f54d693228eb86~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
75a57d6d-db93-5b11-be65-b3eb2f3e75a3	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11717655617529535706	https://www.tiktok.com/@release.creator/video/11717655617529535706	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	till the when wait about when tour life business viral recipe life 3 tour #travel #diy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/cf7344670502c834f9f751e0eb8442a0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
778bf8bf-68e3-56cf-9316-ab989fec24a6	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11718310192036535514	https://www.tiktok.com/@release.creator/video/11718310192036535514	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	I this new friend life business for #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b84adb4cd1a97e204a4c435f061110b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
37c06eb0-9b08-54b0-8425-ab033b7d80a2	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11717938797610425562	https://www.tiktok.com/@release.creator/video/11717938797610425562	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	transformation packing easy for #music #viral #recipe ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b38b8f745ac0f9086ac62696a58218ab~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
9f8396d0-acf3-5c7a-8b08-9f83569c272d	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11718511978137607386	https://www.tiktok.com/@release.creator/video/11718511978137607386	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	part transformation part challenge I cook	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4347123067bc04b5cb112ccaae20b72f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
4ec1d906-c2a3-5f77-8dea-441e18b9cc09	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11718656478097661146	https://www.tiktok.com/@release.creator/video/11718656478097661146	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	life tutorial tells asks my you tips new hack eat #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/039f028cb42e2b5d5cdc73180350f39f~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
0a870d8e-3b95-529c-ad5b-305d1c72184e	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11718908008536038618	https://www.tiktok.com/@release.creator/video/11718908008536038618	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	business in hack what nobody hack tutorial tips after	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/91b0735085b32c46e5fc989d950b1ecb~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
3e608e14-23a1-5fcd-8385-24974e9c7bfc	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11719165539127614682	https://www.tiktok.com/@release.creator/video/11719165539127614682	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	storytime new what your days #smallbusiness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23a8020dbc12f138a6b860694475aa11~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
4397b553-ae2c-58cd-a8d3-51d8e86d75d8	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11719400778749192796	https://www.tiktok.com/@isla_cooks/video/11719400778749192796	4178deac-87d5-4398-9161-216bf3504af7	isla_cooks	\N	packing new best transformation business business review busy you end cook #viral #music #ootd ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bbeb7426bdb3d3352b084487007417d~tplv-tiktokx-origin.image	\N	t	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
3acdbab2-46d0-5b23-93be-c90dd1bf32b4	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11719620294457711834	https://www.tiktok.com/@release.creator/video/11719620294457711834	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	viral of business new you business challenge friend honest 2 setup new storytime #ootd #tutorial #travel #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bd98e2c803e55edf4af83bb4e3a63bcc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
9a63c64d-41a3-5af8-95cf-b7d576c5ae5d	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11719836623475203290	https://www.tiktok.com/@release.creator/video/11719836623475203290	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	wait tips about week this wait tips this nobody easy 3 busy try hack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9f2c0c1193192dec1f47309728ec61bf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
b4043e5f-af69-5528-a800-032ee13cdc96	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11720055048234949850	https://www.tiktok.com/@release.creator/video/11720055048234949850	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	business new review life pov to viral #tutorial #dance #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ab3ae40d1997c26b33b737954fcd61f2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
88cdb2ad-4347-5d11-aea2-a3d91e89d747	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11721023842533924058	https://www.tiktok.com/@release.creator/video/11721023842533924058	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	2 I end small end what in part recipe days about review #tech #booktok #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7651188099f6c11e6d5f55ec861a8f0a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
7c4efec8-d39a-52d3-b9d5-5d5f6b6fa1ba	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11721240553726958810	https://www.tiktok.com/@release.creator/video/11721240553726958810	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	setup what when business storytime friend #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ac123f6a618c7359bb2b8c81ff7a854b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
aaff35a8-02d6-509b-aa97-0ac93eaefdde	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11720157173972425946	https://www.tiktok.com/@release.creator/video/11720157173972425946	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	tutorial you routine transformation pov way about this nobody part 3 viral asks #fitness #fyp #cooking #ootd 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/57fdfd47f6bec06dfa58f5d928d3758a~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
601dd085-0c82-5774-a1b3-d2cdf522a3aa	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11721546243775487194	https://www.tiktok.com/@release.creator/video/11721546243775487194	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	pov my way before wait in trying 2 my #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17fc106910d7f148afc1e8e9716b1be9~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
750bf386-b638-527f-9fdf-9311406b28a1	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11721681698424577242	https://www.tiktok.com/@release.creator/video/11721681698424577242	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	try in viral budget #diy #booktok 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/63fcd24e19eb8ca5744ab4d7e3b90fbc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
16f5f8fb-d9a0-5031-8853-aa3d2e2aa1bc	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11722030239294643418	https://www.tiktok.com/@release.creator/video/11722030239294643418	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	the pov for life in eat trying what packing I to the #recipe #gym	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2fde738cd2cef33d1c66bbc5306d4667~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
a4c71d43-1a2c-5808-963f-031e5d4d9fd4	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11722229482879409370	https://www.tiktok.com/@release.creator/video/11722229482879409370	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	viral setup tutorial I I small for your what end before for what	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23714bc414873305c34035f6afb3fe73~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
782aebcd-7c65-591d-863c-08bc00edc26d	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11722304722032811226	https://www.tiktok.com/@release.creator/video/11722304722032811226	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	business nobody till days recipe before viral you tour after need tour changed before to new #dayinmylife #foryou #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6d27f3c0318647337abae4b7c0663b19~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
448e1680-93ca-5a24-96e8-f1ddd3527aa0	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11722636967877369050	https://www.tiktok.com/@release.creator/video/11722636967877369050	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	after asks storytime #smallbusiness #ootd #diy 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/da81f079112cbcc893ffaf6966acf4b5~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
5e79455c-64b8-5f7f-ba38-1f3e1bb45fd0	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11722893892861517018	https://www.tiktok.com/@release.creator/video/11722893892861517018	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	what my business my tour #viral #smallbusiness ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/06d89ec08ea4aee1bf1e972bdd6ba779~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
02524ccb-78e9-5bd3-b6a1-2dbdcd4f97d1	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11723014877705952474	https://www.tiktok.com/@release.creator/video/11723014877705952474	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	challenge try review this of what day business nobody transformation for life way when busy #tutorial 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/77a2e96558e7616c35448a1cccc10387~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:17.716052+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
f6c55b2c-5126-5451-9b91-00db990de94c	4da2255e-8eee-4b5f-b034-2170d9294c7c	tiktok	11718008204309585114	https://www.tiktok.com/@release.creator/video/11718008204309585114	4178deac-87d5-4398-9161-216bf3504af7	release.creator	\N	trying tells asks asks setup setup routine hack part routine changed #recipe #foryou #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/19885602d8d8448d253d4a998d88a892~tplv-tiktokx-origin.image	\N	\N	f	beyond_limit		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:04.976197+00	2026-12-06 21:15:17.716052+00	13008	0	\N	\N	\N
48023e1f-1181-5342-af16-a5fe7aede49d	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KP8OLsu0D8C	https://www.instagram.com/reel/KP8OLsu0D8C/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	when busy week after trying transformation life life this business pov way I review till when 2 days viral week	https://scontent.cdninstagram.com/v/t51.29350-15/804551349_186344178503015_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
888f84e1-02c2-56b2-a04a-2b75835ab289	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KPrLSmh01AC	https://www.instagram.com/reel/KPrLSmh01AC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	way transformation your tips need hack transformation way changed for my part life setup try #recipe #recipe #lifehack #recipe	https://scontent.cdninstagram.com/v/t51.29350-15/124770120_478640658937137_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
95c33bdf-5cfc-500a-b0e8-e0479b62d1e2	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KQ2ezhq0wY_	https://www.instagram.com/reel/KQ2ezhq0wY_/	c62da518-1e47-4c4c-9dbf-a4bda2388549	luna_creates	\N	for hack days packing routine business budget days budget what packing hack busy need orders asks your I cook way #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/846172201_871617763293677_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
f320fe31-f709-5156-b165-052b41b29745	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KQFNI-NUWUC	https://www.instagram.com/reel/KQFNI-NUWUC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	life day best morning to friend wait review packing transformation hack in life review what the cook tour this hack recipe to busy 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/619241089_410174911612459_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
4b704643-a74f-557a-84ec-c1447ba2caf3	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KQSngvmUngC	https://www.instagram.com/reel/KQSngvmUngC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	day 2 to week tutorial business your of what review the small your pov after tutorial need new packing day tour recipe pov try #skincare 💯	https://scontent.cdninstagram.com/v/t51.29350-15/394530344_124086323338110_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
71b88da7-4ef4-5c29-8611-098b2acd2009	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KQlKA4pUJnp	https://www.instagram.com/reel/KQlKA4pUJnp/	c62da518-1e47-4c4c-9dbf-a4bda2388549	eli.eats	\N	trying asks when what busy your try trying setup honest your hack #gym #gym	https://scontent.cdninstagram.com/v/t51.29350-15/924715274_463198573229405_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
2f1b4d4d-6763-5c53-a877-e61413ad4ad3	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KR0SxrUUIMC	https://www.instagram.com/reel/KR0SxrUUIMC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	way in eat wait to tour tips day trying life hack small nobody challenge tour viral review this #recipe #fyp #recipe #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/119966521_998975679462599_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
0f4b59c5-6a21-5679-a438-7cc9b55a20b4	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KRI1ohN0_0C	https://www.instagram.com/reel/KRI1ohN0_0C/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	easy friend days changed tutorial to pov till for about day this packing wait 2 what setup 3 tour packing hack 2 wait pov #recipe #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/565736422_121060731356669_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
79d26fe1-6631-511f-a4b9-75e87a8bbeec	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KRQt6emUuQC	https://www.instagram.com/reel/KRQt6emUuQC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	best for best business week business I nobody best part cook orders #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/870191835_181537658248661_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
8bf20e42-566c-5117-a3e9-bdf67b0e05de	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KRiIvflU8gC	https://www.instagram.com/reel/KRiIvflU8gC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	easy after business transformation budget pov asks my part eat tips till challenge transformation till my I #ootd #gym 😂	https://scontent.cdninstagram.com/v/t51.29350-15/275802842_143431248733836_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
8613db66-4bfc-59c4-b374-3317aac3a08c	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KRm6SDpUYEC	https://www.instagram.com/reel/KRm6SDpUYEC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	of honest cook cook trying new of packing you packing honest #comedy #tech #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/115118929_139453950623815_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
8da7ceb5-6849-5e6a-9531-ea1e4e6089ee	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KS23n72Upwg	https://www.instagram.com/reel/KS23n72Upwg/	c62da518-1e47-4c4c-9dbf-a4bda2388549	zoe_vlogs	\N	morning morning packing budget 2 after asks in busy viral morning cook tour challenge life small honest tells tutorial asks the viral about this of about #lifehack #recipe	https://scontent.cdninstagram.com/v/t51.29350-15/734366273_908533936142706_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
06c02fc1-3f77-510c-8648-07b29cf971e8	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KSByAqaUZcC	https://www.instagram.com/reel/KSByAqaUZcC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	tutorial wait review pov changed #recipe #recipe ✨	https://scontent.cdninstagram.com/v/t51.29350-15/272665867_771337239235084_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
1dfab9ee-2ebb-5f4a-9017-5e3f223f9cb1	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KSOCazQUqsC	https://www.instagram.com/reel/KSOCazQUqsC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	after of easy till tells hack honest about week till for hack review try transformation packing new hack hack day storytime honest for recipe #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/577803831_122156483530033_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
8b45453b-9699-542d-9b6f-62905f590730	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KSZZOCIUAIC	https://www.instagram.com/reel/KSZZOCIUAIC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	new the hack tutorial trying new challenge small tour what part tour changed this viral changed your storytime tells eat #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/257004029_693897015396425_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
36d5aefd-8896-5318-b3ba-7cf3076272c8	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KSoeNwa018C	https://www.instagram.com/reel/KSoeNwa018C/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	best honest tells my busy setup eat about best packing tells days routine packing 3 orders this #dance	https://scontent.cdninstagram.com/v/t51.29350-15/161074712_136707368143941_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
7a7cacd1-9dae-59ec-88a3-82fe1bcba147	4da2255e-8eee-4b5f-b034-2170d9294c7c	instagram	KTBlAocUyAC	https://www.instagram.com/reel/KTBlAocUyAC/	c62da518-1e47-4c4c-9dbf-a4bda2388549	release.brand	\N	about I setup review about review when challenge I days way in my what tips busy packing wait nobody setup new after	https://scontent.cdninstagram.com/v/t51.29350-15/245167173_160016184115086_n.jpg	\N	\N	f	active		2026-12-04 21:15:15+00	\N	2026-12-06 21:15:07.150075+00	2026-12-06 21:15:17.752031+00	13008	0	\N	\N	\N
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
4da2255e-8eee-4b5f-b034-2170d9294c7c	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	owner	2026-12-06 21:15:02.176489+00	off	\N
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding, founding_hold_until, analytics_txid, history_version, scraped_until, insights_version, insights_at) FROM stdin;
4da2255e-8eee-4b5f-b034-2170d9294c7c	Release Co	a5b1fdd0-1d9c-4d3b-b20a-2efd49c8c9a4	trial	50	1	t	2026-12-13 21:15:02.177895+00	\N	\N	\N	f	2026-12-06 21:15:02.176489+00	2026-12-06 21:15:02.176489+00	12	\N	\N	f	\N	12999	0	2026-12-06 21:15:15+00	\N	\N
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

CREATE UNIQUE INDEX collections_name_idx ON public.collections USING btree (workspace_id, lower(name));


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
-- Name: videos_export_order_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_export_order_idx ON public.videos USING btree (workspace_id, platform, account_handle COLLATE "C", COALESCE(published_at, '9999-12-31 00:00:00+00'::timestamp with time zone), id);


--
-- Name: videos_refresh_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_refresh_idx ON public.videos USING btree (last_scraped_at) WHERE tracked_individually;


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

\unrestrict 7o84beNNcPAah0Wjcz2AZpfDKFTMN5ZzDZEI31iJ3EXuWybbmceb5XQ0y47xtWr

