--
-- PostgreSQL database dump
--

\restrict 5dHFFoj8oLwkGZLl7ZckD0az5bAMvLCgcqrXaFxIjbaZH9PypyiThP0UhVdRX3H

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
-- Name: payout_lines_removed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.payout_lines_removed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE campaigns SET open_floor = NULL
    WHERE collection_id IN (SELECT collection_id FROM removed) AND open_floor IS NOT NULL;
    RETURN NULL;
END
$$;


--
-- Name: refresh_due_floor(timestamp with time zone, timestamp with time zone, timestamp with time zone, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.refresh_due_floor(created_at timestamp with time zone, last_scraped_at timestamp with time zone, queued_at timestamp with time zone, interval_secs integer, reason text) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
SELECT least(
    (extract(epoch FROM queued_at) * 1000000)::bigint,
    CASE WHEN last_scraped_at IS NULL THEN (extract(epoch FROM created_at) * 1000000)::bigint
    ELSE least(
        (extract(epoch FROM last_scraped_at) * 1000000)::bigint
            + coalesce(CASE WHEN reason IS NOT NULL THEN interval_secs END, 3600)::bigint * 1000000,
        CASE
            WHEN created_at + interval '1 hour' >= last_scraped_at THEN (extract(epoch FROM created_at) * 1000000)::bigint + 3600000000
            WHEN created_at + interval '6 hours' >= last_scraped_at THEN (extract(epoch FROM created_at) * 1000000)::bigint + 6 * 3600000000::bigint
            WHEN created_at + interval '24 hours' >= last_scraped_at THEN (extract(epoch FROM created_at) * 1000000)::bigint + 24 * 3600000000::bigint
        END)
    END)
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
    UPDATE campaigns c SET open_floor = NULL
    FROM after n JOIN before o ON o.id = n.id
    WHERE ((o.status = 'removed') IS DISTINCT FROM (n.status = 'removed') OR o.collection_id IS DISTINCT FROM n.collection_id)
      AND c.collection_id IN (o.collection_id, n.collection_id) AND c.open_floor IS NOT NULL;
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
    UPDATE campaigns c SET open_floor = NULL
    FROM (SELECT coalesce(n.collection_id, a.collection_id) AS collection_id,
                 min(coalesce(n.published_at, n.created_at)) AS at
          FROM changed n LEFT JOIN accounts a ON a.id = n.account_id
          GROUP BY 1) x
    WHERE c.collection_id = x.collection_id AND x.at < c.open_floor;
    RETURN NULL;
END
$$;


--
-- Name: videos_version_updated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.videos_version_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    bumped integer;
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.post_kind, o.tracked_individually, o.account_id, o.platform, o.published_at, o.collection_id, o.is_shop)
            IS DISTINCT FROM (n.status, n.post_kind, n.tracked_individually, n.account_id, n.platform, n.published_at, n.collection_id, n.is_shop));
    GET DIAGNOSTICS bumped = ROW_COUNT;
    -- a scrape that changes counts only stops here
    IF bumped > 0 THEN
        UPDATE campaigns c SET open_floor = NULL
        FROM (SELECT m.collection_id, min(m.at) AS at
              FROM after n JOIN before o ON o.id = n.id
              LEFT JOIN accounts na ON na.id = n.account_id
              LEFT JOIN accounts oa ON oa.id = o.account_id
              CROSS JOIN LATERAL (VALUES
                  (coalesce(n.collection_id, na.collection_id), coalesce(n.published_at, n.created_at)),
                  (coalesce(o.collection_id, oa.collection_id), coalesce(o.published_at, o.created_at))) m (collection_id, at)
              WHERE (o.status, o.post_kind, o.tracked_individually, o.account_id, o.platform, o.published_at, o.collection_id)
                  IS DISTINCT FROM (n.status, n.post_kind, n.tracked_individually, n.account_id, n.platform, n.published_at, n.collection_id)
              GROUP BY 1) x
        WHERE c.collection_id = x.collection_id AND x.at < c.open_floor;
    END IF;
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
    open_floor timestamp with time zone,
    floor_not_paid integer DEFAULT 0 NOT NULL,
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
\\x01d654d40002c80265dd5ac5411643f1b4db9973e9e4418927b54cb05f3a0c14	verify_email	c6cce15a-1212-4414-b523-acafcd699d72	owner@release.example	2026-12-06 21:37:02.4682+00	2026-12-07 21:37:02.4682+00	\N
\.


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid, creator_id, failed_scrapes, next_refresh_at, refresh_interval_secs, refresh_reason, creator_set_by, creator_set_at, removed_changed_at) FROM stdin;
c931414c-748c-4bd7-89c5-c93f71d968c8	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	release.brand	https://www.instagram.com/release.brand/	Release Brand	https://scontent.cdninstagram.com/v/t51.2885-19/842274985_n.jpg	\N	active		19	4256387998	1107921	2026-12-04 21:37:12+00	\N	2026-12-06 21:37:05.112026+00	2026-12-06 21:37:13.898335+00	31552	\N	0	2026-12-06 22:37:05.112026+00	259200	young	\N	\N	\N
3c8052d2-bebd-4448-8d16-37e3fd2519a4	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	active		30	7518019132151780126	157400	2026-12-04 21:37:12+00	\N	2026-12-06 21:37:04.36407+00	2026-12-06 21:37:14.206091+00	31552	\N	0	2026-12-07 21:37:13+00	86400	budget	\N	\N	\N
\.


--
-- Data for Name: activity_log; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.activity_log (id, workspace_id, actor_id, actor_email, action, target, details, client_ip, created_at, api_key_id) FROM stdin;
1	\N	c6cce15a-1212-4414-b523-acafcd699d72	owner@release.example	login		{}	127.0.0.1	2026-12-06 21:37:02.861129+00	\N
2	8e6a9c8e-c977-49c7-92ce-71cf80472190	c6cce15a-1212-4414-b523-acafcd699d72	owner@release.example	workspace_created	Release Co	{}	127.0.0.1	2026-12-06 21:37:03.36816+00	\N
3	8e6a9c8e-c977-49c7-92ce-71cf80472190	c6cce15a-1212-4414-b523-acafcd699d72	owner@release.example	collection_created	Release clients	{}	127.0.0.1	2026-12-06 21:37:03.793424+00	\N
4	8e6a9c8e-c977-49c7-92ce-71cf80472190	c6cce15a-1212-4414-b523-acafcd699d72	owner@release.example	campaign_created	Release clients	{"budget": 0, "period": "weekly", "currency": "USD", "rulesVersion": 1}	127.0.0.1	2026-12-06 21:37:06.597278+00	\N
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
reeltrack_release_2026_12_04_analytics	31999	1796593051445844663	2026-12-06 21:37:31.587213+00
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
075f9e98-a7ef-44d2-9147-d7bae2fa68f8	1	[{"cpm": 250, "fromViews": 0}]	0	0	0	0	0	168	c6cce15a-1212-4414-b523-acafcd699d72	2026-12-06 21:37:06.60131+00
\.


