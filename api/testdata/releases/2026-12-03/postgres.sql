--
-- PostgreSQL database dump
--

\restrict 1VEOLEDmaEBlgGbYKHbASIeG8pXjt10gEB95hCwWrl9BOv6BG04GGcIBl5QPzGV

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
-- Name: account_sums_ranks_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_sums_ranks_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT v.workspace_id, v.account_id
    FROM after n
    JOIN before o ON o.video_id = n.video_id
    JOIN videos v ON v.id = n.video_id
    WHERE v.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = v.workspace_id)
      AND ((o.views, o.likes, o.comments, o.shares, o.saves, o.last_at, o.first_views, o.first_at, o.from_7d_0, o.from_7d_1)
              IS DISTINCT FROM (n.views, n.likes, n.comments, n.shares, n.saves, n.last_at, n.first_views, n.first_at, n.from_7d_0, n.from_7d_1)
           OR (o.from_24h_0, o.from_24h_1) IS NOT DISTINCT FROM (n.from_24h_0, n.from_24h_1));
    RETURN NULL;
END
$$;


--
-- Name: account_sums_videos_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_sums_videos_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT c.workspace_id, c.account_id FROM changed c
    WHERE c.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = c.workspace_id);
    RETURN NULL;
END
$$;


--
-- Name: account_sums_videos_updated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_sums_videos_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT x.workspace_id, x.account_id
    FROM after n
    JOIN before o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (o.workspace_id, o.account_id), (n.workspace_id, n.account_id)) AS x (workspace_id, account_id)
    WHERE x.account_id IS NOT NULL
      AND (o.status, o.post_kind, o.account_id) IS DISTINCT FROM (n.status, n.post_kind, n.account_id)
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = x.workspace_id);
    RETURN NULL;
END
$$;


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
-- Name: video_ranks_add(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.video_ranks_add() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO video_ranks (video_id, workspace_id)
    SELECT id, workspace_id FROM added ORDER BY id
    ON CONFLICT (video_id) DO NOTHING;
    RETURN NULL;
END
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


--
-- Name: videos_version_accounts(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.videos_version_accounts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.collection_id) IS DISTINCT FROM (n.status, n.collection_id));
    RETURN NULL;
END
$$;


--
-- Name: videos_version_added(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.videos_version_added() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (SELECT workspace_id FROM changed);
    RETURN NULL;
END
$$;


--
-- Name: videos_version_updated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.videos_version_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.post_kind, o.tracked_individually, o.account_id, o.platform, o.published_at, o.collection_id, o.is_shop)
            IS DISTINCT FROM (n.status, n.post_kind, n.tracked_individually, n.account_id, n.platform, n.published_at, n.collection_id, n.is_shop));
    RETURN NULL;
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: account_sums; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_sums (
    account_id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    tracked integer NOT NULL,
    beyond_limit integer NOT NULL,
    not_own integer NOT NULL,
    with_views integer NOT NULL,
    total_views bigint NOT NULL,
    saves bigint,
    rated_views bigint NOT NULL,
    interactions bigint NOT NULL,
    gained_7d_0 bigint NOT NULL,
    gained_7d_1 bigint NOT NULL,
    spark_day_0 date,
    spark_0 bigint[],
    spark_day_1 date,
    spark_1 bigint[]
);


--
-- Name: account_sums_changed; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_sums_changed (
    id bigint NOT NULL,
    workspace_id uuid NOT NULL,
    account_id uuid NOT NULL
);


--
-- Name: account_sums_changed_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.account_sums_changed_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: account_sums_changed_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.account_sums_changed_id_seq OWNED BY public.account_sums_changed.id;


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
    settled_at timestamp with time zone,
    settled_version bigint,
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
-- Name: overview_slots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.overview_slots (
    workspace_id uuid NOT NULL,
    preset text NOT NULL,
    start timestamp with time zone NOT NULL,
    sums jsonb NOT NULL,
    pending boolean DEFAULT false NOT NULL,
    written_at timestamp with time zone NOT NULL,
    CONSTRAINT overview_slots_preset_check CHECK ((preset = ANY (ARRAY['24h'::text, '7d'::text, '30d'::text, '90d'::text])))
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
-- Name: video_rank_slots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.video_rank_slots (
    workspace_id uuid NOT NULL,
    slot text NOT NULL,
    cutoff timestamp with time zone NOT NULL,
    token uuid NOT NULL,
    valid boolean DEFAULT false NOT NULL,
    written_at timestamp with time zone,
    CONSTRAINT video_rank_slots_slot_check CHECK ((slot = ANY (ARRAY['24h_0'::text, '24h_1'::text, '7d_0'::text, '7d_1'::text])))
);


--
-- Name: video_rank_state; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.video_rank_state (
    workspace_id uuid NOT NULL,
    token uuid NOT NULL,
    synced boolean DEFAULT false NOT NULL,
    synced_at timestamp with time zone
);


--
-- Name: video_ranks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.video_ranks (
    video_id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    views bigint,
    likes bigint,
    comments bigint,
    shares bigint,
    saves bigint,
    last_at timestamp with time zone,
    first_views bigint,
    first_at timestamp with time zone,
    from_24h_0 bigint,
    from_24h_1 bigint,
    from_7d_0 bigint,
    from_7d_1 bigint
)
WITH (fillfactor='80');


--
-- Name: video_totals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.video_totals (
    workspace_id uuid NOT NULL,
    filter_key text NOT NULL,
    videos_version bigint NOT NULL,
    total integer NOT NULL
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
    videos_version bigint DEFAULT 0 NOT NULL,
    CONSTRAINT workspaces_checkout_plan_check CHECK ((checkout_plan = ANY (ARRAY['starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_forecasts_start_check CHECK ((forecasts_start = ANY (ARRAY['forecast'::text, 'expected'::text, 'waiting'::text]))),
    CONSTRAINT workspaces_outliers_start_check CHECK ((outliers_start = ANY (ARRAY['scored'::text, 'expected'::text, 'waiting'::text]))),
    CONSTRAINT workspaces_plan_check CHECK ((plan = ANY (ARRAY['trial'::text, 'starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_seat_limit_check CHECK ((seat_limit >= 1)),
    CONSTRAINT workspaces_video_limit_check CHECK ((video_limit >= 0))
);


--
-- Name: account_sums_changed id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_sums_changed ALTER COLUMN id SET DEFAULT nextval('public.account_sums_changed_id_seq'::regclass);


--
-- Data for Name: account_sums; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.account_sums (account_id, workspace_id, tracked, beyond_limit, not_own, with_views, total_views, saves, rated_views, interactions, gained_7d_0, gained_7d_1, spark_day_0, spark_0, spark_day_1, spark_1) FROM stdin;
\.


--
-- Data for Name: account_sums_changed; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.account_sums_changed (id, workspace_id, account_id) FROM stdin;
\.


--
-- Data for Name: account_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.account_tokens (token_hash, purpose, user_id, email, created_at, expires_at, used_at) FROM stdin;
\\xdc758af246be121e0c7d7bba9f0d1a24184622076d61a3c101e278dfcd60f855	verify_email	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner@release.example	2026-12-06 21:25:11.916846+00	2026-12-07 21:25:11.916846+00	\N
\.


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, creator_id, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason, creator_set_by, creator_set_at, removed_changed_at) FROM stdin;
eac6f810-9beb-4dfd-b624-552950edf085	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	6b6e5cd2-464f-4116-b951-5896ae1ed52a	active		30	7518019132151780126	157400	2026-12-04 21:25:26+00	\N	2026-12-06 21:25:13.85618+00	2026-12-06 21:25:30.752093+00	21679	\N	0	2026-12-07 21:25:27+00	86400	budget	\N	\N	\N
5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	release.brand	https://www.instagram.com/release.brand/	Release Brand	https://scontent.cdninstagram.com/v/t51.2885-19/842274985_n.jpg	\N	active		19	4256387998	1107941	2026-12-04 21:25:26+00	\N	2026-12-06 21:25:15.203794+00	2026-12-06 21:25:30.965368+00	21679	\N	0	2026-12-06 22:25:15.203794+00	259200	young	\N	\N	\N
\.


--
-- Data for Name: activity_log; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.activity_log (id, workspace_id, actor_id, actor_email, action, target, details, client_ip, created_at, api_key_id) FROM stdin;
1	\N	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner@release.example	login		{}	127.0.0.1	2026-12-06 21:25:13.038025+00	\N
2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner@release.example	workspace_created	Release Co	{}	127.0.0.1	2026-12-06 21:25:13.28513+00	\N
3	361c1d5e-332f-4bb7-93a7-7532b0515ef0	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner@release.example	collection_created	Release clients	{}	127.0.0.1	2026-12-06 21:25:13.539901+00	\N
4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner@release.example	campaign_created	Release clients	{"budget": 0, "period": "weekly", "currency": "USD", "rulesVersion": 1}	127.0.0.1	2026-12-06 21:25:17.428011+00	\N
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
reeltrack_release_2026_12_03_analytics	21695	1796592361403067960	2026-12-06 21:26:01.468815+00
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
6b6e5cd2-464f-4116-b951-5896ae1ed52a	1	[{"cpm": 250, "fromViews": 0}]	0	0	0	0	0	168	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	2026-12-06 21:25:17.434043+00
\.


--
-- Data for Name: campaigns; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.campaigns (collection_id, workspace_id, currency, minor_digits, starts_at, ends_at, budget, platforms, period, budget_alerted, alerted_budget, created_at, updated_at, ledger_version, collabs, ended_at, ended_by, settled_at, settled_version) FROM stdin;
6b6e5cd2-464f-4116-b951-5896ae1ed52a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	USD	2	2026-01-01 00:00:00+00	\N	0	{instagram,tiktok,x,youtube}	weekly	0	0	2026-12-06 21:25:17.428011+00	2026-12-06 21:25:17.428011+00	0	hold	\N	\N	\N	\N
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
6b6e5cd2-464f-4116-b951-5896ae1ed52a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	Release clients	2026-12-06 21:25:13.539901+00	21584	\N
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
6aae1e13-c73c-4eee-be17-9febddbf78c4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	0218c88f-335e-578d-bdd4-2c5f294f276a	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "0218c88f-335e-578d-bdd4-2c5f294f276a", "url": "https://www.instagram.com/reel/KPPHaofUZwC/", "caption": "morning tips 3 tips friend business trying for easy eat budget setup days days after tells business setup small day budget viral #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPPHaofUZwC/"}	\N	2026-12-06 21:25:30.259319+00
dd184bfe-50bc-48f8-b462-057947227175	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	2149910f-fe03-51a4-a694-7e2400a6d548	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "2149910f-fe03-51a4-a694-7e2400a6d548", "url": "https://www.instagram.com/reel/KO8GSJl0fLK/", "caption": "best tips transformation you hack setup friend week when of part routine pov eat before cook need #viral #smallbusiness #cooking 😭", "platform": "instagram", "publishedAt": null, "accountHandle": "nora_cooks"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KO8GSJl0fLK/"}	\N	2026-12-06 21:25:30.259319+00
66e557f3-68ea-4e14-b136-5f5b48239f1f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	2a8f8c8c-46e4-569f-bac8-b34e5bc299e3	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "2a8f8c8c-46e4-569f-bac8-b34e5bc299e3", "url": "https://www.instagram.com/reel/KOhVdXp0ckC/", "caption": "in in 3 about transformation 3 asks you days review this asks to business budget after need morning review wait pov week life hack of #tech", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOhVdXp0ckC/"}	\N	2026-12-06 21:25:30.259319+00
d5e4cf03-aae2-4c48-bd65-5a07036b23e4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	384c4ebe-cad3-51a1-bba6-bafd07108ebc	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "384c4ebe-cad3-51a1-bba6-bafd07108ebc", "url": "https://www.instagram.com/reel/KON_0u-Un8U/", "caption": "2 best way tour way way morning in after honest review way after to budget life part of #travel #fyp", "platform": "instagram", "publishedAt": null, "accountHandle": "nora.vlogs"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KON_0u-Un8U/"}	\N	2026-12-06 21:25:30.259319+00
409263a6-1d04-475b-bbab-0c2e6a79866d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	81792b1c-ddae-5851-91b1-2b3c9c544102	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "81792b1c-ddae-5851-91b1-2b3c9c544102", "url": "https://www.instagram.com/reel/KOaLA_I0F0C/", "caption": "changed days I before packing end #comedy #ootd", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOaLA_I0F0C/"}	\N	2026-12-06 21:25:30.259319+00
ab4d1f54-6895-4112-ad7f-5f56e5d6288f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	c4dfbf6a-c341-5008-bde8-2a67aa4baa93	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "c4dfbf6a-c341-5008-bde8-2a67aa4baa93", "url": "https://www.instagram.com/reel/KTCBrmR0_cC/", "caption": "try nobody business for 2 setup day changed packing end till setup changed #fyp #viral #skincare", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KTCBrmR0_cC/"}	\N	2026-12-06 21:25:30.259319+00
8784b5ae-495e-4ccf-ad47-cc62911fe6b0	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	dd283253-4d31-5b61-8fcd-2e941899cd28	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "dd283253-4d31-5b61-8fcd-2e941899cd28", "url": "https://www.instagram.com/reel/KPICCrL0IUC/", "caption": "tour honest setup 3 trying tutorial challenge the budget eat hack till new new best what #comedy #tech #fyp #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPICCrL0IUC/"}	\N	2026-12-06 21:25:30.259319+00
2ecbaada-455b-4215-94cc-ffc614819404	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	e57ec23e-47f8-54f4-a366-24093f914e49	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	\N	instagram	{"video": {"id": "e57ec23e-47f8-54f4-a366-24093f914e49", "url": "https://www.instagram.com/reel/KOyWbRW0_gC/", "caption": "small till packing viral part cook after changed new need the of day this your routine new 2 need #tech", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "5ac7c03c-d43a-4ca9-9d25-ff1b066c551d", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOyWbRW0_gC/"}	\N	2026-12-06 21:25:30.259319+00
b6640661-a9fa-40e9-8b65-2077be761782	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	44027d6a-11f7-5dfa-82ff-bb9f2b2504b7	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "44027d6a-11f7-5dfa-82ff-bb9f2b2504b7", "url": "https://www.tiktok.com/@release.creator/video/11723056315577883866", "caption": "setup 3 wait when packing #travel #cooking #cooking", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11723056315577883866"}	\N	2026-12-06 21:25:30.752093+00
fd41d8f8-b35f-4ec0-adba-3d76f03a05ac	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	64bb2be6-dd45-5539-9f39-1a4a6a881bfc	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "64bb2be6-dd45-5539-9f39-1a4a6a881bfc", "url": "https://www.tiktok.com/@release.creator/video/11714612770693668058", "caption": "business pov need need my budget pov wait way #skincare #fitness #music", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714612770693668058"}	\N	2026-12-06 21:25:30.752093+00
c83278a0-2338-42ac-851e-706b93a5175a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	6fc8a85e-c63b-54fb-a7cc-cdf07e2ee170	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "6fc8a85e-c63b-54fb-a7cc-cdf07e2ee170", "url": "https://www.tiktok.com/@release.creator/video/11715506596241824986", "caption": "when my way need tells orders trying to pov of tells recipe part this life when 🙌", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715506596241824986"}	\N	2026-12-06 21:25:30.752093+00
e7a12a54-b39b-449b-a577-5d39f5b54b87	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	823aa3d2-45f2-5ab7-8170-9da6942a4a74	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "823aa3d2-45f2-5ab7-8170-9da6942a4a74", "url": "https://www.tiktok.com/@release.creator/video/11714901426858056922", "caption": "pov new tips cook honest cook #foryou #skincare #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714901426858056922"}	\N	2026-12-06 21:25:30.752093+00
1c36230d-b17c-4de7-904e-abf29ddd9acf	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	8bff2415-9b22-5448-85e5-2e5844e59d9d	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "8bff2415-9b22-5448-85e5-2e5844e59d9d", "url": "https://www.tiktok.com/@release.creator/video/11713777412444675290", "caption": "recipe tutorial part packing before for tutorial life in busy #lifehack #viral #lifehack", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713777412444675290"}	\N	2026-12-06 21:25:30.752093+00
beb1681f-d2eb-43e3-8422-fe7ea56c751d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	8c993df4-57b2-5c09-aee0-5bb620bab58f	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "8c993df4-57b2-5c09-aee0-5bb620bab58f", "url": "https://www.tiktok.com/@release.creator/video/11713572405050760410", "caption": "new business storytime trying till of day trying #travel #skincare #lifehack #skincare 😭", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713572405050760410"}	\N	2026-12-06 21:25:30.752093+00
0ecbefcd-fe60-4cbf-9ebc-639f20cde649	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	ac4f6d58-04ab-5376-bfc1-444acdf02677	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "ac4f6d58-04ab-5376-bfc1-444acdf02677", "url": "https://www.tiktok.com/@release.creator/video/11715064717184621786", "caption": "cook this 3 setup tells what tells you wait viral 3 week recipe day #gym #booktok 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715064717184621786"}	\N	2026-12-06 21:25:30.752093+00
5a431a3f-93b2-485c-b3a0-336bf429f51c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	c056a7e6-aed6-5514-aff9-dc65ee3b4531	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "c056a7e6-aed6-5514-aff9-dc65ee3b4531", "url": "https://www.tiktok.com/@release.creator/video/11715223463439719642", "caption": "I review what viral days till pov #ootd #recipe #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715223463439719642"}	\N	2026-12-06 21:25:30.752093+00
61c7bdd3-ce35-41f4-97f2-773a089f1a4a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	c48f5fc4-dd19-5f7d-967a-c01c6243b5c8	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "c48f5fc4-dd19-5f7d-967a-c01c6243b5c8", "url": "https://www.tiktok.com/@release.creator/video/11715782238705442010", "caption": "cook what end part transformation to I business asks this 3 cook budget to #lifehack #dance #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715782238705442010"}	\N	2026-12-06 21:25:30.752093+00
c01ec3ac-4704-46a1-b68b-71ea1cbb5e6e	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	c8d73769-89fe-551f-80ed-3f6c17a3add8	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "c8d73769-89fe-551f-80ed-3f6c17a3add8", "url": "https://www.tiktok.com/@release.creator/video/11714341483365293274", "caption": "review I orders days end you about review busy trying #fitness 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714341483365293274"}	\N	2026-12-06 21:25:30.752093+00
1b5b8c23-b8a9-423f-8659-fe7798019835	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	d54ed460-3378-58f9-bfe3-db86f8b97a76	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "d54ed460-3378-58f9-bfe3-db86f8b97a76", "url": "https://www.tiktok.com/@release.creator/video/11714262601924041946", "caption": "2 of easy wait this routine business day storytime morning in trying #travel #gym #lifehack", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714262601924041946"}	\N	2026-12-06 21:25:30.752093+00
073eed28-efc2-4fb4-9258-08f053ab45eb	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	e1ca51ea-6b1b-5ca6-bb80-3c7b8f25fb7a	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "e1ca51ea-6b1b-5ca6-bb80-3c7b8f25fb7a", "url": "https://www.tiktok.com/@release.creator/video/11715992069385182426", "caption": "nobody 3 2 setup cook storytime of my pov #tech #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715992069385182426"}	\N	2026-12-06 21:25:30.752093+00
efad4975-6468-4909-9fe6-3b7736318346	361c1d5e-332f-4bb7-93a7-7532b0515ef0	account.new_post	2026-12-06 21:25:26+00	\N	f037323a-3918-52c6-8458-e055a20c2b98	eac6f810-9beb-4dfd-b624-552950edf085	6b6e5cd2-464f-4116-b951-5896ae1ed52a	tiktok	{"video": {"id": "f037323a-3918-52c6-8458-e055a20c2b98", "url": "https://www.tiktok.com/@release.creator/video/11713995794355608794", "caption": "pov challenge 2 best new tips way", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "eac6f810-9beb-4dfd-b624-552950edf085", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713995794355608794"}	\N	2026-12-06 21:25:30.752093+00
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
cefa2756-015f-4b19-b23d-95004c53f654	\N	\N	owner@release.example	Confirm your e-mail address for reeltrack			sent	1	2026-12-06 21:25:11.912047+00		2026-12-06 21:25:11.912047+00	2026-12-06 21:25:12.618484+00	verify_email
\.


--
-- Data for Name: milestone_marks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.milestone_marks (entity_id, workspace_id, kind, reached, updated_at) FROM stdin;
\.


--
-- Data for Name: overview_slots; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.overview_slots (workspace_id, preset, start, sums, pending, written_at) FROM stdin;
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
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:24:59.621429+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:25:00.024475+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:25:00.355306+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:25:00.752608+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:25:00.764028+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 21:25:00.988833+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 21:25:01.141302+00
8	0008_mail_outbox_skipped.sql	98742603076810c86fe574997c5c1c79f5ddc3350fce499231a7f94ff45dfe43	2026-12-06 21:25:01.169697+00
9	0009_founding_holds.sql	10548612570d9326b4c920aedeebb514218f2232812d79fe7caae1c59b25a7ec	2026-12-06 21:25:01.180218+00
10	0010_scrape_job_ingest_claim.sql	71b6c393902b8f8ebb855b2a45381f01845c2ef2becffe65ccbb1d720341641d	2026-12-06 21:25:01.199994+00
11	0011_videos_by_workspace_id.sql	bf59a815aac02172d3d354846069405b4c75ac3baebc68f30ae8b469e51bfb56	2026-12-06 21:25:01.20965+00
12	0012_provider_pauses.sql	85754d7f8978e98b58598291c650cb097ab7474e0acc8337ba1ed5d608430deb	2026-12-06 21:25:01.304198+00
13	0013_scrape_job_given_up.sql	6f37bfea5998d49c363f19d1934216f72012f64d6317fb3b171733a506ecbea1	2026-12-06 21:25:01.336128+00
14	0014_analytics_sync.sql	7fff6d2d1122da2d1432cda04d5e293cdb2cf761b141a82bfe8cf2a8c10aa352	2026-12-06 21:25:01.347073+00
15	0015_analytics_sync_alerts.sql	9bd512f4be46f73a0b20fe0ff041919ee8ea6e730df5d29e5797fa0865692cb0	2026-12-06 21:25:01.555514+00
16	0016_workspace_history.sql	76be82852d310d106d3e46ff9f2c7149a1d24d6656ffc7961e24b9bf46a978aa	2026-12-06 21:25:01.565156+00
17	0017_account_trust.sql	0f445bfe45753ea9b40558b508ac023eb426762eef842fb01d00635f27d03bb1	2026-12-06 21:25:01.568011+00
18	0018_item_organising.sql	32d5c5252ff68ae1bbacabad12817e8e8d9b4299545a3710f2120a00614631d0	2026-12-06 21:25:01.854837+00
19	0019_videos_export_order.sql	7159e0f3fc7f2e25023221fc4df504ba55a6e10bd9aa97634e3e9f31e248fc29	2026-12-06 21:25:01.920697+00
20	0020_campaigns.sql	4893fa4c8968e41ef89bc5af0e68e4e9b375c56e9ceb4e36029a36d8f50e1236	2026-12-06 21:25:02.016434+00
21	0021_campaign_ledger_version.sql	e8364db9ee03f91cb9a37e97eab6ac111db41baf820798e84455c025d3f02e9e	2026-12-06 21:25:02.488316+00
22	0022_events_channels.sql	7f1a3009c3443c85ae8490269ead820eafb408044ace63d74292e32aed815e9b	2026-12-06 21:25:02.511213+00
23	0023_share_links.sql	d708f95c9f438b6cbc3153b15a922d5337cdfbc3b86a3101716c3a48099c11ce	2026-12-06 21:25:02.914782+00
24	0024_api_keys.sql	a38e7638395052e1c2f9795f91862bec1ea07f26bf77c173ed7506befeaf9dfa	2026-12-06 21:25:02.970191+00
25	0025_digests.sql	80f4c5d07f17df6735dc44aa35a126157607d89b11e86da53cca6a7f5b594521	2026-12-06 21:25:03.088498+00
26	0026_video_insights.sql	53c849b0220f11886002fd93b5fb7889e399ae268886a0784a0047bcf08cb677	2026-12-06 21:25:03.234185+00
27	0027_refresh_plan.sql	55c6176f52b0b6c3786ca26ea7b22c5b8d370ed3ca42b4382f5896039758cdf3	2026-12-06 21:25:03.402241+00
28	0028_whose_post.sql	7e873a31f8e6bbedf52192fe3eec947f3479cd9cb088445b1e2aa0bd5d1454c1	2026-12-06 21:25:03.44907+00
29	0029_payee_changes.sql	54902050164152013557e445607de70ae802d4ecd2760923663703a50860c1d6	2026-12-06 21:25:03.59471+00
30	0030_webhook_hints.sql	dca6143534390873bd227b675b72eb4c7b4cd1b464c4ffbb52feaf5cc3b59427	2026-12-06 21:25:03.621097+00
31	0031_trial_seats.sql	0d4ee2e580a5e46e262dd9270929cbea84180654fd294a8cac1b8f94e66ae6af	2026-12-06 21:25:03.640057+00
32	0032_counted_changes.sql	3cb6b1cca97c9298553a4d1040a3cbea02d0e1068b857bd06149383bfb1fecc2	2026-12-06 21:25:03.669532+00
33	0033_milestone_thresholds.sql	b5c223710f9bf5288e854c012cf9a86375c954ecda705a4042e63a894c330c4f	2026-12-06 21:25:03.710019+00
34	0034_campaign_line_pending.sql	bac3457f72d98016815e78747f5d81b0aab840f8ba88d645cd2814b763733d33	2026-12-06 21:25:03.732261+00
35	0035_video_ranks.sql	e6630fa6ba011d8199478e76b1fb38af4c985b03e6ceec69915299e8494355e5	2026-12-06 21:25:03.747956+00
36	0036_videos_version.sql	d8d53e2ccdd39655c66421fc168c806c0d4229509121a5a7fee93bb7d08d73d2	2026-12-06 21:25:04.020398+00
37	0037_overview_slots.sql	9ee8d094be5b322141bdec400eb22c1f75c9d84844ed4642634841da8588d09b	2026-12-06 21:25:04.101909+00
38	0038_campaign_settled.sql	dd9db6b9e05b6fcab0b8acf2b54cef2a8adb45f425a2fc4be2269556971cdbf7	2026-12-06 21:25:04.251509+00
39	0039_account_sums.sql	87773ff6e3c0a3ffd2c598e71d2fa8aca5d0b352291e99cf9d154338e3a78415	2026-12-06 21:25:04.301249+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
a37c64cc-6dcf-4909-a815-6da54bf3552a	account	eac6f810-9beb-4dfd-b624-552950edf085
6b01e9a2-013f-4586-a310-fd1b12dcbc64	video	a7948415-ccf6-42bd-8921-53273ee0ab1c
bc50e418-f016-4a71-a042-e18a127f0df2	account	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d
1ece301e-6bc6-488f-8f7f-b4ef19ea1e07	account	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d
94eea05d-810a-49fc-a7b0-76dde73f0afa	account	eac6f810-9beb-4dfd-b624-552950edf085
8ba1a14b-729f-4abf-a801-a4ecf360f0a7	account	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d
9bd17240-998c-464f-ae8e-7f4055681409	account	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at, ingest_claimed_until, given_up_at, snapshots) FROM stdin;
6b01e9a2-013f-4586-a310-fd1b12dcbc64	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	GsyRM5MMLLOybt1d7	4KDU3DqdgIk4XeSNn	1		2026-12-06 21:25:14+00	1	0	2026-12-06 21:25:14.440634+00	2026-12-06 21:25:18.191053+00	\N	\N	0
a37c64cc-6dcf-4909-a815-6da54bf3552a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 45, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	HtH40iCyEgbXXr2jY	mFPMLw4MV3WeYsPdR	1		2026-12-06 21:25:14+00	45	0	2026-12-06 21:25:13.85618+00	2026-12-06 21:25:19.689464+00	\N	\N	0
bc50e418-f016-4a71-a042-e18a127f0df2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 28}	track	processed	wSpJ74POCOiQOGZbA	AYGeaVmIJd6LEbIf4	1		2026-12-06 21:25:15+00	28	0	2026-12-06 21:25:15.203794+00	2026-12-06 21:25:20.319798+00	\N	\N	0
1ece301e-6bc6-488f-8f7f-b4ef19ea1e07	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	track	processed	E368CzYom4MnTId8L	2RCD8F9t2wFo4XA48	1		2026-12-06 21:25:16+00	1	0	2026-12-06 21:25:15.203794+00	2026-12-06 21:25:20.480906+00	\N	\N	0
8ba1a14b-729f-4abf-a801-a4ecf360f0a7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 28}	refresh	processed	IFgG0c0pcdYLLcyqL	3B4AJHqFtynvvvDFU	1		2026-12-06 21:25:26+00	28	0	2026-12-06 21:25:26.102383+00	2026-12-06 21:25:30.259319+00	\N	\N	19
94eea05d-810a-49fc-a7b0-76dde73f0afa	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 45, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	yefSV0Bhb7Dhfx9lN	2ByMLywbzgHAenUBI	1		2026-12-06 21:25:26+00	45	0	2026-12-06 21:25:26.102383+00	2026-12-06 21:25:30.752093+00	\N	\N	30
9bd17240-998c-464f-ae8e-7f4055681409	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	o8HDCctYd4NaNHZLB	pcl7T3iv2gYji5gjk	1		2026-12-06 21:25:26+00	1	0	2026-12-06 21:25:26.102383+00	2026-12-06 21:25:30.965368+00	\N	\N	19
\.


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sessions (id, user_id, created_at, expires_at, ended_at, client_ip, user_agent) FROM stdin;
f54fcb14-a875-4e03-ab98-f62a9130f579	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	2026-12-06 21:25:12+00	2026-12-13 21:25:12+00	\N	127.0.0.1	curl/7.88.1
ce3f908a-5d01-4333-926a-5162df653305	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	2026-12-06 21:25:13+00	2026-12-13 21:25:13+00	\N	127.0.0.1	curl/7.88.1
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
0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner@release.example	$2a$04$B6kksdIdteWTP15pblz4IO5cSlasxzxaFIYuqQW9N6EHnro9JjAhG	2026-12-06 21:25:11.912047+00	\N	\N
\.


--
-- Data for Name: video_insights; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_insights (video_id, workspace_id, curve, curve_through, views, views_per_hour, outlier_state, outlier_age_hours, outlier_views, outlier_median, outlier_multiplier, outlier_percentile, outlier_baseline, forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high, forecast_30d, forecast_30d_low, forecast_30d_high, computed_at, analytics_txid) FROM stdin;
\.


--
-- Data for Name: video_rank_slots; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_rank_slots (workspace_id, slot, cutoff, token, valid, written_at) FROM stdin;
\.


--
-- Data for Name: video_rank_state; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_rank_state (workspace_id, token, synced, synced_at) FROM stdin;
\.


--
-- Data for Name: video_ranks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_ranks (video_id, workspace_id, views, likes, comments, shares, saves, last_at, first_views, first_at, from_24h_0, from_24h_1, from_7d_0, from_7d_1) FROM stdin;
a7948415-ccf6-42bd-8921-53273ee0ab1c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	100001	4370	167	\N	\N	2026-12-06 21:25:14+00	100001	2026-12-06 21:25:14+00	\N	\N	\N	\N
0942c32d-7486-5304-8f9b-71b22df3f778	361c1d5e-332f-4bb7-93a7-7532b0515ef0	43900	2935	316	205	194	2026-12-06 21:25:26+00	43900	2026-12-06 21:25:14+00	\N	\N	\N	\N
193f1c82-5bbc-5845-b9be-c26a52e691b4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	89500	9103	701	490	709	2026-12-06 21:25:26+00	89500	2026-12-06 21:25:14+00	\N	\N	\N	\N
1bef98a3-90bd-588b-93a1-958972d9d407	361c1d5e-332f-4bb7-93a7-7532b0515ef0	143100	12900	829	1128	1045	2026-12-06 21:25:26+00	143100	2026-12-06 21:25:14+00	\N	\N	\N	\N
22ef6cf5-3a6d-5259-ba5d-61c7a7f46374	361c1d5e-332f-4bb7-93a7-7532b0515ef0	13500	1237	74	99	73	2026-12-06 21:25:26+00	13500	2026-12-06 21:25:14+00	\N	\N	\N	\N
2a31cf8b-f915-5232-af76-a26413e3e767	361c1d5e-332f-4bb7-93a7-7532b0515ef0	103100	6543	353	314	748	2026-12-06 21:25:26+00	101900	2026-12-06 21:25:14+00	\N	\N	\N	\N
2b1d104d-a212-524f-9124-e3cda165c6ba	361c1d5e-332f-4bb7-93a7-7532b0515ef0	8445	616	44	56	54	2026-12-06 21:25:26+00	8445	2026-12-06 21:25:14+00	\N	\N	\N	\N
31867e68-e5f2-55ed-bc05-e90786469080	361c1d5e-332f-4bb7-93a7-7532b0515ef0	25100	3173	75	72	181	2026-12-06 21:25:26+00	25100	2026-12-06 21:25:14+00	\N	\N	\N	\N
31f234e8-533f-5446-9e6a-53e4a5a1620c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	472200	60800	1052	1952	3792	2026-12-06 21:25:26+00	472200	2026-12-06 21:25:14+00	\N	\N	\N	\N
3868481b-c156-57aa-b562-96965197609b	361c1d5e-332f-4bb7-93a7-7532b0515ef0	453100	74300	1159	1790	2281	2026-12-06 21:25:26+00	453100	2026-12-06 21:25:14+00	\N	\N	\N	\N
5fae6064-75eb-51dd-b27b-76946d895aa2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	72800	3069	140	694	401	2026-12-06 21:25:26+00	72600	2026-12-06 21:25:14+00	\N	\N	\N	\N
6732bead-1fbe-5234-97bc-0b4a26e7cfed	361c1d5e-332f-4bb7-93a7-7532b0515ef0	22000	1309	96	84	189	2026-12-06 21:25:26+00	22000	2026-12-06 21:25:14+00	\N	\N	\N	\N
6a7e86f7-8485-5aa0-91dc-85568db3bfd7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	25300	456	83	162	186	2026-12-06 21:25:26+00	13200	2026-12-06 21:25:14+00	\N	\N	\N	\N
6b6f45a9-93b7-5a8f-a09e-da7114d063ac	361c1d5e-332f-4bb7-93a7-7532b0515ef0	98900	9340	366	409	466	2026-12-06 21:25:26+00	98900	2026-12-06 21:25:14+00	\N	\N	\N	\N
6d7e4b22-680f-5c6f-967f-967a9889b98a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	10000	529	53	40	120	2026-12-06 21:25:26+00	9938	2026-12-06 21:25:14+00	\N	\N	\N	\N
719270d0-68b6-500a-9940-a0788ebfdd16	361c1d5e-332f-4bb7-93a7-7532b0515ef0	271600	12100	688	2029	1746	2026-12-06 21:25:26+00	271600	2026-12-06 21:25:14+00	\N	\N	\N	\N
71d0b8a1-e006-5c4f-8865-6417cef1c3a4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	129000	8438	224	316	1385	2026-12-06 21:25:26+00	129000	2026-12-06 21:25:14+00	\N	\N	\N	\N
8b6dcbdd-33b4-5843-9108-17cffdbb58db	361c1d5e-332f-4bb7-93a7-7532b0515ef0	42900	2497	161	257	462	2026-12-06 21:25:26+00	42900	2026-12-06 21:25:14+00	\N	\N	\N	\N
8f57e6ba-81ff-5ecc-aee0-75a170a709a2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	35200	3637	118	103	398	2026-12-06 21:25:26+00	35200	2026-12-06 21:25:14+00	\N	\N	\N	\N
90f31a2f-0e52-5cb3-a6ee-9a960e66bceb	361c1d5e-332f-4bb7-93a7-7532b0515ef0	27400	2501	88	146	298	2026-12-06 21:25:26+00	27300	2026-12-06 21:25:14+00	\N	\N	\N	\N
940c709c-4f6c-5f65-aa3d-c2b0b039c107	361c1d5e-332f-4bb7-93a7-7532b0515ef0	157100	11600	634	614	685	2026-12-06 21:25:26+00	157100	2026-12-06 21:25:14+00	\N	\N	\N	\N
94c93220-b672-5aeb-824f-2ddd666850ac	361c1d5e-332f-4bb7-93a7-7532b0515ef0	2500000	204900	14700	4210	10309	2026-12-06 21:25:26+00	2500000	2026-12-06 21:25:14+00	\N	\N	\N	\N
9e05a2cd-0777-52aa-9ffb-fc576105bbdf	361c1d5e-332f-4bb7-93a7-7532b0515ef0	115900	4143	768	704	1099	2026-12-06 21:25:26+00	115900	2026-12-06 21:25:14+00	\N	\N	\N	\N
a162329a-0bac-592a-ae27-d6a9d5c68e61	361c1d5e-332f-4bb7-93a7-7532b0515ef0	26600	2086	158	170	228	2026-12-06 21:25:26+00	26600	2026-12-06 21:25:14+00	\N	\N	\N	\N
abd0883b-4082-5655-ae05-8256eb43705a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	88600	2805	294	378	787	2026-12-06 21:25:26+00	88600	2026-12-06 21:25:14+00	\N	\N	\N	\N
c1923b21-5a23-5f68-a5dd-82bc477a50e6	361c1d5e-332f-4bb7-93a7-7532b0515ef0	24600	1971	151	190	197	2026-12-06 21:25:26+00	24600	2026-12-06 21:25:14+00	\N	\N	\N	\N
c3ac342a-bfdf-5ae5-b445-3f03936a62e7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	20700	759	88	71	153	2026-12-06 21:25:26+00	20700	2026-12-06 21:25:14+00	\N	\N	\N	\N
dd2cffc9-429f-54dc-8a94-eaf9a0e12279	361c1d5e-332f-4bb7-93a7-7532b0515ef0	1200000	115000	8012	3545	7050	2026-12-06 21:25:26+00	1100000	2026-12-06 21:25:14+00	\N	\N	\N	\N
debcee90-4e2f-5c36-b8ab-9366119aeee2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	39900	1668	178	93	242	2026-12-06 21:25:26+00	39900	2026-12-06 21:25:14+00	\N	\N	\N	\N
0218c88f-335e-578d-bdd4-2c5f294f276a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	11854510	347948	37176	\N	\N	2026-12-06 21:25:26+00	11854510	2026-12-06 21:25:26+00	\N	\N	\N	\N
0d99dd47-7059-5461-908e-0b615626957a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	422018	23425	860	\N	\N	2026-12-06 21:25:26+00	422018	2026-12-06 21:25:15+00	\N	\N	\N	\N
12d588e6-a183-5c73-9b35-81a24e46e020	361c1d5e-332f-4bb7-93a7-7532b0515ef0	64652	2315	88	\N	\N	2026-12-06 21:25:26+00	64652	2026-12-06 21:25:15+00	\N	\N	\N	\N
2149910f-fe03-51a4-a694-7e2400a6d548	361c1d5e-332f-4bb7-93a7-7532b0515ef0	633327	29526	808	\N	\N	2026-12-06 21:25:26+00	633327	2026-12-06 21:25:26+00	\N	\N	\N	\N
26875f96-ea09-5b20-8579-1ff47dbe27f9	361c1d5e-332f-4bb7-93a7-7532b0515ef0	246850	7756	640	\N	\N	2026-12-06 21:25:26+00	246850	2026-12-06 21:25:15+00	\N	\N	\N	\N
2a8f8c8c-46e4-569f-bac8-b34e5bc299e3	361c1d5e-332f-4bb7-93a7-7532b0515ef0	874774	64460	2381	\N	\N	2026-12-06 21:25:26+00	874774	2026-12-06 21:25:26+00	\N	\N	\N	\N
2fad7cda-19d7-5b37-8798-43ee98a9ca27	361c1d5e-332f-4bb7-93a7-7532b0515ef0	535214	11507	916	\N	\N	2026-12-06 21:25:26+00	535214	2026-12-06 21:25:15+00	\N	\N	\N	\N
384c4ebe-cad3-51a1-bba6-bafd07108ebc	361c1d5e-332f-4bb7-93a7-7532b0515ef0	51807	2077	\N	\N	\N	2026-12-06 21:25:26+00	51807	2026-12-06 21:25:26+00	\N	\N	\N	\N
40259066-0acc-5131-948f-37731c6919cd	361c1d5e-332f-4bb7-93a7-7532b0515ef0	23048780	522547	41728	\N	\N	2026-12-06 21:25:26+00	23048779	2026-12-06 21:25:15+00	\N	\N	\N	\N
46cda772-fa76-5a8e-b47e-5380ebeaec5f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	5123554	156557	9459	\N	\N	2026-12-06 21:25:26+00	5123554	2026-12-06 21:25:15+00	\N	\N	\N	\N
4eb1afee-76b3-5d0e-ad80-dacba287a6a3	361c1d5e-332f-4bb7-93a7-7532b0515ef0	173552	\N	284	\N	\N	2026-12-06 21:25:26+00	173542	2026-12-06 21:25:15+00	\N	\N	\N	\N
531baadd-f6ee-51ce-a567-f00ca7f442cb	361c1d5e-332f-4bb7-93a7-7532b0515ef0	402191	9974	1489	\N	\N	2026-12-06 21:25:26+00	402191	2026-12-06 21:25:15+00	\N	\N	\N	\N
760ca0e1-7e6f-55a7-9657-8d35998ca5e7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	1706923	75784	1710	\N	\N	2026-12-06 21:25:26+00	1706923	2026-12-06 21:25:15+00	\N	\N	\N	\N
777aca1a-6bd9-5332-a0be-9252cd901a0e	361c1d5e-332f-4bb7-93a7-7532b0515ef0	533863	24824	1922	\N	\N	2026-12-06 21:25:26+00	533863	2026-12-06 21:25:15+00	\N	\N	\N	\N
7f531d9b-9b20-545b-85a7-4110bea30c0b	361c1d5e-332f-4bb7-93a7-7532b0515ef0	17850	\N	35	\N	\N	2026-12-06 21:25:26+00	17850	2026-12-06 21:25:26+00	\N	\N	\N	\N
81792b1c-ddae-5851-91b1-2b3c9c544102	361c1d5e-332f-4bb7-93a7-7532b0515ef0	178602	8494	614	\N	\N	2026-12-06 21:25:26+00	178602	2026-12-06 21:25:26+00	\N	\N	\N	\N
8279cfb9-703e-5bbc-b196-8e5c6df7c48c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	181691	\N	376	\N	\N	2026-12-06 21:25:26+00	181691	2026-12-06 21:25:15+00	\N	\N	\N	\N
9a98c080-9839-5104-b6fe-68fd577b19e1	361c1d5e-332f-4bb7-93a7-7532b0515ef0	543380	27304	706	\N	\N	2026-12-06 21:25:26+00	543380	2026-12-06 21:25:15+00	\N	\N	\N	\N
bdccd60f-0088-5d1e-9edc-50c52b7f2158	361c1d5e-332f-4bb7-93a7-7532b0515ef0	192721	7875	446	\N	\N	2026-12-06 21:25:26+00	192721	2026-12-06 21:25:15+00	\N	\N	\N	\N
c4dfbf6a-c341-5008-bde8-2a67aa4baa93	361c1d5e-332f-4bb7-93a7-7532b0515ef0	1122443	37162	2130	\N	\N	2026-12-06 21:25:26+00	1122443	2026-12-06 21:25:26+00	\N	\N	\N	\N
d3640c91-1696-5f82-ad5a-b12fec9a199c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	2268888	165605	2830	\N	\N	2026-12-06 21:25:26+00	2268888	2026-12-06 21:25:15+00	\N	\N	\N	\N
dab20cf6-00c0-5be3-982c-85006a6cdb0d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	1094194	57885	1859	\N	\N	2026-12-06 21:25:26+00	1094194	2026-12-06 21:25:15+00	\N	\N	\N	\N
dd283253-4d31-5b61-8fcd-2e941899cd28	361c1d5e-332f-4bb7-93a7-7532b0515ef0	970831	32394	1171	\N	\N	2026-12-06 21:25:26+00	970831	2026-12-06 21:25:26+00	\N	\N	\N	\N
e08e08fd-7893-546b-b2fd-d44a19b11f65	361c1d5e-332f-4bb7-93a7-7532b0515ef0	807436	43346	2024	\N	\N	2026-12-06 21:25:26+00	807436	2026-12-06 21:25:15+00	\N	\N	\N	\N
e57ec23e-47f8-54f4-a366-24093f914e49	361c1d5e-332f-4bb7-93a7-7532b0515ef0	494065	20593	820	\N	\N	2026-12-06 21:25:26+00	494065	2026-12-06 21:25:26+00	\N	\N	\N	\N
ea62cebd-aa16-5f05-b359-a992535bcef4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	31291815	852460	155856	\N	\N	2026-12-06 21:25:26+00	31291815	2026-12-06 21:25:15+00	\N	\N	\N	\N
ed1102f5-119e-5033-9bc8-d165bd21302a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	2411822	195495	3590	\N	\N	2026-12-06 21:25:26+00	2411369	2026-12-06 21:25:15+00	\N	\N	\N	\N
fc84f9ff-9bb4-50ae-b9ad-673e5b5f2b6f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	527492	14712	884	\N	\N	2026-12-06 21:25:26+00	527492	2026-12-06 21:25:15+00	\N	\N	\N	\N
44027d6a-11f7-5dfa-82ff-bb9f2b2504b7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	6322	250	29	22	74	2026-12-06 21:25:26+00	6322	2026-12-06 21:25:26+00	\N	\N	\N	\N
64bb2be6-dd45-5539-9f39-1a4a6a881bfc	361c1d5e-332f-4bb7-93a7-7532b0515ef0	95000	3475	246	232	1090	2026-12-06 21:25:26+00	95000	2026-12-06 21:25:26+00	\N	\N	\N	\N
6fc8a85e-c63b-54fb-a7cc-cdf07e2ee170	361c1d5e-332f-4bb7-93a7-7532b0515ef0	451500	17300	2057	1920	1923	2026-12-06 21:25:26+00	451500	2026-12-06 21:25:26+00	\N	\N	\N	\N
823aa3d2-45f2-5ab7-8170-9da6942a4a74	361c1d5e-332f-4bb7-93a7-7532b0515ef0	135700	11100	349	607	1289	2026-12-06 21:25:26+00	135700	2026-12-06 21:25:26+00	\N	\N	\N	\N
8bff2415-9b22-5448-85e5-2e5844e59d9d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	97100	2694	636	213	567	2026-12-06 21:25:26+00	97100	2026-12-06 21:25:26+00	\N	\N	\N	\N
8c993df4-57b2-5c09-aee0-5bb620bab58f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	59400	8058	388	118	1861	2026-12-06 21:25:26+00	59400	2026-12-06 21:25:26+00	\N	\N	\N	\N
ac4f6d58-04ab-5376-bfc1-444acdf02677	361c1d5e-332f-4bb7-93a7-7532b0515ef0	57200	3954	312	243	460	2026-12-06 21:25:26+00	57200	2026-12-06 21:25:26+00	\N	\N	\N	\N
c056a7e6-aed6-5514-aff9-dc65ee3b4531	361c1d5e-332f-4bb7-93a7-7532b0515ef0	68400	3522	404	367	844	2026-12-06 21:25:26+00	68400	2026-12-06 21:25:26+00	\N	\N	\N	\N
c48f5fc4-dd19-5f7d-967a-c01c6243b5c8	361c1d5e-332f-4bb7-93a7-7532b0515ef0	17900	1971	84	104	142	2026-12-06 21:25:26+00	17900	2026-12-06 21:25:26+00	\N	\N	\N	\N
c8d73769-89fe-551f-80ed-3f6c17a3add8	361c1d5e-332f-4bb7-93a7-7532b0515ef0	219700	15500	697	556	1867	2026-12-06 21:25:26+00	219700	2026-12-06 21:25:26+00	\N	\N	\N	\N
d54ed460-3378-58f9-bfe3-db86f8b97a76	361c1d5e-332f-4bb7-93a7-7532b0515ef0	57700	6152	318	219	319	2026-12-06 21:25:26+00	57700	2026-12-06 21:25:26+00	\N	\N	\N	\N
e1ca51ea-6b1b-5ca6-bb80-3c7b8f25fb7a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	22100	981	165	76	300	2026-12-06 21:25:26+00	22100	2026-12-06 21:25:26+00	\N	\N	\N	\N
f037323a-3918-52c6-8458-e055a20c2b98	361c1d5e-332f-4bb7-93a7-7532b0515ef0	209900	47400	1565	1091	1440	2026-12-06 21:25:26+00	209900	2026-12-06 21:25:26+00	\N	\N	\N	\N
f0daf2f7-30dd-52ec-a361-0a92d1aceeb7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	19100	1033	73	41	210	2026-12-06 21:25:26+00	19100	2026-12-06 21:25:14+00	\N	\N	\N	\N
f3ccc5b0-3638-52b5-b36b-64f5bf5c2065	361c1d5e-332f-4bb7-93a7-7532b0515ef0	29400	2431	128	156	167	2026-12-06 21:25:26+00	29400	2026-12-06 21:25:14+00	\N	\N	\N	\N
fc2f652e-c882-5d32-9296-823b60728d80	361c1d5e-332f-4bb7-93a7-7532b0515ef0	762300	59100	1178	3774	11866	2026-12-06 21:25:26+00	761000	2026-12-06 21:25:14+00	\N	\N	\N	\N
ff10d6d3-77e9-5bcd-8b44-f41934a2e32e	361c1d5e-332f-4bb7-93a7-7532b0515ef0	19200	1383	47	152	129	2026-12-06 21:25:26+00	19200	2026-12-06 21:25:14+00	\N	\N	\N	\N
\.


--
-- Data for Name: video_totals; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.video_totals (workspace_id, filter_key, videos_version, total) FROM stdin;
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason, post_kind, related_handle, published_source, listed_at, kept_until, creator_id, creator_set_by, creator_set_at, counted_changed_at) FROM stdin;
a7948415-ccf6-42bd-8921-53273ee0ab1c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	6b6e5cd2-464f-4116-b951-5896ae1ed52a	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:21:40+00	\N	t	active		2026-12-03 21:25:14+00	\N	2026-12-06 21:25:14.440634+00	2026-12-06 21:25:18.191053+00	21679	0	2026-12-06 22:25:14.440634+00	604800	settled	own		provider	\N	\N	\N	\N	\N	\N
22ef6cf5-3a6d-5259-ba5d-61c7a7f46374	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11716206937915546842	https://www.tiktok.com/@release.creator/video/11716206937915546842	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	this this easy cook challenge part hack 2 orders #tutorial #travel #skincare 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0d475c6bbe2e0ad2538891cb6ac53ff8~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
debcee90-4e2f-5c36-b8ab-9366119aeee2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11716288877308959962	https://www.tiktok.com/@release.creator/video/11716288877308959962	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	recipe orders cook life pov tutorial when end life nobody review honest #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2535cc8502472a5e98d05302544d4840~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
2149910f-fe03-51a4-a694-7e2400a6d548	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KO8GSJl0fLK	https://www.instagram.com/reel/KO8GSJl0fLK/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	nora_cooks	\N	best tips transformation you hack setup friend week when of part routine pov eat before cook need #viral #smallbusiness #cooking 😭	https://scontent.cdninstagram.com/v/t51.29350-15/557856665_697793004486564_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	collab	nora_cooks	\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
384c4ebe-cad3-51a1-bba6-bafd07108ebc	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KON_0u-Un8U	https://www.instagram.com/reel/KON_0u-Un8U/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	nora.vlogs	\N	2 best way tour way way morning in after honest review way after to budget life part of #travel #fyp	https://scontent.cdninstagram.com/v/t51.29350-15/675647747_192858346351596_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	collab	nora.vlogs	\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
81792b1c-ddae-5851-91b1-2b3c9c544102	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KOaLA_I0F0C	https://www.instagram.com/reel/KOaLA_I0F0C/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	changed days I before packing end #comedy #ootd	https://scontent.cdninstagram.com/v/t51.29350-15/488413843_179419173279811_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
2a8f8c8c-46e4-569f-bac8-b34e5bc299e3	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KOhVdXp0ckC	https://www.instagram.com/reel/KOhVdXp0ckC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	in in 3 about transformation 3 asks you days review this asks to business budget after need morning review wait pov week life hack of #tech	https://scontent.cdninstagram.com/v/t51.29350-15/183064870_144805088892544_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
e57ec23e-47f8-54f4-a366-24093f914e49	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KOyWbRW0_gC	https://www.instagram.com/reel/KOyWbRW0_gC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	small till packing viral part cook after changed new need the of day this your routine new 2 need #tech	https://scontent.cdninstagram.com/v/t51.29350-15/102959583_141635820148035_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
777aca1a-6bd9-5332-a0be-9252cd901a0e	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KP7nw-gUzQC	https://www.instagram.com/reel/KP7nw-gUzQC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	after you tells setup cook tutorial #ootd	https://scontent.cdninstagram.com/v/t51.29350-15/390926362_178382428771259_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
dd283253-4d31-5b61-8fcd-2e941899cd28	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KPICCrL0IUC	https://www.instagram.com/reel/KPICCrL0IUC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	tour honest setup 3 trying tutorial challenge the budget eat hack till new new best what #comedy #tech #fyp #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/716041406_166281699229571_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
0218c88f-335e-578d-bdd4-2c5f294f276a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KPPHaofUZwC	https://www.instagram.com/reel/KPPHaofUZwC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	morning tips 3 tips friend business trying for easy eat budget setup days days after tells business setup small day budget viral #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/945314274_114644544810744_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
531baadd-f6ee-51ce-a567-f00ca7f442cb	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KPb8xJjUeoC	https://www.instagram.com/reel/KPb8xJjUeoC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	the cook tour honest wait storytime routine need when pov wait this tells friend days you morning recipe easy your #gym #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/806587318_512478926128088_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
26875f96-ea09-5b20-8579-1ff47dbe27f9	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KQTdUBn0esC	https://www.instagram.com/reel/KQTdUBn0esC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	for business for of what try hack till friend busy before the friend try this #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/175604807_155897116563097_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
12d588e6-a183-5c73-9b35-81a24e46e020	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KQd9ZNWUjQC	https://www.instagram.com/reel/KQd9ZNWUjQC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	hack viral you eat storytime in you of nobody eat changed #comedy #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/114454085_125404448534413_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
8279cfb9-703e-5bbc-b196-8e5c6df7c48c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KQkBUW209YC	https://www.instagram.com/reel/KQkBUW209YC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	you changed to transformation tells 3 till part #tutorial #foryou 😂	https://scontent.cdninstagram.com/v/t51.29350-15/121557822_170786881963232_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
40259066-0acc-5131-948f-37731c6919cd	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KR6P7Ge0eoC	https://www.instagram.com/reel/KR6P7Ge0eoC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	busy tips this friend 2 3 of I wait of transformation orders pov business way way orders to #cooking #recipe #diy 😭	https://scontent.cdninstagram.com/v/t51.29350-15/511805269_134753012518433_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
9a98c080-9839-5104-b6fe-68fd577b19e1	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KRooorwUbcC	https://www.instagram.com/reel/KRooorwUbcC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	tips small tells business 💯	https://scontent.cdninstagram.com/v/t51.29350-15/127889758_723868007739129_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
c056a7e6-aed6-5514-aff9-dc65ee3b4531	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11715223463439719642	https://www.tiktok.com/@release.creator/video/11715223463439719642	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	I review what viral days till pov #ootd #recipe #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1c2cc088e55ee261bb81d982811b7e97~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
6fc8a85e-c63b-54fb-a7cc-cdf07e2ee170	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11715506596241824986	https://www.tiktok.com/@release.creator/video/11715506596241824986	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	when my way need tells orders trying to pov of tells recipe part this life when 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bb491640f8cd6711feb046297146b5e1~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
c48f5fc4-dd19-5f7d-967a-c01c6243b5c8	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11715782238705442010	https://www.tiktok.com/@release.creator/video/11715782238705442010	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	cook what end part transformation to I business asks this 3 cook budget to #lifehack #dance #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/fc52dbe80da32cc3af66c84d5c295d50~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
e1ca51ea-6b1b-5ca6-bb80-3c7b8f25fb7a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11715992069385182426	https://www.tiktok.com/@release.creator/video/11715992069385182426	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	nobody 3 2 setup cook storytime of my pov #tech #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7dff5fb092b48d8c1d02a59f9884dd4e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
8f57e6ba-81ff-5ecc-aee0-75a170a709a2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11719557321673497818	https://www.tiktok.com/@release.creator/video/11719557321673497818	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	honest part to viral eat end week till easy in morning #foryou	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/d86c8c9061a1d98bf60d3fd5ae0292d7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
3868481b-c156-57aa-b562-96965197609b	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11719770858871413978	https://www.tiktok.com/@release.creator/video/11719770858871413978	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	friend before way 3 best end easy friend my for try #gym #smallbusiness #cooking #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/5fd591d385044b16ca52ac3abc904228~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
5fae6064-75eb-51dd-b27b-76946d895aa2	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11720524024366193882	https://www.tiktok.com/@release.creator/video/11720524024366193882	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	tips tour days busy storytime transformation #smallbusiness #dance #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/fcf46f77ffa24fe2aa62bbd7b64fab69~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
719270d0-68b6-500a-9940-a0788ebfdd16	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11720683410621881562	https://www.tiktok.com/@release.creator/video/11720683410621881562	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	need tour in review days eat tips my review new days end storytime try #gym #gym 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4bbc590f1c31f0789e4309278a4cba37~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
6d7e4b22-680f-5c6f-967f-967a9889b98a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11720857644447653082	https://www.tiktok.com/@release.creator/video/11720857644447653082	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	part recipe new week about changed about honest day part new easy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b0f76a366d6bab6ddbdc52a5fd57c97~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
2a31cf8b-f915-5232-af76-a26413e3e767	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11721238483518708954	https://www.tiktok.com/@release.creator/video/11721238483518708954	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	small honest hack try tutorial new asks honest #travel #tech #dayinmylife #foryou	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8fe97ee34eb71f216ea26c766f73201f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
6732bead-1fbe-5234-97bc-0b4a26e7cfed	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11722244283359386842	https://www.tiktok.com/@release.creator/video/11722244283359386842	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	what you the tips review week recipe viral I I hack tips 2 #lifehack 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/f00856ac818920378e1d25da279821cf~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
6a7e86f7-8485-5aa0-91dc-85568db3bfd7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11722851342561336538	https://www.tiktok.com/@release.creator/video/11722851342561336538	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	tells budget about friend cook morning busy way tips	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8cc4dfc9ede547ddd22fea05984f503e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
2fad7cda-19d7-5b37-8798-43ee98a9ca27	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KRB8a9LUp4C	https://www.instagram.com/reel/KRB8a9LUp4C/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	you for of best orders packing cook #foryou #smallbusiness #fyp #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/239550108_216845804424811_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
760ca0e1-7e6f-55a7-9657-8d35998ca5e7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KRZoGuzUM8C	https://www.instagram.com/reel/KRZoGuzUM8C/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	tells week you tips packing wait when you changed review storytime business after review to I tells new need busy friend I #music #viral #tutorial #music 🙌	https://scontent.cdninstagram.com/v/t51.29350-15/810779347_684189675862305_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
31f234e8-533f-5446-9e6a-53e4a5a1620c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11717350146522176730	https://www.tiktok.com/@release.creator/video/11717350146522176730	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	before the nobody week eat before when trying small of the	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/afcde91e36aa9310cbacdfdc8c0585dd~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
71d0b8a1-e006-5c4f-8865-6417cef1c3a4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11717674648515992794	https://www.tiktok.com/@release.creator/video/11717674648515992794	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	pov this need week cook morning this life you #diy #comedy 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9d55ec7a24db64a2820f6d1c60b75099~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
6b6f45a9-93b7-5a8f-a09e-da7114d063ac	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11718120002324128581	https://www.tiktok.com/@sam.travels/video/11718120002324128581	eac6f810-9beb-4dfd-b624-552950edf085	sam.travels	\N	of after morning cook nobody business in changed friend #foryou #skincare #diy #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0cf9c48d8d22569f2e13f3431b617d02~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	other_author	sam.travels	\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
8b6dcbdd-33b4-5843-9108-17cffdbb58db	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11718583850146028762	https://www.tiktok.com/@release.creator/video/11718583850146028762	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	after routine busy viral review cook after till setup you 3 busy small asks #dayinmylife #dance #tutorial #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/90d1f04e19bc7e67071a2708191dda6c~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
0942c32d-7486-5304-8f9b-71b22df3f778	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11718726129606548698	https://www.tiktok.com/@release.creator/video/11718726129606548698	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	honest need transformation routine easy for for asks after you easy before about nobody recipe #travel #travel #gym ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0bfb2bf0bff33346c6dcd88fbfc7e94b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
31867e68-e5f2-55ed-bc05-e90786469080	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11719172819026140378	https://www.tiktok.com/@release.creator/video/11719172819026140378	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	of my new packing I this packing busy #comedy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c6b37c36ac1598f955616aac0a27591e~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
2b1d104d-a212-524f-9124-e3cda165c6ba	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11719423859829464282	https://www.tiktok.com/@release.creator/video/11719423859829464282	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	need cook for week try for try way need #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b9185185fe11537f9583301daec021b3~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
44027d6a-11f7-5dfa-82ff-bb9f2b2504b7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11723056315577883866	https://www.tiktok.com/@release.creator/video/11723056315577883866	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	setup 3 wait when packing #travel #cooking #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2336b4a3a1e0c0f2b03e592ea050ddb2~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
4eb1afee-76b3-5d0e-ad80-dacba287a6a3	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KS2w8s5UKQC	https://www.instagram.com/reel/KS2w8s5UKQC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	try what review tips busy the tips after my small best small try wait after review 2 cook	https://scontent.cdninstagram.com/v/t51.29350-15/104163360_131750771350400_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
0d99dd47-7059-5461-908e-0b615626957a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KSGm6HqUfAC	https://www.instagram.com/reel/KSGm6HqUfAC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	try for packing tour I storytime till 2 #comedy	https://scontent.cdninstagram.com/v/t51.29350-15/134670764_105879698558856_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
46cda772-fa76-5a8e-b47e-5380ebeaec5f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KSjiseL0kQC	https://www.instagram.com/reel/KSjiseL0kQC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	changed cook after packing hack busy setup pov setup in this friend way #smallbusiness #cooking #booktok 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/111792467_171436818776090_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	\N
c4dfbf6a-c341-5008-bde8-2a67aa4baa93	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KTCBrmR0_cC	https://www.instagram.com/reel/KTCBrmR0_cC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	try nobody business for 2 setup day changed packing end till setup changed #fyp #viral #skincare	https://scontent.cdninstagram.com/v/t51.29350-15/970690535_121747553006502_n.jpg	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
bdccd60f-0088-5d1e-9edc-50c52b7f2158	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KR1g3Sj02k7	https://www.instagram.com/reel/KR1g3Sj02k7/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	zoe_travels	\N	after busy busy my asks for for friend recipe hack cook week your friend tips of your	https://scontent.cdninstagram.com/v/t51.29350-15/155566604_166977132951860_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	collab	zoe_travels	\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
90f31a2f-0e52-5cb3-a6ee-9a960e66bceb	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11720187930292542682	https://www.tiktok.com/@release.creator/video/11720187930292542682	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	budget try asks to setup friend end life need pov transformation before #recipe #fyp #dance #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3b9012d0dd23d1e7479f8d6f34e8c8a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
940c709c-4f6c-5f65-aa3d-c2b0b039c107	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11717908479487007962	https://www.tiktok.com/@release.creator/video/11717908479487007962	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	best transformation tour 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/33dcb3f86b9722105e3abeeed854f87c~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
94c93220-b672-5aeb-824f-2ddd666850ac	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11718889514393623770	https://www.tiktok.com/@release.creator/video/11718889514393623770	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	nobody asks hack #cooking #booktok #dance #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/378f2256088bcbc7c6c5239bd2cca064~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
9e05a2cd-0777-52aa-9ffb-fc576105bbdf	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11720019215369329882	https://www.tiktok.com/@release.creator/video/11720019215369329882	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	viral day orders viral day packing nobody need before need my 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/3803547c7c12dfb7325930dc7d931cf7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
a162329a-0bac-592a-ae27-d6a9d5c68e61	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11721890180399717594	https://www.tiktok.com/@release.creator/video/11721890180399717594	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	orders week setup till hack cook after packing tells your about about eat after viral way #viral #fyp 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/615002af964725b5dc3db57e57bbbcd0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
abd0883b-4082-5655-ae05-8256eb43705a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11721496104297061594	https://www.tiktok.com/@release.creator/video/11721496104297061594	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	tutorial you storytime small #skincare #viral #travel #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6828e31c81d118c7ff00d8c693370722~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
c3ac342a-bfdf-5ae5-b445-3f03936a62e7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11716614272652565722	https://www.tiktok.com/@release.creator/video/11716614272652565722	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	3 cook for review need business after storytime morning tips need #diy #music #booktok #cooking 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/92b75c1751c5cae155be8ac69819ada2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
f3ccc5b0-3638-52b5-b36b-64f5bf5c2065	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11718311484757466330	https://www.tiktok.com/@release.creator/video/11718311484757466330	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	my the of in way changed packing when changed eat part before packing review #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c0e8d65e98c7e8c6a35b278651e0bc00~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
fc2f652e-c882-5d32-9296-823b60728d80	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11722553027044465882	https://www.tiktok.com/@release.creator/video/11722553027044465882	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	life way end #ootd #travel #viral ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3334fe5b1da76b5f3fa872e036a2fbf~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
ff10d6d3-77e9-5bcd-8b44-f41934a2e32e	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11722304606103362778	https://www.tiktok.com/@release.creator/video/11722304606103362778	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	tutorial life asks best #recipe #gym #smallbusiness #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8574ff8a8dc66984fd4517827db3616e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
dd2cffc9-429f-54dc-8a94-eaf9a0e12279	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11721662465601133786	https://www.tiktok.com/@release.creator/video/11721662465601133786	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	storytime life orders wait nobody this I pov my transformation for viral #dance #music #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9a7d3ea1bcd395f52a45161d2e419b72~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
f0daf2f7-30dd-52ec-a361-0a92d1aceeb7	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11721123279581502682	https://www.tiktok.com/@release.creator/video/11721123279581502682	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	asks part to honest small 3 you part the till routine wait in #music #music #fyp #comedy 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17ad54fa14b4607d3fc014889759f237~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	2026-12-07 21:25:27+00	86400	budget	own		\N	2026-12-06 21:25:14+00	2026-12-13 21:25:14+00	\N	\N	\N	\N
d3640c91-1696-5f82-ad5a-b12fec9a199c	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KPolri6UsYC	https://www.instagram.com/reel/KPolri6UsYC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	after tips about new week before eat viral friend eat packing week changed life viral #music #dance #tutorial 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/107821387_129220840762336_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
dab20cf6-00c0-5be3-982c-85006a6cdb0d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KQIBipf0f8C	https://www.instagram.com/reel/KQIBipf0f8C/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	viral cook in you trying week your honest this what my life pov budget week before till orders tutorial morning what till #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/156182562_156236172604868_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
e08e08fd-7893-546b-b2fd-d44a19b11f65	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KQ0g5b_UbkC	https://www.instagram.com/reel/KQ0g5b_UbkC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	setup part end business trying before orders #skincare #tutorial #foryou #smallbusiness	https://scontent.cdninstagram.com/v/t51.29350-15/379543738_160297281921401_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
ea62cebd-aa16-5f05-b359-a992535bcef4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KRIoxYc0GUC	https://www.instagram.com/reel/KRIoxYc0GUC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	pov tips in 2 days #smallbusiness #dance #dayinmylife #lifehack	https://scontent.cdninstagram.com/v/t51.29350-15/667349532_138089896291154_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
ed1102f5-119e-5033-9bc8-d165bd21302a	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KSwl4NWUmMC	https://www.instagram.com/reel/KSwl4NWUmMC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	after about 3 easy routine setup about hack honest #ootd #viral #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/150312112_164978204488763_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
fc84f9ff-9bb4-50ae-b9ad-673e5b5f2b6f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	KSRgnDQ0xQC	https://www.instagram.com/reel/KSRgnDQ0xQC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	I about orders budget my packing business days what in viral asks tells small need in honest friend #fyp #smallbusiness #lifehack #viral	https://scontent.cdninstagram.com/v/t51.29350-15/794426487_419555261406772_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:20.319798+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:15+00	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
7f531d9b-9b20-545b-85a7-4110bea30c0b	361c1d5e-332f-4bb7-93a7-7532b0515ef0	instagram	DJJhlTBQ7cC	https://www.instagram.com/reel/DJJhlTBQ7cC/	5ac7c03c-d43a-4ca9-9d25-ff1b066c551d	release.brand	\N	routine week 3 this what viral morning review week to I #travel	https://scontent.cdninstagram.com/v/t51.29350-15/982333981_137266239688931_n.jpg	2025-05-02 11:03:51+00	\N	f	beyond_limit		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.259319+00	2026-12-06 21:25:30.259319+00	21679	0	\N	\N	\N	own		provider	\N	\N	\N	\N	\N	2026-12-06 21:25:30.259319+00
8c993df4-57b2-5c09-aee0-5bb620bab58f	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11713572405050760410	https://www.tiktok.com/@release.creator/video/11713572405050760410	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	new business storytime trying till of day trying #travel #skincare #lifehack #skincare 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3f464d5cad834dcb7283b0d589ae864~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
8bff2415-9b22-5448-85e5-2e5844e59d9d	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11713777412444675290	https://www.tiktok.com/@release.creator/video/11713777412444675290	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	recipe tutorial part packing before for tutorial life in busy #lifehack #viral #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a635378916b4dd798dbbb1b3b0372550~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
f037323a-3918-52c6-8458-e055a20c2b98	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11713995794355608794	https://www.tiktok.com/@release.creator/video/11713995794355608794	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	pov challenge 2 best new tips way	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7b948036684cce90f04adbac3e9a6888~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
d54ed460-3378-58f9-bfe3-db86f8b97a76	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11714262601924041946	https://www.tiktok.com/@release.creator/video/11714262601924041946	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	2 of easy wait this routine business day storytime morning in trying #travel #gym #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/667687eda21ef883f4964084361639cd~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
c8d73769-89fe-551f-80ed-3f6c17a3add8	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11714341483365293274	https://www.tiktok.com/@release.creator/video/11714341483365293274	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	review I orders days end you about review busy trying #fitness 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/aff406f94b61f2c59ca086ae7c1f1f71~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
64bb2be6-dd45-5539-9f39-1a4a6a881bfc	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11714612770693668058	https://www.tiktok.com/@release.creator/video/11714612770693668058	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	business pov need need my budget pov wait way #skincare #fitness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/3eaa5b2a2adc729a389f089fc3b6f112~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
823aa3d2-45f2-5ab7-8170-9da6942a4a74	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11714901426858056922	https://www.tiktok.com/@release.creator/video/11714901426858056922	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	pov new tips cook honest cook #foryou #skincare #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1454a1649c8695d52acc70daddf45c22~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
ac4f6d58-04ab-5376-bfc1-444acdf02677	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11715064717184621786	https://www.tiktok.com/@release.creator/video/11715064717184621786	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	cook this 3 setup tells what tells you wait viral 3 week recipe day #gym #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/635cea96755317f2a365280eb982066f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:30.752093+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N
193f1c82-5bbc-5845-b9be-c26a52e691b4	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11716863397996092634	https://www.tiktok.com/@release.creator/video/11716863397996092634	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	what viral in transformation cook review viral tips try friend 3 pov #skincare 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/10e644a52f4eece3d40f2ad8ad7ef003~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
1bef98a3-90bd-588b-93a1-958972d9d407	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11716910054144236762	https://www.tiktok.com/@release.creator/video/11716910054144236762	eac6f810-9beb-4dfd-b624-552950edf085	release.creator	\N	life need of easy tutorial wait eat end business tips easy week your this trying easy 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/41ca8cc23a40d02c8a244613cda31ff7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	own		\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
c1923b21-5a23-5f68-a5dd-82bc477a50e6	361c1d5e-332f-4bb7-93a7-7532b0515ef0	tiktok	11717278785721094474	https://www.tiktok.com/@leo.beats/video/11717278785721094474	eac6f810-9beb-4dfd-b624-552950edf085	leo.beats	\N	easy changed for viral days I about recipe my #comedy #gym #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/287e6a15fea682e79e05eab6e8109ead~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:25:26+00	\N	2026-12-06 21:25:19.689464+00	2026-12-06 21:25:30.752093+00	21679	0	\N	\N	\N	repost	leo.beats	\N	2026-12-06 21:25:14+00	\N	\N	\N	\N	\N
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
361c1d5e-332f-4bb7-93a7-7532b0515ef0	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	owner	2026-12-06 21:25:13.28513+00	off	\N
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding, founding_hold_until, analytics_txid, history_version, scraped_until, insights_version, insights_at, outliers_start, outliers_from, outliers_from_age, forecasts_start, forecasts_from, videos_version) FROM stdin;
361c1d5e-332f-4bb7-93a7-7532b0515ef0	Release Co	0cbdd057-069b-4b0c-b8c5-65ce3eab22d0	trial	50	2	t	2026-12-13 21:25:13.285711+00	\N	\N	\N	f	2026-12-06 21:25:13.28513+00	2026-12-06 21:25:13.28513+00	12	\N	\N	f	\N	21634	0	2026-12-06 21:25:26+00	\N	\N	\N	\N	\N	\N	\N	9
\.