--
-- Data for Name: campaigns; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.campaigns (collection_id, workspace_id, currency, minor_digits, starts_at, ends_at, budget, platforms, period, budget_alerted, alerted_budget, created_at, updated_at, ledger_version, collabs, ended_at, ended_by, settled_at, settled_version, open_floor, floor_not_paid) FROM stdin;
075f9e98-a7ef-44d2-9147-d7bae2fa68f8	8e6a9c8e-c977-49c7-92ce-71cf80472190	USD	2	2026-01-01 00:00:00+00	\N	0	{instagram,tiktok,x,youtube}	weekly	0	0	2026-12-06 21:37:06.597278+00	2026-12-06 21:37:06.597278+00	0	hold	\N	\N	\N	\N	\N	0
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
075f9e98-a7ef-44d2-9147-d7bae2fa68f8	8e6a9c8e-c977-49c7-92ce-71cf80472190	Release clients	2026-12-06 21:37:03.793424+00	31119	\N
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
0b16dd6b-1ec7-4b38-8781-12edb09cdb1d	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	009c763d-a89c-5f60-87dc-270fb81ebc7d	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "009c763d-a89c-5f60-87dc-270fb81ebc7d", "url": "https://www.instagram.com/reel/KQd-wACUscC/", "caption": "hack viral you eat storytime in you of nobody eat changed #comedy #booktok", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQd-wACUscC/"}	\N	2026-12-06 21:37:08.768168+00
6ca09af6-cce8-4c98-ae92-befb70ef365a	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	25c2ab31-133f-5d31-8dde-db820f21f283	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "25c2ab31-133f-5d31-8dde-db820f21f283", "url": "https://www.instagram.com/reel/KPb-H8PUowC/", "caption": "the cook tour honest wait storytime routine need when pov wait this tells friend days you morning recipe easy your #gym #booktok", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPb-H8PUowC/"}	\N	2026-12-06 21:37:08.768168+00
d2e814fe-dc84-4c87-8080-157f1885c47c	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	2a426a22-ae70-5f6c-a362-451b643ea18b	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "2a426a22-ae70-5f6c-a362-451b643ea18b", "url": "https://www.instagram.com/reel/KRZpdhfUH0C/", "caption": "tells week you tips packing wait when you changed review storytime business after review to I tells new need busy friend I #music #viral #tutorial #music 🙌", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRZpdhfUH0C/"}	\N	2026-12-06 21:37:08.768168+00
bb79cca0-e951-4e4f-88eb-80f21a771659	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	2b786951-1546-58ca-be9d-714eafe23e93	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "2b786951-1546-58ca-be9d-714eafe23e93", "url": "https://www.instagram.com/reel/KRop_ecUwYC/", "caption": "tips small tells business 💯", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRop_ecUwYC/"}	\N	2026-12-06 21:37:08.768168+00
df6397f1-f8a2-430d-884f-82818dd20b9a	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	3e7da668-eaba-5dea-9e66-2a11b5ab2ec0	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "3e7da668-eaba-5dea-9e66-2a11b5ab2ec0", "url": "https://www.instagram.com/reel/KSGoQ6WUxYC/", "caption": "try for packing tour I storytime till 2 #comedy", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSGoQ6WUxYC/"}	\N	2026-12-06 21:37:08.768168+00
c54ba5f5-a11a-4c82-a553-611c472ad22e	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	5aaf4ebb-a701-5774-9ec3-fe68cec2432f	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "5aaf4ebb-a701-5774-9ec3-fe68cec2432f", "url": "https://www.instagram.com/reel/KQ0iQOrUCkC/", "caption": "setup part end business trying before orders #skincare #tutorial #foryou #smallbusiness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQ0iQOrUCkC/"}	\N	2026-12-06 21:37:08.768168+00
6d150b20-db92-424e-9eba-5b7ab7cea4e4	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	5d7ae209-f2ed-50bd-8af8-62913c03da66	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "5d7ae209-f2ed-50bd-8af8-62913c03da66", "url": "https://www.instagram.com/reel/KP7pHxMUbUC/", "caption": "after you tells setup cook tutorial #ootd", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KP7pHxMUbUC/"}	\N	2026-12-06 21:37:08.768168+00
cf2b01c3-6b2b-4f73-add1-3cf62e09470b	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	70f37fca-6804-5052-90ad-b3e3da1ca8ea	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "70f37fca-6804-5052-90ad-b3e3da1ca8ea", "url": "https://www.instagram.com/reel/KQIC5cL0K4C/", "caption": "viral cook in you trying week your honest this what my life pov budget week before till orders tutorial morning what till #foryou", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQIC5cL0K4C/"}	\N	2026-12-06 21:37:08.768168+00
f83f3d46-a940-4d3f-8670-0243832012e2	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	73cfa172-ce45-5200-acf8-4a1e85904be1	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "73cfa172-ce45-5200-acf8-4a1e85904be1", "url": "https://www.instagram.com/reel/KRIqILI0X4C/", "caption": "pov tips in 2 days #smallbusiness #dance #dayinmylife #lifehack", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRIqILI0X4C/"}	\N	2026-12-06 21:37:08.768168+00
faab6862-a88e-4364-ac9b-b1f6a680fc62	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	7916a203-18a1-5538-bf75-d162f25c4758	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "7916a203-18a1-5538-bf75-d162f25c4758", "url": "https://www.instagram.com/reel/KS2yTflUoQC/", "caption": "try what review tips busy the tips after my small best small try wait after review 2 cook", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KS2yTflUoQC/"}	\N	2026-12-06 21:37:08.768168+00
defd52cc-2b36-458c-805b-21bfce59f6f4	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	7d70b044-06ea-5fd7-bf20-68a88277cd01	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "7d70b044-06ea-5fd7-bf20-68a88277cd01", "url": "https://www.instagram.com/reel/KSjkDQ30yEC/", "caption": "changed cook after packing hack busy setup pov setup in this friend way #smallbusiness #cooking #booktok 🔥", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSjkDQ30yEC/"}	\N	2026-12-06 21:37:08.768168+00
c47bd034-ea1c-4017-becc-e8978421f173	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	9884bb5d-d063-5b0d-985b-c5b9f5229355	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "9884bb5d-d063-5b0d-985b-c5b9f5229355", "url": "https://www.instagram.com/reel/KR6RR5K0EMC/", "caption": "busy tips this friend 2 3 of I wait of transformation orders pov business way way orders to #cooking #recipe #diy 😭", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KR6RR5K0EMC/"}	\N	2026-12-06 21:37:08.768168+00
faa76f21-75a3-41fa-8fc1-4cdd954fa3a6	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	99b15684-14d0-5e9b-a9e4-23317fda922f	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "99b15684-14d0-5e9b-a9e4-23317fda922f", "url": "https://www.instagram.com/reel/KR1iOFP0n07/", "caption": "after busy busy my asks for for friend recipe hack cook week your friend tips of your", "platform": "instagram", "publishedAt": null, "accountHandle": "zoe_travels"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KR1iOFP0n07/"}	\N	2026-12-06 21:37:08.768168+00
e6985b30-feee-430a-af8c-c99dbb7a9e92	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	a3bbf4bd-0286-511a-953b-337f3fc5221f	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "a3bbf4bd-0286-511a-953b-337f3fc5221f", "url": "https://www.instagram.com/reel/KSRh9180o0C/", "caption": "I about orders budget my packing business days what in viral asks tells small need in honest friend #fyp #smallbusiness #lifehack #viral", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSRh9180o0C/"}	\N	2026-12-06 21:37:08.768168+00
3ede1e74-b781-4708-bcaf-11b427ad94b5	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	a4a270ba-a3ab-5d16-bc2d-9d3c4fd7ea59	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "a4a270ba-a3ab-5d16-bc2d-9d3c4fd7ea59", "url": "https://www.instagram.com/reel/KQTeq0T0CYC/", "caption": "for business for of what try hack till friend busy before the friend try this #cooking", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQTeq0T0CYC/"}	\N	2026-12-06 21:37:08.768168+00
1cfd19a3-3d21-4e76-af8c-fa684c654c96	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	b8268ca6-9029-5566-83e6-47e8395c992b	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "b8268ca6-9029-5566-83e6-47e8395c992b", "url": "https://www.instagram.com/reel/KPonCVmUVIC/", "caption": "after tips about new week before eat viral friend eat packing week changed life viral #music #dance #tutorial 🔥", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPonCVmUVIC/"}	\N	2026-12-06 21:37:08.768168+00
0f6ada08-2fd5-4189-add5-15e44450acdf	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	c14b2430-9a53-5d52-961d-6ca606463399	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "c14b2430-9a53-5d52-961d-6ca606463399", "url": "https://www.instagram.com/reel/KQkCrJi0PoC/", "caption": "you changed to transformation tells 3 till part #tutorial #foryou 😂", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KQkCrJi0PoC/"}	\N	2026-12-06 21:37:08.768168+00
8acd441c-4cfa-42be-be03-137682fc5049	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	d1ca1d94-7f16-5c6a-85cd-c77949dc2333	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "d1ca1d94-7f16-5c6a-85cd-c77949dc2333", "url": "https://www.instagram.com/reel/KSwnPACU8oC/", "caption": "after about 3 easy routine setup about hack honest #ootd #viral #fitness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KSwnPACU8oC/"}	\N	2026-12-06 21:37:08.768168+00
3814798d-7e99-4383-9c9c-08aa72c26413	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:05+00	\N	efe3479b-f375-5381-bd4e-8a4fe406ad5c	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "efe3479b-f375-5381-bd4e-8a4fe406ad5c", "url": "https://www.instagram.com/reel/KRB9xv3U4IC/", "caption": "you for of best orders packing cook #foryou #smallbusiness #fyp #fitness", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KRB9xv3U4IC/"}	\N	2026-12-06 21:37:08.768168+00
9c9ad30d-d7fa-4815-a6ea-e3a8c90ceb6a	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	07b60dec-8e85-5f53-8d16-3e7ca2dcfcd0	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "07b60dec-8e85-5f53-8d16-3e7ca2dcfcd0", "url": "https://www.instagram.com/reel/KPPIxbLU6kC/", "caption": "morning tips 3 tips friend business trying for easy eat budget setup days days after tells business setup small day budget viral #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPPIxbLU6kC/"}	\N	2026-12-06 21:37:14.180688+00
eb30d291-ea34-469c-8de0-b900669c5f41	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	28ffd491-b6ac-51bd-a1c7-8dbe0e1b45e5	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "28ffd491-b6ac-51bd-a1c7-8dbe0e1b45e5", "url": "https://www.instagram.com/reel/KOyXyEC0FEC/", "caption": "small till packing viral part cook after changed new need the of day this your routine new 2 need #tech", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOyXyEC0FEC/"}	\N	2026-12-06 21:37:14.180688+00
927e3184-f2fa-4c42-a022-c3d5653f041a	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	34d910f2-c44d-5425-be61-bd3290112d57	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "34d910f2-c44d-5425-be61-bd3290112d57", "url": "https://www.instagram.com/reel/KTCDCY90t8C/", "caption": "try nobody business for 2 setup day changed packing end till setup changed #fyp #viral #skincare", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KTCDCY90t8C/"}	\N	2026-12-06 21:37:14.180688+00
3c338bdf-c310-404b-a1c3-a68e24d13631	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	3c85003c-8a70-5e18-817d-fd791b0ac76e	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "3c85003c-8a70-5e18-817d-fd791b0ac76e", "url": "https://www.instagram.com/reel/KOOBLhqU9MU/", "caption": "2 best way tour way way morning in after honest review way after to budget life part of #travel #fyp", "platform": "instagram", "publishedAt": null, "accountHandle": "nora.vlogs"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOOBLhqU9MU/"}	\N	2026-12-06 21:37:14.180688+00
cb1c6b9a-0186-47fb-a0a2-450085a1545c	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	79e908be-8dd4-5bf0-83f5-1a875ffe1e9a	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "79e908be-8dd4-5bf0-83f5-1a875ffe1e9a", "url": "https://www.instagram.com/reel/KPIDZd30GYC/", "caption": "tour honest setup 3 trying tutorial challenge the budget eat hack till new new best what #comedy #tech #fyp #dayinmylife", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KPIDZd30GYC/"}	\N	2026-12-06 21:37:14.180688+00
57cd304b-c979-4a8c-8bbc-3be64e3bb2ac	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	91dedfa7-67de-554d-b5d2-5ada8605161f	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "91dedfa7-67de-554d-b5d2-5ada8605161f", "url": "https://www.instagram.com/reel/KO8Ho8R0O3K/", "caption": "best tips transformation you hack setup friend week when of part routine pov eat before cook need #viral #smallbusiness #cooking 😭", "platform": "instagram", "publishedAt": null, "accountHandle": "nora_cooks"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KO8Ho8R0O3K/"}	\N	2026-12-06 21:37:14.180688+00
8dd80bbb-6995-4604-9a3e-56aa8c2de3f6	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	a5ca6e25-7265-5d7b-a9c3-37bd7706de22	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "a5ca6e25-7265-5d7b-a9c3-37bd7706de22", "url": "https://www.instagram.com/reel/KOaMXx00o8C/", "caption": "changed days I before packing end #comedy #ootd", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOaMXx00o8C/"}	\N	2026-12-06 21:37:14.180688+00
cf38f98b-0aa0-4837-b74e-016b0333b3f0	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	e6edc855-c800-5c09-9209-ade5e09cbb0a	c931414c-748c-4bd7-89c5-c93f71d968c8	\N	instagram	{"video": {"id": "e6edc855-c800-5c09-9209-ade5e09cbb0a", "url": "https://www.instagram.com/reel/KOhW0KV0igC/", "caption": "in in 3 about transformation 3 asks you days review this asks to business budget after need morning review wait pov week life hack of #tech", "platform": "instagram", "publishedAt": null, "accountHandle": "release.brand"}, "account": {"id": "c931414c-748c-4bd7-89c5-c93f71d968c8", "url": "https://www.instagram.com/release.brand/", "handle": "release.brand", "platform": "instagram"}, "summary": "@release.brand posted a new Instagram video: https://www.instagram.com/reel/KOhW0KV0igC/"}	\N	2026-12-06 21:37:14.180688+00
5bead54f-5b5d-451e-a1da-d6fd46c7c495	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	25ba455c-f51a-5e7b-a528-3c27f9dff3fa	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "25ba455c-f51a-5e7b-a528-3c27f9dff3fa", "url": "https://www.tiktok.com/@release.creator/video/11715226517217303770", "caption": "I review what viral days till pov #ootd #recipe #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715226517217303770"}	\N	2026-12-06 21:37:14.206091+00
0f945de9-cb51-45ee-b2db-d97b357deb04	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	2f1842fc-4d16-58f1-b73f-572bbbfb70cd	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "2f1842fc-4d16-58f1-b73f-572bbbfb70cd", "url": "https://www.tiktok.com/@release.creator/video/11713998848014310618", "caption": "pov challenge 2 best new tips way", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713998848014310618"}	\N	2026-12-06 21:37:14.206091+00
e2d037fd-076e-4d9e-9635-5d23f16e8fff	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	3ecad0c8-65d2-55ab-af40-b6510e5eef28	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "3ecad0c8-65d2-55ab-af40-b6510e5eef28", "url": "https://www.tiktok.com/@release.creator/video/11713780466056125658", "caption": "recipe tutorial part packing before for tutorial life in busy #lifehack #viral #lifehack", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713780466056125658"}	\N	2026-12-06 21:37:14.206091+00
561c7849-5b42-4a16-9022-31b338a7fc16	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	5a709d83-62f9-52ea-b597-c738980a69b2	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "5a709d83-62f9-52ea-b597-c738980a69b2", "url": "https://www.tiktok.com/@release.creator/video/11713575458707561690", "caption": "new business storytime trying till of day trying #travel #skincare #lifehack #skincare 😭", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11713575458707561690"}	\N	2026-12-06 21:37:14.206091+00
8d7e1af4-01bf-491c-98f1-8963623f7258	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	61bef50c-4d74-532f-a922-c37e9ce23f13	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "61bef50c-4d74-532f-a922-c37e9ce23f13", "url": "https://www.tiktok.com/@release.creator/video/11714344537021963482", "caption": "review I orders days end you about review busy trying #fitness 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714344537021963482"}	\N	2026-12-06 21:37:14.206091+00
5754b5e7-d493-4471-a08f-8dac24ac6066	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	6a59adbe-baa1-583c-9197-864bab17ee86	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "6a59adbe-baa1-583c-9197-864bab17ee86", "url": "https://www.tiktok.com/@release.creator/video/11714265655683013850", "caption": "2 of easy wait this routine business day storytime morning in trying #travel #gym #lifehack", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714265655683013850"}	\N	2026-12-06 21:37:14.206091+00
cf8d1ed7-2371-4f10-b403-695834581e63	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	8e34dd99-54d6-564e-8f5b-65b40f52e2f9	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "8e34dd99-54d6-564e-8f5b-65b40f52e2f9", "url": "https://www.tiktok.com/@release.creator/video/11715995123037002970", "caption": "nobody 3 2 setup cook storytime of my pov #tech #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715995123037002970"}	\N	2026-12-06 21:37:14.206091+00
4b2a796d-d89e-4782-9124-3b7820a56469	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	91d5f4c3-710f-538d-a5a7-b410e29b5fe6	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "91d5f4c3-710f-538d-a5a7-b410e29b5fe6", "url": "https://www.tiktok.com/@release.creator/video/11714904480594156762", "caption": "pov new tips cook honest cook #foryou #skincare #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714904480594156762"}	\N	2026-12-06 21:37:14.206091+00
7e59009b-5aa0-4533-8dac-6bcc17dfb717	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	99742a00-a580-5815-8bf5-e62545b4c55a	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "99742a00-a580-5815-8bf5-e62545b4c55a", "url": "https://www.tiktok.com/@release.creator/video/11715785292452420826", "caption": "cook what end part transformation to I business asks this 3 cook budget to #lifehack #dance #dayinmylife", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715785292452420826"}	\N	2026-12-06 21:37:14.206091+00
8d64aedd-be88-4bd1-b15f-b9cfe6c667ae	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	b78be46e-be8d-5534-838d-676635cb05d6	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "b78be46e-be8d-5534-838d-676635cb05d6", "url": "https://www.tiktok.com/@release.creator/video/11715067770931272922", "caption": "cook this 3 setup tells what tells you wait viral 3 week recipe day #gym #booktok 😂", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715067770931272922"}	\N	2026-12-06 21:37:14.206091+00
2cfe86be-a63f-48ef-b00b-3f24111c756d	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	bfb5f6e0-9327-5b9b-a4e2-1b3baeae62b5	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "bfb5f6e0-9327-5b9b-a4e2-1b3baeae62b5", "url": "https://www.tiktok.com/@release.creator/video/11714615824312523994", "caption": "business pov need need my budget pov wait way #skincare #fitness #music", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11714615824312523994"}	\N	2026-12-06 21:37:14.206091+00
63fc3965-2a53-4c4b-a6cd-3719d931cf25	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	c643e8ba-acb1-54d4-89ea-f057972c7c7b	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "c643e8ba-acb1-54d4-89ea-f057972c7c7b", "url": "https://www.tiktok.com/@release.creator/video/11715509650028911834", "caption": "when my way need tells orders trying to pov of tells recipe part this life when 🙌", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11715509650028911834"}	\N	2026-12-06 21:37:14.206091+00
7c2b368f-eb07-4e2a-91ed-3b5c51552b5b	8e6a9c8e-c977-49c7-92ce-71cf80472190	account.new_post	2026-12-06 21:37:12+00	\N	fbc90241-f7d6-5f54-9c13-a4f43f615350	3c8052d2-bebd-4448-8d16-37e3fd2519a4	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	tiktok	{"video": {"id": "fbc90241-f7d6-5f54-9c13-a4f43f615350", "url": "https://www.tiktok.com/@release.creator/video/11723059369327287514", "caption": "setup 3 wait when packing #travel #cooking #cooking", "platform": "tiktok", "publishedAt": null, "accountHandle": "release.creator"}, "account": {"id": "3c8052d2-bebd-4448-8d16-37e3fd2519a4", "url": "https://www.tiktok.com/@release.creator", "handle": "release.creator", "platform": "tiktok"}, "summary": "@release.creator posted a new TikTok video: https://www.tiktok.com/@release.creator/video/11723059369327287514"}	\N	2026-12-06 21:37:14.206091+00
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
58858cdc-6dd3-4748-b176-ae777072433c	\N	\N	owner@release.example	Confirm your e-mail address for reeltrack			sent	1	2026-12-06 21:37:02.440517+00		2026-12-06 21:37:02.440517+00	2026-12-06 21:37:02.800271+00	verify_email
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
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:36:43.78613+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:36:43.926552+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:36:44.026137+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:36:44.084836+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:36:44.090364+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 21:36:44.158154+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 21:36:44.238469+00
8	0008_mail_outbox_skipped.sql	98742603076810c86fe574997c5c1c79f5ddc3350fce499231a7f94ff45dfe43	2026-12-06 21:36:44.245856+00
9	0009_founding_holds.sql	10548612570d9326b4c920aedeebb514218f2232812d79fe7caae1c59b25a7ec	2026-12-06 21:36:44.282975+00
10	0010_scrape_job_ingest_claim.sql	71b6c393902b8f8ebb855b2a45381f01845c2ef2becffe65ccbb1d720341641d	2026-12-06 21:36:44.348003+00
11	0011_videos_by_workspace_id.sql	bf59a815aac02172d3d354846069405b4c75ac3baebc68f30ae8b469e51bfb56	2026-12-06 21:36:44.380235+00
12	0012_provider_pauses.sql	85754d7f8978e98b58598291c650cb097ab7474e0acc8337ba1ed5d608430deb	2026-12-06 21:36:44.416772+00
13	0013_scrape_job_given_up.sql	6f37bfea5998d49c363f19d1934216f72012f64d6317fb3b171733a506ecbea1	2026-12-06 21:36:44.460234+00
14	0014_analytics_sync.sql	7fff6d2d1122da2d1432cda04d5e293cdb2cf761b141a82bfe8cf2a8c10aa352	2026-12-06 21:36:44.516418+00
15	0015_analytics_sync_alerts.sql	9bd512f4be46f73a0b20fe0ff041919ee8ea6e730df5d29e5797fa0865692cb0	2026-12-06 21:36:44.586708+00
16	0016_workspace_history.sql	76be82852d310d106d3e46ff9f2c7149a1d24d6656ffc7961e24b9bf46a978aa	2026-12-06 21:36:44.604695+00
17	0017_account_trust.sql	0f445bfe45753ea9b40558b508ac023eb426762eef842fb01d00635f27d03bb1	2026-12-06 21:36:44.612186+00
18	0018_item_organising.sql	32d5c5252ff68ae1bbacabad12817e8e8d9b4299545a3710f2120a00614631d0	2026-12-06 21:36:44.667877+00
19	0019_videos_export_order.sql	7159e0f3fc7f2e25023221fc4df504ba55a6e10bd9aa97634e3e9f31e248fc29	2026-12-06 21:36:44.673843+00
20	0020_campaigns.sql	4893fa4c8968e41ef89bc5af0e68e4e9b375c56e9ceb4e36029a36d8f50e1236	2026-12-06 21:36:44.677947+00
21	0021_campaign_ledger_version.sql	e8364db9ee03f91cb9a37e97eab6ac111db41baf820798e84455c025d3f02e9e	2026-12-06 21:36:44.744114+00
22	0022_events_channels.sql	7f1a3009c3443c85ae8490269ead820eafb408044ace63d74292e32aed815e9b	2026-12-06 21:36:44.751786+00
23	0023_share_links.sql	d708f95c9f438b6cbc3153b15a922d5337cdfbc3b86a3101716c3a48099c11ce	2026-12-06 21:36:44.812539+00
24	0024_api_keys.sql	a38e7638395052e1c2f9795f91862bec1ea07f26bf77c173ed7506befeaf9dfa	2026-12-06 21:36:44.853628+00
25	0025_digests.sql	80f4c5d07f17df6735dc44aa35a126157607d89b11e86da53cca6a7f5b594521	2026-12-06 21:36:44.973935+00
26	0026_video_insights.sql	53c849b0220f11886002fd93b5fb7889e399ae268886a0784a0047bcf08cb677	2026-12-06 21:36:44.991788+00
27	0027_refresh_plan.sql	55c6176f52b0b6c3786ca26ea7b22c5b8d370ed3ca42b4382f5896039758cdf3	2026-12-06 21:36:45.019+00
28	0028_whose_post.sql	7e873a31f8e6bbedf52192fe3eec947f3479cd9cb088445b1e2aa0bd5d1454c1	2026-12-06 21:36:45.02946+00
29	0029_payee_changes.sql	54902050164152013557e445607de70ae802d4ecd2760923663703a50860c1d6	2026-12-06 21:36:45.05797+00
30	0030_webhook_hints.sql	dca6143534390873bd227b675b72eb4c7b4cd1b464c4ffbb52feaf5cc3b59427	2026-12-06 21:36:45.063617+00
31	0031_trial_seats.sql	0d4ee2e580a5e46e262dd9270929cbea84180654fd294a8cac1b8f94e66ae6af	2026-12-06 21:36:45.065717+00
32	0032_counted_changes.sql	3cb6b1cca97c9298553a4d1040a3cbea02d0e1068b857bd06149383bfb1fecc2	2026-12-06 21:36:45.067681+00
33	0033_milestone_thresholds.sql	b5c223710f9bf5288e854c012cf9a86375c954ecda705a4042e63a894c330c4f	2026-12-06 21:36:45.079949+00
34	0034_campaign_line_pending.sql	bac3457f72d98016815e78747f5d81b0aab840f8ba88d645cd2814b763733d33	2026-12-06 21:36:45.128879+00
35	0035_video_ranks.sql	e6630fa6ba011d8199478e76b1fb38af4c985b03e6ceec69915299e8494355e5	2026-12-06 21:36:45.146544+00
36	0036_videos_version.sql	d8d53e2ccdd39655c66421fc168c806c0d4229509121a5a7fee93bb7d08d73d2	2026-12-06 21:36:45.423585+00
37	0037_overview_slots.sql	9ee8d094be5b322141bdec400eb22c1f75c9d84844ed4642634841da8588d09b	2026-12-06 21:36:45.473492+00
38	0038_campaign_settled.sql	dd9db6b9e05b6fcab0b8acf2b54cef2a8adb45f425a2fc4be2269556971cdbf7	2026-12-06 21:36:45.499793+00
39	0039_account_sums.sql	87773ff6e3c0a3ffd2c598e71d2fa8aca5d0b352291e99cf9d154338e3a78415	2026-12-06 21:36:45.529512+00
40	0040_next_scrape_floor.sql	5c57f27c4d93348ece75ea379ef640e81718eb69c72623fb3ea3af1aee5a2ae6	2026-12-06 21:36:45.657004+00
41	0041_collection_members.sql	470da13bc96f7458380f096acfdeb7195e6d62255001ca8a2bb15a0538b6be08	2026-12-06 21:36:45.740444+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
ebc7893d-b8d7-4bba-9d02-b1dcd82c3541	account	3c8052d2-bebd-4448-8d16-37e3fd2519a4
6a5b5724-c6e7-4ccf-ba28-fe22bf4f8192	video	197f1081-ed70-432c-905e-c5b6fa5f1e80
ee4ca67a-cbd1-41d7-b515-63c62dad3fca	account	c931414c-748c-4bd7-89c5-c93f71d968c8
bb91d9c6-c554-45aa-897e-c25e63c295aa	account	c931414c-748c-4bd7-89c5-c93f71d968c8
605587e9-c144-4044-988d-a8d179c7f4b0	account	3c8052d2-bebd-4448-8d16-37e3fd2519a4
729d1ae1-6494-492c-8d9a-be0cb01eb459	account	c931414c-748c-4bd7-89c5-c93f71d968c8
ebbbe4ae-c006-4fe3-949b-b062662df128	account	c931414c-748c-4bd7-89c5-c93f71d968c8
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at, ingest_claimed_until, given_up_at, snapshots) FROM stdin;
ebc7893d-b8d7-4bba-9d02-b1dcd82c3541	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 45, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	d2AI7YuE7Q3LGcbp0	Zqe8KaiNvnxq1IVQG	1		2026-12-06 21:37:04+00	45	0	2026-12-06 21:37:04.36407+00	2026-12-06 21:37:06.462895+00	\N	\N	0
bb91d9c6-c554-45aa-897e-c25e63c295aa	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	track	processed	8s0HHE01jmY5HsgOM	FuoHDOG9s6JWN1ADk	1		2026-12-06 21:37:05+00	1	0	2026-12-06 21:37:05.112026+00	2026-12-06 21:37:07.472332+00	\N	\N	0
6a5b5724-c6e7-4ccf-ba28-fe22bf4f8192	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	SSuTc7yprPsUG29th	DpkzCScpeCoIHgI3z	1		2026-12-06 21:37:05+00	1	0	2026-12-06 21:37:04.716473+00	2026-12-06 21:37:08.070152+00	\N	\N	0
ee4ca67a-cbd1-41d7-b515-63c62dad3fca	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 28}	track	processed	62C1P2Fsj5AASbZuJ	UqplakYH6xEt0G5go	1		2026-12-06 21:37:05+00	28	0	2026-12-06 21:37:05.112026+00	2026-12-06 21:37:08.768168+00	\N	\N	0
ebbbe4ae-c006-4fe3-949b-b062662df128	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	nENWeia3Q2FcFt9gl	pVdGZwMQg15rgKsxr	1		2026-12-06 21:37:12+00	1	0	2026-12-06 21:37:12.317398+00	2026-12-06 21:37:13.898335+00	\N	\N	19
729d1ae1-6494-492c-8d9a-be0cb01eb459	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 28}	refresh	processed	GSsvBPBlTWAXrEnap	uiMFjluzNNoPCQrfq	1		2026-12-06 21:37:12+00	28	0	2026-12-06 21:37:12.317398+00	2026-12-06 21:37:14.180688+00	\N	\N	19
605587e9-c144-4044-988d-a8d179c7f4b0	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 45, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	ltfhqQh6vgOycz37W	uCjeX6IxFp7JqQx3k	1		2026-12-06 21:37:12+00	45	0	2026-12-06 21:37:12.317398+00	2026-12-06 21:37:14.206091+00	\N	\N	30
\.


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sessions (id, user_id, created_at, expires_at, ended_at, client_ip, user_agent) FROM stdin;
fd6a59bf-29ea-4c02-b26d-1fde1558090d	c6cce15a-1212-4414-b523-acafcd699d72	2026-12-06 21:37:02+00	2026-12-13 21:37:02+00	\N	127.0.0.1	curl/7.88.1
df9fb398-f9fc-4b7d-b3e6-a543189dadf7	c6cce15a-1212-4414-b523-acafcd699d72	2026-12-06 21:37:02+00	2026-12-13 21:37:02+00	\N	127.0.0.1	curl/7.88.1
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
c6cce15a-1212-4414-b523-acafcd699d72	owner@release.example	$2a$04$he0MAVLwzP5pFcke/VCLMuV.KPuSaN/Dy5Cee4UkTSpA8ws8Ya4vK	2026-12-06 21:37:02.440517+00	\N	\N
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
197f1081-ed70-432c-905e-c5b6fa5f1e80	8e6a9c8e-c977-49c7-92ce-71cf80472190	100001	4370	167	\N	\N	2026-12-06 21:37:05+00	100001	2026-12-06 21:37:05+00	\N	\N	\N	\N
04084663-0ce2-55a8-9549-62c2185bdadd	8e6a9c8e-c977-49c7-92ce-71cf80472190	472200	60800	1052	1952	3792	2026-12-06 21:37:12+00	472200	2026-12-06 21:37:04+00	\N	\N	\N	\N
0d308a2c-c24e-5a5a-9789-0ced8f133f60	8e6a9c8e-c977-49c7-92ce-71cf80472190	25100	3173	75	72	181	2026-12-06 21:37:12+00	25100	2026-12-06 21:37:04+00	\N	\N	\N	\N
1a0680b1-2ead-5109-9377-4195804f7470	8e6a9c8e-c977-49c7-92ce-71cf80472190	26600	2086	158	170	228	2026-12-06 21:37:12+00	26600	2026-12-06 21:37:04+00	\N	\N	\N	\N
2abe327a-a09a-5d19-82fa-7be3b29c9c54	8e6a9c8e-c977-49c7-92ce-71cf80472190	24600	1971	151	190	197	2026-12-06 21:37:12+00	24600	2026-12-06 21:37:04+00	\N	\N	\N	\N
373bd7f3-1e31-570f-a53e-1d0542a666ea	8e6a9c8e-c977-49c7-92ce-71cf80472190	89500	9103	701	490	709	2026-12-06 21:37:12+00	89500	2026-12-06 21:37:04+00	\N	\N	\N	\N
3a93fc7a-67ab-53ff-983b-2802ba5b7ead	8e6a9c8e-c977-49c7-92ce-71cf80472190	72700	3067	140	695	401	2026-12-06 21:37:12+00	72600	2026-12-06 21:37:04+00	\N	\N	\N	\N
3d4265b9-647f-5664-9808-944c5d6d1f26	8e6a9c8e-c977-49c7-92ce-71cf80472190	19200	1383	47	152	129	2026-12-06 21:37:12+00	19200	2026-12-06 21:37:04+00	\N	\N	\N	\N
3dd63a7b-b51e-5fe3-9d52-afbf0e7a927c	8e6a9c8e-c977-49c7-92ce-71cf80472190	27400	2495	88	146	297	2026-12-06 21:37:12+00	27300	2026-12-06 21:37:04+00	\N	\N	\N	\N
4db80001-9dad-5cf2-9a4a-89bcbda4ca5f	8e6a9c8e-c977-49c7-92ce-71cf80472190	762100	59000	1178	3773	11863	2026-12-06 21:37:12+00	760900	2026-12-06 21:37:04+00	\N	\N	\N	\N
564f4752-bcb2-50b3-8030-a7b041d2a65f	8e6a9c8e-c977-49c7-92ce-71cf80472190	2500000	204900	14700	4210	10309	2026-12-06 21:37:12+00	2500000	2026-12-06 21:37:04+00	\N	\N	\N	\N
635cba70-e1f6-524b-bc34-8858541aad65	8e6a9c8e-c977-49c7-92ce-71cf80472190	102700	6515	352	312	745	2026-12-06 21:37:12+00	101900	2026-12-06 21:37:04+00	\N	\N	\N	\N
65f63db9-6b5a-51ca-a6ba-f2659d99d1b4	8e6a9c8e-c977-49c7-92ce-71cf80472190	10000	526	53	40	120	2026-12-06 21:37:12+00	9929	2026-12-06 21:37:04+00	\N	\N	\N	\N
6bab4c01-1149-5348-be23-593e912bbd07	8e6a9c8e-c977-49c7-92ce-71cf80472190	21000	376	68	134	151	2026-12-06 21:37:12+00	12500	2026-12-06 21:37:04+00	\N	\N	\N	\N
705cc6a2-054d-5897-ac6f-23731ce30b71	8e6a9c8e-c977-49c7-92ce-71cf80472190	8445	616	44	56	54	2026-12-06 21:37:12+00	8445	2026-12-06 21:37:04+00	\N	\N	\N	\N
8282ba43-ae33-5966-a7cd-eeab9e72f448	8e6a9c8e-c977-49c7-92ce-71cf80472190	115900	4143	768	704	1099	2026-12-06 21:37:12+00	115900	2026-12-06 21:37:04+00	\N	\N	\N	\N
8b1ce121-2929-533d-a19c-2a47c2a66add	8e6a9c8e-c977-49c7-92ce-71cf80472190	1200000	111700	7810	3450	6867	2026-12-06 21:37:12+00	1100000	2026-12-06 21:37:04+00	\N	\N	\N	\N
94dd2ce5-2227-5f9b-adf6-3d93e53d8608	8e6a9c8e-c977-49c7-92ce-71cf80472190	129000	8438	224	316	1385	2026-12-06 21:37:12+00	129000	2026-12-06 21:37:04+00	\N	\N	\N	\N
950c5d3e-d774-548a-92c7-3b4234f57451	8e6a9c8e-c977-49c7-92ce-71cf80472190	98900	9340	366	409	466	2026-12-06 21:37:12+00	98900	2026-12-06 21:37:04+00	\N	\N	\N	\N
9917ee95-9731-5742-91b4-0361884a24c6	8e6a9c8e-c977-49c7-92ce-71cf80472190	20700	759	88	71	153	2026-12-06 21:37:12+00	20700	2026-12-06 21:37:04+00	\N	\N	\N	\N
9a966ec1-5c12-543d-81eb-d3555e19a531	8e6a9c8e-c977-49c7-92ce-71cf80472190	88600	2805	294	378	787	2026-12-06 21:37:12+00	88600	2026-12-06 21:37:04+00	\N	\N	\N	\N
a065de00-64f1-580c-aa70-e5c9435a3d31	8e6a9c8e-c977-49c7-92ce-71cf80472190	157100	11600	634	614	685	2026-12-06 21:37:12+00	157100	2026-12-06 21:37:04+00	\N	\N	\N	\N
a5207de7-2e20-54d8-8606-f1c94df598ad	8e6a9c8e-c977-49c7-92ce-71cf80472190	39900	1668	178	93	242	2026-12-06 21:37:12+00	39900	2026-12-06 21:37:04+00	\N	\N	\N	\N
a688be39-bfc3-5f6c-be17-48ec30995c41	8e6a9c8e-c977-49c7-92ce-71cf80472190	42900	2497	161	257	462	2026-12-06 21:37:12+00	42900	2026-12-06 21:37:04+00	\N	\N	\N	\N
a9b61dc0-d931-554f-99e8-b6289f7c778c	8e6a9c8e-c977-49c7-92ce-71cf80472190	22000	1309	96	84	189	2026-12-06 21:37:12+00	22000	2026-12-06 21:37:04+00	\N	\N	\N	\N
b1813e6f-e202-5416-9a8a-fd3c7956e58d	8e6a9c8e-c977-49c7-92ce-71cf80472190	35200	3637	118	103	398	2026-12-06 21:37:12+00	35200	2026-12-06 21:37:04+00	\N	\N	\N	\N
c00699ca-25c5-5845-8667-e592684d5b19	8e6a9c8e-c977-49c7-92ce-71cf80472190	29400	2430	128	156	166	2026-12-06 21:37:12+00	29400	2026-12-06 21:37:04+00	\N	\N	\N	\N
c426f7b4-92ea-5a71-8c70-edd498162957	8e6a9c8e-c977-49c7-92ce-71cf80472190	453100	74300	1159	1790	2281	2026-12-06 21:37:12+00	453100	2026-12-06 21:37:04+00	\N	\N	\N	\N
d120448a-2de2-5a48-92d2-ac7d0af1e4e7	8e6a9c8e-c977-49c7-92ce-71cf80472190	43900	2935	316	205	194	2026-12-06 21:37:12+00	43900	2026-12-06 21:37:04+00	\N	\N	\N	\N
009c763d-a89c-5f60-87dc-270fb81ebc7d	8e6a9c8e-c977-49c7-92ce-71cf80472190	64652	2315	88	\N	\N	2026-12-06 21:37:12+00	64652	2026-12-06 21:37:05+00	\N	\N	\N	\N
07b60dec-8e85-5f53-8d16-3e7ca2dcfcd0	8e6a9c8e-c977-49c7-92ce-71cf80472190	11854510	347948	37176	\N	\N	2026-12-06 21:37:12+00	11854510	2026-12-06 21:37:12+00	\N	\N	\N	\N
25c2ab31-133f-5d31-8dde-db820f21f283	8e6a9c8e-c977-49c7-92ce-71cf80472190	135541	9974	1489	\N	\N	2026-12-06 21:37:12+00	402191	2026-12-06 21:37:05+00	\N	\N	\N	\N
28ffd491-b6ac-51bd-a1c7-8dbe0e1b45e5	8e6a9c8e-c977-49c7-92ce-71cf80472190	494065	20593	820	\N	\N	2026-12-06 21:37:12+00	494065	2026-12-06 21:37:12+00	\N	\N	\N	\N
2a426a22-ae70-5f6c-a362-451b643ea18b	8e6a9c8e-c977-49c7-92ce-71cf80472190	1706923	75784	1710	\N	\N	2026-12-06 21:37:12+00	1706923	2026-12-06 21:37:05+00	\N	\N	\N	\N
2b786951-1546-58ca-be9d-714eafe23e93	8e6a9c8e-c977-49c7-92ce-71cf80472190	543380	27304	706	\N	\N	2026-12-06 21:37:12+00	543380	2026-12-06 21:37:05+00	\N	\N	\N	\N
34d910f2-c44d-5425-be61-bd3290112d57	8e6a9c8e-c977-49c7-92ce-71cf80472190	731952	24763	1488	\N	\N	2026-12-06 21:37:12+00	731952	2026-12-06 21:37:12+00	\N	\N	\N	\N
3c85003c-8a70-5e18-817d-fd791b0ac76e	8e6a9c8e-c977-49c7-92ce-71cf80472190	51807	2077	77	\N	\N	2026-12-06 21:37:12+00	51807	2026-12-06 21:37:12+00	\N	\N	\N	\N
3e7da668-eaba-5dea-9e66-2a11b5ab2ec0	8e6a9c8e-c977-49c7-92ce-71cf80472190	422018	23425	860	\N	\N	2026-12-06 21:37:12+00	422018	2026-12-06 21:37:05+00	\N	\N	\N	\N
5aaf4ebb-a701-5774-9ec3-fe68cec2432f	8e6a9c8e-c977-49c7-92ce-71cf80472190	807436	43346	2024	\N	\N	2026-12-06 21:37:12+00	807436	2026-12-06 21:37:05+00	\N	\N	\N	\N
5d7ae209-f2ed-50bd-8af8-62913c03da66	8e6a9c8e-c977-49c7-92ce-71cf80472190	88211	24824	1922	\N	\N	2026-12-06 21:37:12+00	533863	2026-12-06 21:37:05+00	\N	\N	\N	\N
70f37fca-6804-5052-90ad-b3e3da1ca8ea	8e6a9c8e-c977-49c7-92ce-71cf80472190	1094194	57885	1859	\N	\N	2026-12-06 21:37:12+00	1094194	2026-12-06 21:37:05+00	\N	\N	\N	\N
73cfa172-ce45-5200-acf8-4a1e85904be1	8e6a9c8e-c977-49c7-92ce-71cf80472190	31291815	852460	155856	\N	\N	2026-12-06 21:37:12+00	31291815	2026-12-06 21:37:05+00	\N	\N	\N	\N
7916a203-18a1-5538-bf75-d162f25c4758	8e6a9c8e-c977-49c7-92ce-71cf80472190	173549	\N	284	\N	\N	2026-12-06 21:37:12+00	52087	2026-12-06 21:37:05+00	\N	\N	\N	\N
79e908be-8dd4-5bf0-83f5-1a875ffe1e9a	8e6a9c8e-c977-49c7-92ce-71cf80472190	970831	32394	1171	\N	\N	2026-12-06 21:37:12+00	970831	2026-12-06 21:37:12+00	\N	\N	\N	\N
7d70b044-06ea-5fd7-bf20-68a88277cd01	8e6a9c8e-c977-49c7-92ce-71cf80472190	5123554	156557	9459	\N	\N	2026-12-06 21:37:12+00	5123554	2026-12-06 21:37:05+00	\N	\N	\N	\N
91dedfa7-67de-554d-b5d2-5ada8605161f	8e6a9c8e-c977-49c7-92ce-71cf80472190	633327	29526	808	\N	\N	2026-12-06 21:37:12+00	633327	2026-12-06 21:37:12+00	\N	\N	\N	\N
95b42ddc-d0fc-5eab-8ee1-f87d70df9001	8e6a9c8e-c977-49c7-92ce-71cf80472190	17850	882	35	\N	\N	2026-12-06 21:37:12+00	17850	2026-12-06 21:37:12+00	\N	\N	\N	\N
9884bb5d-d063-5b0d-985b-c5b9f5229355	8e6a9c8e-c977-49c7-92ce-71cf80472190	23048779	522547	41728	\N	\N	2026-12-06 21:37:12+00	23048778	2026-12-06 21:37:05+00	\N	\N	\N	\N
99b15684-14d0-5e9b-a9e4-23317fda922f	8e6a9c8e-c977-49c7-92ce-71cf80472190	192721	7875	446	\N	\N	2026-12-06 21:37:12+00	192721	2026-12-06 21:37:05+00	\N	\N	\N	\N
a3bbf4bd-0286-511a-953b-337f3fc5221f	8e6a9c8e-c977-49c7-92ce-71cf80472190	527492	14712	884	\N	\N	2026-12-06 21:37:12+00	527492	2026-12-06 21:37:05+00	\N	\N	\N	\N
a4a270ba-a3ab-5d16-bc2d-9d3c4fd7ea59	8e6a9c8e-c977-49c7-92ce-71cf80472190	246850	7756	640	\N	\N	2026-12-06 21:37:12+00	246850	2026-12-06 21:37:05+00	\N	\N	\N	\N
a5ca6e25-7265-5d7b-a9c3-37bd7706de22	8e6a9c8e-c977-49c7-92ce-71cf80472190	178602	8494	614	\N	\N	2026-12-06 21:37:12+00	178602	2026-12-06 21:37:12+00	\N	\N	\N	\N
b8268ca6-9029-5566-83e6-47e8395c992b	8e6a9c8e-c977-49c7-92ce-71cf80472190	2268888	165605	2830	\N	\N	2026-12-06 21:37:12+00	2268888	2026-12-06 21:37:05+00	\N	\N	\N	\N
c14b2430-9a53-5d52-961d-6ca606463399	8e6a9c8e-c977-49c7-92ce-71cf80472190	181691	\N	376	\N	\N	2026-12-06 21:37:12+00	181691	2026-12-06 21:37:05+00	\N	\N	\N	\N
d1ca1d94-7f16-5c6a-85cd-c77949dc2333	8e6a9c8e-c977-49c7-92ce-71cf80472190	2411642	195480	3590	\N	\N	2026-12-06 21:37:12+00	2411316	2026-12-06 21:37:05+00	\N	\N	\N	\N
e6edc855-c800-5c09-9209-ade5e09cbb0a	8e6a9c8e-c977-49c7-92ce-71cf80472190	874774	64460	2381	\N	\N	2026-12-06 21:37:12+00	874774	2026-12-06 21:37:12+00	\N	\N	\N	\N
efe3479b-f375-5381-bd4e-8a4fe406ad5c	8e6a9c8e-c977-49c7-92ce-71cf80472190	535214	11507	916	\N	\N	2026-12-06 21:37:12+00	535214	2026-12-06 21:37:05+00	\N	\N	\N	\N
25ba455c-f51a-5e7b-a528-3c27f9dff3fa	8e6a9c8e-c977-49c7-92ce-71cf80472190	68400	3522	404	367	844	2026-12-06 21:37:12+00	68400	2026-12-06 21:37:12+00	\N	\N	\N	\N
2f1842fc-4d16-58f1-b73f-572bbbfb70cd	8e6a9c8e-c977-49c7-92ce-71cf80472190	209900	47400	1565	1091	1440	2026-12-06 21:37:12+00	209900	2026-12-06 21:37:12+00	\N	\N	\N	\N
3ecad0c8-65d2-55ab-af40-b6510e5eef28	8e6a9c8e-c977-49c7-92ce-71cf80472190	97100	2694	636	213	567	2026-12-06 21:37:12+00	97100	2026-12-06 21:37:12+00	\N	\N	\N	\N
5a709d83-62f9-52ea-b597-c738980a69b2	8e6a9c8e-c977-49c7-92ce-71cf80472190	59400	8058	388	118	1861	2026-12-06 21:37:12+00	59400	2026-12-06 21:37:12+00	\N	\N	\N	\N
61bef50c-4d74-532f-a922-c37e9ce23f13	8e6a9c8e-c977-49c7-92ce-71cf80472190	219700	15500	697	556	1867	2026-12-06 21:37:12+00	219700	2026-12-06 21:37:12+00	\N	\N	\N	\N
6a59adbe-baa1-583c-9197-864bab17ee86	8e6a9c8e-c977-49c7-92ce-71cf80472190	57700	6152	318	219	319	2026-12-06 21:37:12+00	57700	2026-12-06 21:37:12+00	\N	\N	\N	\N
8e34dd99-54d6-564e-8f5b-65b40f52e2f9	8e6a9c8e-c977-49c7-92ce-71cf80472190	22100	981	165	76	300	2026-12-06 21:37:12+00	22100	2026-12-06 21:37:12+00	\N	\N	\N	\N
91d5f4c3-710f-538d-a5a7-b410e29b5fe6	8e6a9c8e-c977-49c7-92ce-71cf80472190	135700	11100	349	607	1289	2026-12-06 21:37:12+00	135700	2026-12-06 21:37:12+00	\N	\N	\N	\N
99742a00-a580-5815-8bf5-e62545b4c55a	8e6a9c8e-c977-49c7-92ce-71cf80472190	17900	1971	84	104	142	2026-12-06 21:37:12+00	17900	2026-12-06 21:37:12+00	\N	\N	\N	\N
b78be46e-be8d-5534-838d-676635cb05d6	8e6a9c8e-c977-49c7-92ce-71cf80472190	57200	3954	312	243	460	2026-12-06 21:37:12+00	57200	2026-12-06 21:37:12+00	\N	\N	\N	\N
bfb5f6e0-9327-5b9b-a4e2-1b3baeae62b5	8e6a9c8e-c977-49c7-92ce-71cf80472190	95000	3475	246	232	1090	2026-12-06 21:37:12+00	95000	2026-12-06 21:37:12+00	\N	\N	\N	\N
c643e8ba-acb1-54d4-89ea-f057972c7c7b	8e6a9c8e-c977-49c7-92ce-71cf80472190	451500	17300	2057	1920	1923	2026-12-06 21:37:12+00	451500	2026-12-06 21:37:12+00	\N	\N	\N	\N
dfe3cd85-ea66-5c99-af83-81ee0c48bb4e	8e6a9c8e-c977-49c7-92ce-71cf80472190	143100	12900	829	1128	1045	2026-12-06 21:37:12+00	143100	2026-12-06 21:37:04+00	\N	\N	\N	\N
eba0db49-6b09-52d1-9f0e-2316ddf9bb28	8e6a9c8e-c977-49c7-92ce-71cf80472190	19100	1033	73	41	210	2026-12-06 21:37:12+00	19100	2026-12-06 21:37:04+00	\N	\N	\N	\N
f0828a73-84ba-58c0-905a-eae12a326a98	8e6a9c8e-c977-49c7-92ce-71cf80472190	13500	1237	74	99	73	2026-12-06 21:37:12+00	13500	2026-12-06 21:37:04+00	\N	\N	\N	\N
fbc90241-f7d6-5f54-9c13-a4f43f615350	8e6a9c8e-c977-49c7-92ce-71cf80472190	2368	104	\N	7	27	2026-12-06 21:37:12+00	2368	2026-12-06 21:37:12+00	\N	\N	\N	\N
fe5130bc-cb57-5de4-8fb6-a5c98f2f2287	8e6a9c8e-c977-49c7-92ce-71cf80472190	271600	12100	688	2029	1745	2026-12-06 21:37:12+00	271500	2026-12-06 21:37:04+00	\N	\N	\N	\N
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
f0828a73-84ba-58c0-905a-eae12a326a98	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11716209991730420954	https://www.tiktok.com/@release.creator/video/11716209991730420954	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	this this easy cook challenge part hack 2 orders #tutorial #travel #skincare 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0d475c6bbe2e0ad2538891cb6ac53ff8~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
8282ba43-ae33-5966-a7cd-eeab9e72f448	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11720022269099203802	https://www.tiktok.com/@release.creator/video/11720022269099203802	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	viral day orders viral day packing nobody need before need my 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/3803547c7c12dfb7325930dc7d931cf7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
3dd63a7b-b51e-5fe3-9d52-afbf0e7a927c	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11720190983950523610	https://www.tiktok.com/@release.creator/video/11720190983950523610	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	budget try asks to setup friend end life need pov transformation before #recipe #fyp #dance #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3b9012d0dd23d1e7479f8d6f34e8c8a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
c426f7b4-92ea-5a71-8c70-edd498162957	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11719773912645524698	https://www.tiktok.com/@release.creator/video/11719773912645524698	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	friend before way 3 best end easy friend my for try #gym #smallbusiness #cooking #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/5fd591d385044b16ca52ac3abc904228~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
197f1081-ed70-432c-905e-c5b6fa5f1e80	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	075f9e98-a7ef-44d2-9147-d7bae2fa68f8	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:33:31+00	\N	t	active		2026-12-03 21:37:05+00	\N	2026-12-06 21:37:04.716473+00	2026-12-06 21:37:08.070152+00	31552	0	2026-12-06 22:37:04.716473+00	604800	settled	own		provider	\N	\N	\N	\N	\N	\N
5d7ae209-f2ed-50bd-8af8-62913c03da66	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KP7pHxMUbUC	https://www.instagram.com/reel/KP7pHxMUbUC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	after you tells setup cook tutorial #ootd	https://scontent.cdninstagram.com/v/t51.29350-15/390926362_178382428771259_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
5a709d83-62f9-52ea-b597-c738980a69b2	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11713575458707561690	https://www.tiktok.com/@release.creator/video/11713575458707561690	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	new business storytime trying till of day trying #travel #skincare #lifehack #skincare 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3f464d5cad834dcb7283b0d589ae864~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
3ecad0c8-65d2-55ab-af40-b6510e5eef28	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11713780466056125658	https://www.tiktok.com/@release.creator/video/11713780466056125658	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	recipe tutorial part packing before for tutorial life in busy #lifehack #viral #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a635378916b4dd798dbbb1b3b0372550~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
91dedfa7-67de-554d-b5d2-5ada8605161f	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KO8Ho8R0O3K	https://www.instagram.com/reel/KO8Ho8R0O3K/	c931414c-748c-4bd7-89c5-c93f71d968c8	nora_cooks	\N	best tips transformation you hack setup friend week when of part routine pov eat before cook need #viral #smallbusiness #cooking 😭	https://scontent.cdninstagram.com/v/t51.29350-15/557856665_697793004486564_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	collab	nora_cooks	\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
3c85003c-8a70-5e18-817d-fd791b0ac76e	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KOOBLhqU9MU	https://www.instagram.com/reel/KOOBLhqU9MU/	c931414c-748c-4bd7-89c5-c93f71d968c8	nora.vlogs	\N	2 best way tour way way morning in after honest review way after to budget life part of #travel #fyp	https://scontent.cdninstagram.com/v/t51.29350-15/675647747_192858346351596_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	collab	nora.vlogs	\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
a5ca6e25-7265-5d7b-a9c3-37bd7706de22	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KOaMXx00o8C	https://www.instagram.com/reel/KOaMXx00o8C/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	changed days I before packing end #comedy #ootd	https://scontent.cdninstagram.com/v/t51.29350-15/488413843_179419173279811_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
e6edc855-c800-5c09-9209-ade5e09cbb0a	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KOhW0KV0igC	https://www.instagram.com/reel/KOhW0KV0igC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	in in 3 about transformation 3 asks you days review this asks to business budget after need morning review wait pov week life hack of #tech	https://scontent.cdninstagram.com/v/t51.29350-15/183064870_144805088892544_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
28ffd491-b6ac-51bd-a1c7-8dbe0e1b45e5	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KOyXyEC0FEC	https://www.instagram.com/reel/KOyXyEC0FEC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	small till packing viral part cook after changed new need the of day this your routine new 2 need #tech	https://scontent.cdninstagram.com/v/t51.29350-15/102959583_141635820148035_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
07b60dec-8e85-5f53-8d16-3e7ca2dcfcd0	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KPPIxbLU6kC	https://www.instagram.com/reel/KPPIxbLU6kC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	morning tips 3 tips friend business trying for easy eat budget setup days days after tells business setup small day budget viral #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/945314274_114644544810744_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
25c2ab31-133f-5d31-8dde-db820f21f283	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KPb-H8PUowC	https://www.instagram.com/reel/KPb-H8PUowC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	the cook tour honest wait storytime routine need when pov wait this tells friend days you morning recipe easy your #gym #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/806587318_512478926128088_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
5aaf4ebb-a701-5774-9ec3-fe68cec2432f	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KQ0iQOrUCkC	https://www.instagram.com/reel/KQ0iQOrUCkC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	setup part end business trying before orders #skincare #tutorial #foryou #smallbusiness	https://scontent.cdninstagram.com/v/t51.29350-15/379543738_160297281921401_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
70f37fca-6804-5052-90ad-b3e3da1ca8ea	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KQIC5cL0K4C	https://www.instagram.com/reel/KQIC5cL0K4C/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	viral cook in you trying week your honest this what my life pov budget week before till orders tutorial morning what till #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/156182562_156236172604868_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
009c763d-a89c-5f60-87dc-270fb81ebc7d	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KQd-wACUscC	https://www.instagram.com/reel/KQd-wACUscC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	hack viral you eat storytime in you of nobody eat changed #comedy #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/114454085_125404448534413_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
73cfa172-ce45-5200-acf8-4a1e85904be1	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KRIqILI0X4C	https://www.instagram.com/reel/KRIqILI0X4C/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	pov tips in 2 days #smallbusiness #dance #dayinmylife #lifehack	https://scontent.cdninstagram.com/v/t51.29350-15/667349532_138089896291154_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
2a426a22-ae70-5f6c-a362-451b643ea18b	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KRZpdhfUH0C	https://www.instagram.com/reel/KRZpdhfUH0C/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	tells week you tips packing wait when you changed review storytime business after review to I tells new need busy friend I #music #viral #tutorial #music 🙌	https://scontent.cdninstagram.com/v/t51.29350-15/810779347_684189675862305_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
7916a203-18a1-5538-bf75-d162f25c4758	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KS2yTflUoQC	https://www.instagram.com/reel/KS2yTflUoQC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	try what review tips busy the tips after my small best small try wait after review 2 cook	https://scontent.cdninstagram.com/v/t51.29350-15/104163360_131750771350400_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
9884bb5d-d063-5b0d-985b-c5b9f5229355	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KR6RR5K0EMC	https://www.instagram.com/reel/KR6RR5K0EMC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	busy tips this friend 2 3 of I wait of transformation orders pov business way way orders to #cooking #recipe #diy 😭	https://scontent.cdninstagram.com/v/t51.29350-15/511805269_134753012518433_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
99b15684-14d0-5e9b-a9e4-23317fda922f	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KR1iOFP0n07	https://www.instagram.com/reel/KR1iOFP0n07/	c931414c-748c-4bd7-89c5-c93f71d968c8	zoe_travels	\N	after busy busy my asks for for friend recipe hack cook week your friend tips of your	https://scontent.cdninstagram.com/v/t51.29350-15/155566604_166977132951860_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	collab	zoe_travels	\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
a3bbf4bd-0286-511a-953b-337f3fc5221f	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KSRh9180o0C	https://www.instagram.com/reel/KSRh9180o0C/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	I about orders budget my packing business days what in viral asks tells small need in honest friend #fyp #smallbusiness #lifehack #viral	https://scontent.cdninstagram.com/v/t51.29350-15/794426487_419555261406772_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
a4a270ba-a3ab-5d16-bc2d-9d3c4fd7ea59	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KQTeq0T0CYC	https://www.instagram.com/reel/KQTeq0T0CYC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	for business for of what try hack till friend busy before the friend try this #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/175604807_155897116563097_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
b8268ca6-9029-5566-83e6-47e8395c992b	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KPonCVmUVIC	https://www.instagram.com/reel/KPonCVmUVIC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	after tips about new week before eat viral friend eat packing week changed life viral #music #dance #tutorial 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/107821387_129220840762336_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
c14b2430-9a53-5d52-961d-6ca606463399	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KQkCrJi0PoC	https://www.instagram.com/reel/KQkCrJi0PoC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	you changed to transformation tells 3 till part #tutorial #foryou 😂	https://scontent.cdninstagram.com/v/t51.29350-15/121557822_170786881963232_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
d1ca1d94-7f16-5c6a-85cd-c77949dc2333	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KSwnPACU8oC	https://www.instagram.com/reel/KSwnPACU8oC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	after about 3 easy routine setup about hack honest #ootd #viral #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/150312112_164978204488763_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
efe3479b-f375-5381-bd4e-8a4fe406ad5c	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KRB9xv3U4IC	https://www.instagram.com/reel/KRB9xv3U4IC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	you for of best orders packing cook #foryou #smallbusiness #fyp #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/239550108_216845804424811_n.jpg	\N	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
95b42ddc-d0fc-5eab-8ee1-f87d70df9001	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	DJJi8FtQ4YC	https://www.instagram.com/reel/DJJi8FtQ4YC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	routine week 3 this what viral morning review week to I #travel	https://scontent.cdninstagram.com/v/t51.29350-15/982333981_137266239688931_n.jpg	2025-05-02 11:15:42+00	\N	f	beyond_limit		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		provider	\N	\N	\N	\N	\N	2026-12-06 21:37:14.180688+00
2f1842fc-4d16-58f1-b73f-572bbbfb70cd	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11713998848014310618	https://www.tiktok.com/@release.creator/video/11713998848014310618	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	pov challenge 2 best new tips way	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7b948036684cce90f04adbac3e9a6888~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
6a59adbe-baa1-583c-9197-864bab17ee86	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11714265655683013850	https://www.tiktok.com/@release.creator/video/11714265655683013850	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	2 of easy wait this routine business day storytime morning in trying #travel #gym #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/667687eda21ef883f4964084361639cd~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
61bef50c-4d74-532f-a922-c37e9ce23f13	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11714344537021963482	https://www.tiktok.com/@release.creator/video/11714344537021963482	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	review I orders days end you about review busy trying #fitness 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/aff406f94b61f2c59ca086ae7c1f1f71~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
950c5d3e-d774-548a-92c7-3b4234f57451	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11718123055964087109	https://www.tiktok.com/@sam.travels/video/11718123055964087109	3c8052d2-bebd-4448-8d16-37e3fd2519a4	sam.travels	\N	of after morning cook nobody business in changed friend #foryou #skincare #diy #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0cf9c48d8d22569f2e13f3431b617d02~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	other_author	sam.travels	\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
564f4752-bcb2-50b3-8030-a7b041d2a65f	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11718892568142699738	https://www.tiktok.com/@release.creator/video/11718892568142699738	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	nobody asks hack #cooking #booktok #dance #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/378f2256088bcbc7c6c5239bd2cca064~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
0d308a2c-c24e-5a5a-9789-0ced8f133f60	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11719175872720231642	https://www.tiktok.com/@release.creator/video/11719175872720231642	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	of my new packing I this packing busy #comedy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c6b37c36ac1598f955616aac0a27591e~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
705cc6a2-054d-5897-ac6f-23731ce30b71	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11719426913545706714	https://www.tiktok.com/@release.creator/video/11719426913545706714	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	need cook for week try for try way need #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b9185185fe11537f9583301daec021b3~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
3a93fc7a-67ab-53ff-983b-2802ba5b7ead	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11720527078098361562	https://www.tiktok.com/@release.creator/video/11720527078098361562	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	tips tour days busy storytime transformation #smallbusiness #dance #lifehack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/fcf46f77ffa24fe2aa62bbd7b64fab69~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
65f63db9-6b5a-51ca-a6ba-f2659d99d1b4	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11720860698200661210	https://www.tiktok.com/@release.creator/video/11720860698200661210	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	part recipe new week about changed about honest day part new easy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b0f76a366d6bab6ddbdc52a5fd57c97~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
635cba70-e1f6-524b-bc34-8858541aad65	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11721241537333386458	https://www.tiktok.com/@release.creator/video/11721241537333386458	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	small honest hack try tutorial new asks honest #travel #tech #dayinmylife #foryou	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8fe97ee34eb71f216ea26c766f73201f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
8b1ce121-2929-533d-a19c-2a47c2a66add	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11721665519210749146	https://www.tiktok.com/@release.creator/video/11721665519210749146	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	storytime life orders wait nobody this I pov my transformation for viral #dance #music #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9a7d3ea1bcd395f52a45161d2e419b72~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
3e7da668-eaba-5dea-9e66-2a11b5ab2ec0	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KSGoQ6WUxYC	https://www.instagram.com/reel/KSGoQ6WUxYC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	try for packing tour I storytime till 2 #comedy	https://scontent.cdninstagram.com/v/t51.29350-15/134670764_105879698558856_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
7d70b044-06ea-5fd7-bf20-68a88277cd01	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KSjkDQ30yEC	https://www.instagram.com/reel/KSjkDQ30yEC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	changed cook after packing hack busy setup pov setup in this friend way #smallbusiness #cooking #booktok 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/111792467_171436818776090_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
34d910f2-c44d-5425-be61-bd3290112d57	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KTCDCY90t8C	https://www.instagram.com/reel/KTCDCY90t8C/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	try nobody business for 2 setup day changed packing end till setup changed #fyp #viral #skincare	https://scontent.cdninstagram.com/v/t51.29350-15/970690535_121747553006502_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
bfb5f6e0-9327-5b9b-a4e2-1b3baeae62b5	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11714615824312523994	https://www.tiktok.com/@release.creator/video/11714615824312523994	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	business pov need need my budget pov wait way #skincare #fitness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/3eaa5b2a2adc729a389f089fc3b6f112~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
91d5f4c3-710f-538d-a5a7-b410e29b5fe6	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11714904480594156762	https://www.tiktok.com/@release.creator/video/11714904480594156762	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	pov new tips cook honest cook #foryou #skincare #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1454a1649c8695d52acc70daddf45c22~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
a5207de7-2e20-54d8-8606-f1c94df598ad	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11716291931063934170	https://www.tiktok.com/@release.creator/video/11716291931063934170	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	recipe orders cook life pov tutorial when end life nobody review honest #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2535cc8502472a5e98d05302544d4840~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
a688be39-bfc3-5f6c-be17-48ec30995c41	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11718586903938817242	https://www.tiktok.com/@release.creator/video/11718586903938817242	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	after routine busy viral review cook after till setup you 3 busy small asks #dayinmylife #dance #tutorial #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/90d1f04e19bc7e67071a2708191dda6c~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
a9b61dc0-d931-554f-99e8-b6289f7c778c	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11722247336950324442	https://www.tiktok.com/@release.creator/video/11722247336950324442	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	what you the tips review week recipe viral I I hack tips 2 #lifehack 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/f00856ac818920378e1d25da279821cf~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
b1813e6f-e202-5416-9a8a-fd3c7956e58d	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11719560375386791130	https://www.tiktok.com/@release.creator/video/11719560375386791130	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	honest part to viral eat end week till easy in morning #foryou	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/d86c8c9061a1d98bf60d3fd5ae0292d7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
c00699ca-25c5-5845-8667-e592684d5b19	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11718314538510343386	https://www.tiktok.com/@release.creator/video/11718314538510343386	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	my the of in way changed packing when changed eat part before packing review #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c0e8d65e98c7e8c6a35b278651e0bc00~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
d120448a-2de2-5a48-92d2-ac7d0af1e4e7	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11718729183301295322	https://www.tiktok.com/@release.creator/video/11718729183301295322	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	honest need transformation routine easy for for asks after you easy before about nobody recipe #travel #travel #gym ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/0bfb2bf0bff33346c6dcd88fbfc7e94b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
dfe3cd85-ea66-5c99-af83-81ee0c48bb4e	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11716913107899079898	https://www.tiktok.com/@release.creator/video/11716913107899079898	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	life need of easy tutorial wait eat end business tips easy week your this trying easy 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/41ca8cc23a40d02c8a244613cda31ff7~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
eba0db49-6b09-52d1-9f0e-2316ddf9bb28	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11721126333426851034	https://www.tiktok.com/@release.creator/video/11721126333426851034	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	asks part to honest small 3 you part the till routine wait in #music #music #fyp #comedy 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17ad54fa14b4607d3fc014889759f237~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
9a966ec1-5c12-543d-81eb-d3555e19a531	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11721499158016777434	https://www.tiktok.com/@release.creator/video/11721499158016777434	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	tutorial you storytime small #skincare #viral #travel #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6828e31c81d118c7ff00d8c693370722~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
a065de00-64f1-580c-aa70-e5c9435a3d31	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11717911533146234074	https://www.tiktok.com/@release.creator/video/11717911533146234074	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	best transformation tour 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/33dcb3f86b9722105e3abeeed854f87c~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
fe5130bc-cb57-5de4-8fb6-a5c98f2f2287	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11720686464321281242	https://www.tiktok.com/@release.creator/video/11720686464321281242	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	need tour in review days eat tips my review new days end storytime try #gym #gym 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4bbc590f1c31f0789e4309278a4cba37~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	2026-12-07 21:37:13+00	86400	budget	own		\N	2026-12-06 21:37:04+00	2026-12-13 21:37:04+00	\N	\N	\N	\N
79e908be-8dd4-5bf0-83f5-1a875ffe1e9a	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KPIDZd30GYC	https://www.instagram.com/reel/KPIDZd30GYC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	tour honest setup 3 trying tutorial challenge the budget eat hack till new new best what #comedy #tech #fyp #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/716041406_166281699229571_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.180688+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
2b786951-1546-58ca-be9d-714eafe23e93	8e6a9c8e-c977-49c7-92ce-71cf80472190	instagram	KRop_ecUwYC	https://www.instagram.com/reel/KRop_ecUwYC/	c931414c-748c-4bd7-89c5-c93f71d968c8	release.brand	\N	tips small tells business 💯	https://scontent.cdninstagram.com/v/t51.29350-15/127889758_723868007739129_n.jpg	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:08.768168+00	2026-12-06 21:37:14.180688+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:05+00	\N	\N	\N	\N	\N
1a0680b1-2ead-5109-9377-4195804f7470	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11721893234087714010	https://www.tiktok.com/@release.creator/video/11721893234087714010	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	orders week setup till hack cook after packing tells your about about eat after viral way #viral #fyp 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/615002af964725b5dc3db57e57bbbcd0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
b78be46e-be8d-5534-838d-676635cb05d6	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11715067770931272922	https://www.tiktok.com/@release.creator/video/11715067770931272922	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	cook this 3 setup tells what tells you wait viral 3 week recipe day #gym #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/635cea96755317f2a365280eb982066f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
25ba455c-f51a-5e7b-a528-3c27f9dff3fa	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11715226517217303770	https://www.tiktok.com/@release.creator/video/11715226517217303770	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	I review what viral days till pov #ootd #recipe #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1c2cc088e55ee261bb81d982811b7e97~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
c643e8ba-acb1-54d4-89ea-f057972c7c7b	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11715509650028911834	https://www.tiktok.com/@release.creator/video/11715509650028911834	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	when my way need tells orders trying to pov of tells recipe part this life when 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bb491640f8cd6711feb046297146b5e1~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
99742a00-a580-5815-8bf5-e62545b4c55a	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11715785292452420826	https://www.tiktok.com/@release.creator/video/11715785292452420826	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	cook what end part transformation to I business asks this 3 cook budget to #lifehack #dance #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/fc52dbe80da32cc3af66c84d5c295d50~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
8e34dd99-54d6-564e-8f5b-65b40f52e2f9	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11715995123037002970	https://www.tiktok.com/@release.creator/video/11715995123037002970	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	nobody 3 2 setup cook storytime of my pov #tech #dayinmylife	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7dff5fb092b48d8c1d02a59f9884dd4e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
9917ee95-9731-5742-91b4-0361884a24c6	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11716617326406556890	https://www.tiktok.com/@release.creator/video/11716617326406556890	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	3 cook for review need business after storytime morning tips need #diy #music #booktok #cooking 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/92b75c1751c5cae155be8ac69819ada2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
373bd7f3-1e31-570f-a53e-1d0542a666ea	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11716866451646078170	https://www.tiktok.com/@release.creator/video/11716866451646078170	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	what viral in transformation cook review viral tips try friend 3 pov #skincare 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/10e644a52f4eece3d40f2ad8ad7ef003~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
2abe327a-a09a-5d19-82fa-7be3b29c9c54	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11717281839380910410	https://www.tiktok.com/@leo.beats/video/11717281839380910410	3c8052d2-bebd-4448-8d16-37e3fd2519a4	leo.beats	\N	easy changed for viral days I about recipe my #comedy #gym #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/287e6a15fea682e79e05eab6e8109ead~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	repost	leo.beats	\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
04084663-0ce2-55a8-9549-62c2185bdadd	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11717353200296221914	https://www.tiktok.com/@release.creator/video/11717353200296221914	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	before the nobody week eat before when trying small of the	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/afcde91e36aa9310cbacdfdc8c0585dd~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
94dd2ce5-2227-5f9b-adf6-3d93e53d8608	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11717677702305635546	https://www.tiktok.com/@release.creator/video/11717677702305635546	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	pov this need week cook morning this life you #diy #comedy 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9d55ec7a24db64a2820f6d1c60b75099~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
3d4265b9-647f-5664-9808-944c5d6d1f26	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11722307659798568154	https://www.tiktok.com/@release.creator/video/11722307659798568154	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	tutorial life asks best #recipe #gym #smallbusiness #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8574ff8a8dc66984fd4517827db3616e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
4db80001-9dad-5cf2-9a4a-89bcbda4ca5f	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11722556080774667482	https://www.tiktok.com/@release.creator/video/11722556080774667482	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	life way end #ootd #travel #viral ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e3334fe5b1da76b5f3fa872e036a2fbf~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
6bab4c01-1149-5348-be23-593e912bbd07	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11722854396301106394	https://www.tiktok.com/@release.creator/video/11722854396301106394	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	tells budget about friend cook morning busy way tips	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/8cc4dfc9ede547ddd22fea05984f503e~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:06.462895+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:04+00	\N	\N	\N	\N	\N
fbc90241-f7d6-5f54-9c13-a4f43f615350	8e6a9c8e-c977-49c7-92ce-71cf80472190	tiktok	11723059369327287514	https://www.tiktok.com/@release.creator/video/11723059369327287514	3c8052d2-bebd-4448-8d16-37e3fd2519a4	release.creator	\N	setup 3 wait when packing #travel #cooking #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2336b4a3a1e0c0f2b03e592ea050ddb2~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:37:12+00	\N	2026-12-06 21:37:14.206091+00	2026-12-06 21:37:14.206091+00	31552	0	\N	\N	\N	own		\N	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N
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
8e6a9c8e-c977-49c7-92ce-71cf80472190	c6cce15a-1212-4414-b523-acafcd699d72	owner	2026-12-06 21:37:03.36816+00	off	\N
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding, founding_hold_until, analytics_txid, history_version, scraped_until, insights_version, insights_at, outliers_start, outliers_from, outliers_from_age, forecasts_start, forecasts_from, videos_version) FROM stdin;
8e6a9c8e-c977-49c7-92ce-71cf80472190	Release Co	c6cce15a-1212-4414-b523-acafcd699d72	trial	50	2	t	2026-12-13 21:37:03.406316+00	\N	\N	\N	f	2026-12-06 21:37:03.36816+00	2026-12-06 21:37:03.36816+00	12	\N	\N	f	\N	31371	0	2026-12-06 21:37:12+00	\N	\N	\N	\N	\N	\N	\N	9
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
-- Name: accounts_collection_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_collection_idx ON public.accounts USING btree (collection_id) WHERE (collection_id IS NOT NULL);