--
-- Name: account_sums_changed_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.account_sums_changed_id_seq', 1, false);


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
-- Name: account_sums_changed account_sums_changed_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_sums_changed
    ADD CONSTRAINT account_sums_changed_pkey PRIMARY KEY (id);


--
-- Name: account_sums account_sums_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_sums
    ADD CONSTRAINT account_sums_pkey PRIMARY KEY (account_id);


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
-- Name: overview_slots overview_slots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.overview_slots
    ADD CONSTRAINT overview_slots_pkey PRIMARY KEY (workspace_id, preset, start);


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
-- Name: video_rank_slots video_rank_slots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_rank_slots
    ADD CONSTRAINT video_rank_slots_pkey PRIMARY KEY (workspace_id, slot);


--
-- Name: video_rank_state video_rank_state_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_rank_state
    ADD CONSTRAINT video_rank_state_pkey PRIMARY KEY (workspace_id);


--
-- Name: video_ranks video_ranks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_ranks
    ADD CONSTRAINT video_ranks_pkey PRIMARY KEY (video_id);


--
-- Name: video_totals video_totals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_totals
    ADD CONSTRAINT video_totals_pkey PRIMARY KEY (workspace_id, filter_key);


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
-- Name: account_sums_changed_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_sums_changed_workspace_idx ON public.account_sums_changed USING btree (workspace_id, id);


--
-- Name: account_sums_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_sums_workspace_idx ON public.account_sums USING btree (workspace_id);


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
-- Name: video_rank_slots_cutoff_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_rank_slots_cutoff_idx ON public.video_rank_slots USING btree (workspace_id, cutoff);


--
-- Name: video_ranks_comments_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_comments_idx ON public.video_ranks USING btree (workspace_id, comments DESC NULLS LAST, video_id);


--
-- Name: video_ranks_gained_24h_0_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_gained_24h_0_idx ON public.video_ranks USING btree (workspace_id, ((views - from_24h_0)) DESC NULLS LAST, video_id);


--
-- Name: video_ranks_gained_24h_1_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_gained_24h_1_idx ON public.video_ranks USING btree (workspace_id, ((views - from_24h_1)) DESC NULLS LAST, video_id);


--
-- Name: video_ranks_gained_7d_0_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_gained_7d_0_idx ON public.video_ranks USING btree (workspace_id, ((views - from_7d_0)) DESC NULLS LAST, video_id);


--
-- Name: video_ranks_gained_7d_1_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_gained_7d_1_idx ON public.video_ranks USING btree (workspace_id, ((views - from_7d_1)) DESC NULLS LAST, video_id);


--
-- Name: video_ranks_likes_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_likes_idx ON public.video_ranks USING btree (workspace_id, likes DESC NULLS LAST, video_id);