--
-- Name: accounts_creator_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_creator_idx ON public.accounts USING btree (creator_id) WHERE (creator_id IS NOT NULL);


--
-- Name: accounts_due_floor_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_due_floor_idx ON public.accounts USING btree (workspace_id, public.refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id) WHERE (status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text]));


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
-- Name: videos_account_published_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_account_published_idx ON public.videos USING btree (account_id, COALESCE(published_at, created_at)) WHERE (account_id IS NOT NULL);


--
-- Name: videos_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_analytics_txid_idx ON public.videos USING btree (analytics_txid);


--
-- Name: videos_collection_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_collection_idx ON public.videos USING btree (collection_id, COALESCE(published_at, created_at)) WHERE (collection_id IS NOT NULL);


--
-- Name: videos_counted_changed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_counted_changed_idx ON public.videos USING btree (workspace_id, counted_changed_at) WHERE (counted_changed_at IS NOT NULL);


--
-- Name: videos_due_floor_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_due_floor_idx ON public.videos USING btree (workspace_id, public.refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id) WHERE ((status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text])) AND (tracked_individually OR (kept_until IS NOT NULL)));


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
-- Name: payout_lines payout_lines_removed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER payout_lines_removed AFTER DELETE ON public.payout_lines REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.payout_lines_removed();


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

\unrestrict 5dHFFoj8oLwkGZLl7ZckD0az5bAMvLCgcqrXaFxIjbaZH9PypyiThP0UhVdRX3H