--
-- Name: video_ranks_saves_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_saves_idx ON public.video_ranks USING btree (workspace_id, saves DESC NULLS LAST, video_id);


--
-- Name: video_ranks_shares_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_shares_idx ON public.video_ranks USING btree (workspace_id, shares DESC NULLS LAST, video_id);


--
-- Name: video_ranks_views_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX video_ranks_views_idx ON public.video_ranks USING btree (workspace_id, views DESC NULLS LAST, video_id);


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
-- Name: videos_uncounted_kind_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_uncounted_kind_idx ON public.videos USING btree (workspace_id) WHERE (post_kind <> ALL (ARRAY['own'::text, 'collab'::text]));


--
-- Name: videos_uncounted_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_uncounted_status_idx ON public.videos USING btree (workspace_id) WHERE (status = ANY (ARRAY['removed'::text, 'beyond_limit'::text]));


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
-- Name: accounts accounts_videos_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_videos_version_update AFTER UPDATE ON public.accounts REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION public.videos_version_accounts();


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
-- Name: video_ranks video_ranks_account_sums; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER video_ranks_account_sums AFTER UPDATE ON public.video_ranks REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION public.account_sums_ranks_changed();


--
-- Name: videos videos_account_sums_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_account_sums_delete AFTER DELETE ON public.videos REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.account_sums_videos_changed();


--
-- Name: videos videos_account_sums_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_account_sums_insert AFTER INSERT ON public.videos REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.account_sums_videos_changed();


--
-- Name: videos videos_account_sums_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_account_sums_update AFTER UPDATE ON public.videos REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION public.account_sums_videos_updated();


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
-- Name: videos videos_rank_rows; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_rank_rows AFTER INSERT ON public.videos REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.video_ranks_add();


--
-- Name: videos videos_version_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_version_delete AFTER DELETE ON public.videos REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.videos_version_added();


--
-- Name: videos videos_version_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_version_insert AFTER INSERT ON public.videos REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.videos_version_added();


--
-- Name: videos videos_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER videos_version_update AFTER UPDATE ON public.videos REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION public.videos_version_updated();


--
-- Name: workspaces workspaces_analytics_deletion; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER workspaces_analytics_deletion AFTER DELETE ON public.workspaces FOR EACH ROW EXECUTE FUNCTION public.analytics_record_deletion();


--
-- Name: workspaces workspaces_analytics_stamp; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER workspaces_analytics_stamp BEFORE INSERT OR UPDATE ON public.workspaces FOR EACH ROW EXECUTE FUNCTION public.analytics_stamp();


--
-- Name: account_sums account_sums_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_sums
    ADD CONSTRAINT account_sums_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


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
-- Name: overview_slots overview_slots_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.overview_slots
    ADD CONSTRAINT overview_slots_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


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
-- Name: video_rank_slots video_rank_slots_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_rank_slots
    ADD CONSTRAINT video_rank_slots_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: video_rank_state video_rank_state_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_rank_state
    ADD CONSTRAINT video_rank_state_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: video_ranks video_ranks_video_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_ranks
    ADD CONSTRAINT video_ranks_video_id_fkey FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;


--
-- Name: video_totals video_totals_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.video_totals
    ADD CONSTRAINT video_totals_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


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

\unrestrict 1VEOLEDmaEBlgGbYKHbASIeG8pXjt10gEB95hCwWrl9BOv6BG04GGcIBl5QPzGV

