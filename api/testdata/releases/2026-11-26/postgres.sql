--
-- PostgreSQL database dump
--

\restrict ptbRcDMBeyi6W99nBEj0twrj2uZwPfmtWa0NAGn1OVZotr8RF402sXtTZInKwfP

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
    CONSTRAINT accounts_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
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
    created_at timestamp with time zone DEFAULT now() NOT NULL
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
    CONSTRAINT alert_rules_condition_check CHECK ((condition = ANY (ARRAY['gain'::text, 'growth_pct'::text, 'velocity_vs_baseline'::text]))),
    CONSTRAINT alert_rules_cooldown_hours_check CHECK (((cooldown_hours >= 0) AND (cooldown_hours <= 720))),
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
    CONSTRAINT mail_outbox_kind_check CHECK ((kind = ANY (ARRAY['alert'::text, 'verify_email'::text, 'reset_password'::text, 'invite'::text]))),
    CONSTRAINT mail_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text, 'skipped'::text])))
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
    CONSTRAINT scrape_jobs_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT scrape_jobs_reason_check CHECK ((reason = ANY (ARRAY['track'::text, 'refresh'::text]))),
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
    CONSTRAINT videos_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT videos_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text])))
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
    CONSTRAINT workspaces_checkout_plan_check CHECK ((checkout_plan = ANY (ARRAY['starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_plan_check CHECK ((plan = ANY (ARRAY['trial'::text, 'starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_seat_limit_check CHECK ((seat_limit >= 1)),
    CONSTRAINT workspaces_video_limit_check CHECK ((video_limit >= 0))
);


--
-- Data for Name: account_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.account_tokens (token_hash, purpose, user_id, email, created_at, expires_at, used_at) FROM stdin;
\\xdd527f8648fe933ca2ffbb294056486897f1ada33ec69246b1fa2140c4a25dd9	verify_email	7480e172-f78c-4e44-907f-95cddb49227c	owner@release.example	2026-12-06 21:14:32.958012+00	2026-12-07 21:14:32.958012+00	\N
\.


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid) FROM stdin;
cdcc5c8b-8901-4534-9873-3c7cf122e491	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	release.brand	https://www.instagram.com/release.brand/	Release Brand	https://scontent.cdninstagram.com/v/t51.2885-19/842274985_n.jpg	\N	active		19	4256387998	1132476	2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.537118+00	2026-12-06 21:14:54.012698+00	12660
b1d4f522-8c32-434c-b444-890cff6f476c	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	24dac9ed-a17e-4f05-acd0-62f9f043035d	active		30	7518019132151780126	161000	2026-12-06 21:14:52+00	\N	2026-12-06 21:14:34.30451+00	2026-12-06 21:14:54.090974+00	12661
\.


--
-- Data for Name: activity_log; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.activity_log (id, workspace_id, actor_id, actor_email, action, target, details, client_ip, created_at) FROM stdin;
1	\N	7480e172-f78c-4e44-907f-95cddb49227c	owner@release.example	login		{}	127.0.0.1	2026-12-06 21:14:33.292357+00
2	d43030bb-53c9-4d5b-b571-66fa9e7b8312	7480e172-f78c-4e44-907f-95cddb49227c	owner@release.example	workspace_created	Release Co	{}	127.0.0.1	2026-12-06 21:14:33.558057+00
3	d43030bb-53c9-4d5b-b571-66fa9e7b8312	7480e172-f78c-4e44-907f-95cddb49227c	owner@release.example	collection_created	Release clients	{}	127.0.0.1	2026-12-06 21:14:33.633757+00
\.


--
-- Data for Name: alert_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain, growth_pct, baseline, analytics_txid) FROM stdin;
\.


--
-- Data for Name: alert_rules; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_rules (id, workspace_id, name, collection_id, platform, metric, condition, threshold, window_hours, min_start_value, cooldown_hours, recipients, enabled, created_at, updated_at, analytics_txid) FROM stdin;
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
reeltrack_release_2026_11_26_analytics	12975	1796591711808053060	2026-12-06 21:15:11.81943+00
\.


--
-- Data for Name: collections; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.collections (id, workspace_id, name, created_at, analytics_txid) FROM stdin;
24dac9ed-a17e-4f05-acd0-62f9f043035d	d43030bb-53c9-4d5b-b571-66fa9e7b8312	Release clients	2026-12-06 21:14:33.633757+00	12297
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
ee764c10-dffe-4965-a756-b2c8fc13f299	\N	\N	owner@release.example	Confirm your e-mail address for reeltrack			sent	1	2026-12-06 21:14:32.926043+00		2026-12-06 21:14:32.926043+00	2026-12-06 21:14:33.138429+00	verify_email
\.


--
-- Data for Name: payment_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.payment_events (id, type, workspace_id, result, reason, received_at) FROM stdin;
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
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:14:26.840231+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:14:27.070018+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:14:27.177501+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:14:27.266987+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:14:27.276209+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 21:14:27.392016+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 21:14:27.456093+00
8	0008_mail_outbox_skipped.sql	98742603076810c86fe574997c5c1c79f5ddc3350fce499231a7f94ff45dfe43	2026-12-06 21:14:27.465154+00
9	0009_founding_holds.sql	10548612570d9326b4c920aedeebb514218f2232812d79fe7caae1c59b25a7ec	2026-12-06 21:14:27.467346+00
10	0010_scrape_job_ingest_claim.sql	71b6c393902b8f8ebb855b2a45381f01845c2ef2becffe65ccbb1d720341641d	2026-12-06 21:14:27.472047+00
11	0011_videos_by_workspace_id.sql	bf59a815aac02172d3d354846069405b4c75ac3baebc68f30ae8b469e51bfb56	2026-12-06 21:14:27.474845+00
12	0012_provider_pauses.sql	85754d7f8978e98b58598291c650cb097ab7474e0acc8337ba1ed5d608430deb	2026-12-06 21:14:27.477563+00
13	0013_scrape_job_given_up.sql	6f37bfea5998d49c363f19d1934216f72012f64d6317fb3b171733a506ecbea1	2026-12-06 21:14:27.48909+00
14	0014_analytics_sync.sql	7fff6d2d1122da2d1432cda04d5e293cdb2cf761b141a82bfe8cf2a8c10aa352	2026-12-06 21:14:27.511499+00
15	0015_analytics_sync_alerts.sql	9bd512f4be46f73a0b20fe0ff041919ee8ea6e730df5d29e5797fa0865692cb0	2026-12-06 21:14:27.549131+00
16	0016_workspace_history.sql	76be82852d310d106d3e46ff9f2c7149a1d24d6656ffc7961e24b9bf46a978aa	2026-12-06 21:14:27.56318+00
17	0017_account_trust.sql	0f445bfe45753ea9b40558b508ac023eb426762eef842fb01d00635f27d03bb1	2026-12-06 21:14:27.565295+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
b4eca771-a2cd-4533-ad77-7e2d50f3f3ff	account	b1d4f522-8c32-434c-b444-890cff6f476c
f4d315d3-a24b-4ba2-85b9-1c763438c8e5	video	50cbb508-bf3c-46d4-8219-56e58eb6c87a
a6cb3e31-7bc1-45f6-b5dd-7f181591e9ad	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
c62aeac0-c03b-40b6-b973-312de61fd04f	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
ac4835d3-ed68-4922-9b12-289702ef82e2	account	b1d4f522-8c32-434c-b444-890cff6f476c
5e4b7167-9171-4b66-9468-c89aa1936f86	video	50cbb508-bf3c-46d4-8219-56e58eb6c87a
7bd5f70f-8c2d-461f-994b-fa6d742452de	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
65a7dc4d-80d5-4749-b240-62be877c5c3e	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
48f8c797-a067-40f6-abb0-7482dbe1738a	account	b1d4f522-8c32-434c-b444-890cff6f476c
e08d7fca-63db-4ff1-9246-cd7a91ecf797	video	50cbb508-bf3c-46d4-8219-56e58eb6c87a
126130f0-76ec-42fd-bcb8-03bf01f248f1	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
a4e9a000-7376-45c3-93b8-0af9f165e1cd	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
037cf268-bc31-4f31-ab24-a7920b699460	account	b1d4f522-8c32-434c-b444-890cff6f476c
44b061e1-278a-4ae4-af40-dec801373d68	video	50cbb508-bf3c-46d4-8219-56e58eb6c87a
330fb545-bd5b-4d46-b0b6-63212fc9c81e	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
643c4ee4-8cdf-42f9-8433-15ab0e7d3575	account	cdcc5c8b-8901-4534-9873-3c7cf122e491
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at, ingest_claimed_until, given_up_at) FROM stdin;
b4eca771-a2cd-4533-ad77-7e2d50f3f3ff	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	i3gioeE9PbTvNgTuU	mxzK1P9Fwnw4AhaZ2	1		2026-12-06 21:14:34+00	30	0	2026-12-06 21:14:34.30451+00	2026-12-06 21:14:35.214296+00	\N	\N
f4d315d3-a24b-4ba2-85b9-1c763438c8e5	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	MMrKxemIAGoKetgFN	Y5wqWhoyeULTwIgDv	1		2026-12-06 21:14:35+00	1	0	2026-12-06 21:14:34.734469+00	2026-12-06 21:14:35.465169+00	\N	\N
c62aeac0-c03b-40b6-b973-312de61fd04f	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	track	processed	xkchvLsfpHW6KPk1o	9CZ076nQTUFuSZysC	1		2026-12-06 21:14:36+00	1	0	2026-12-06 21:14:35.537118+00	2026-12-06 21:14:36.796544+00	\N	\N
a6cb3e31-7bc1-45f6-b5dd-7f181591e9ad	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 19}	track	processed	hkfYlZnAHWJidMwI6	0TceFEiVgxpNZ56bp	1		2026-12-06 21:14:36+00	19	0	2026-12-06 21:14:35.537118+00	2026-12-06 21:14:36.99944+00	\N	\N
e08d7fca-63db-4ff1-9246-cd7a91ecf797	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	lg7QEunoMV9OZcGao	enxeeh9WmnX6RcO7k	1		2026-12-06 21:14:46+00	1	0	2026-12-06 21:14:46.360698+00	2026-12-06 21:14:48.067563+00	\N	\N
65a7dc4d-80d5-4749-b240-62be877c5c3e	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	i0CqtUTQ02s7dI1fS	ADAjxdrTXGS65re3Y	1		2026-12-06 21:14:41+00	1	0	2026-12-06 21:14:40.536141+00	2026-12-06 21:14:42.944715+00	\N	\N
5e4b7167-9171-4b66-9468-c89aa1936f86	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	p3obBkIqMhX5CkUnE	Rq5VQcPAsZEuTglPn	1		2026-12-06 21:14:41+00	1	0	2026-12-06 21:14:40.536141+00	2026-12-06 21:14:43.13223+00	\N	\N
ac4835d3-ed68-4922-9b12-289702ef82e2	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	fkldQNMFab69IZdnn	itaw8NQgIOaZTdZxC	1		2026-12-06 21:14:41+00	30	0	2026-12-06 21:14:40.536141+00	2026-12-06 21:14:43.194203+00	\N	\N
7bd5f70f-8c2d-461f-994b-fa6d742452de	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 19}	refresh	processed	Erg6OiEaoZkvFSYcy	0EaBE9GTqLvMEODIL	1		2026-12-06 21:14:41+00	19	0	2026-12-06 21:14:40.536141+00	2026-12-06 21:14:43.199989+00	\N	\N
48f8c797-a067-40f6-abb0-7482dbe1738a	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	L9c2QbPbgjoJSOw2C	Ge4lO2PSGy3Cvr6tj	1		2026-12-06 21:14:46+00	30	0	2026-12-06 21:14:46.360698+00	2026-12-06 21:14:47.441929+00	\N	\N
126130f0-76ec-42fd-bcb8-03bf01f248f1	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 19}	refresh	processed	RKoI3M4Pr12x71DUW	1lHCxUCqQnAcM9Rwv	1		2026-12-06 21:14:46+00	19	0	2026-12-06 21:14:46.360698+00	2026-12-06 21:14:48.457281+00	\N	\N
a4e9a000-7376-45c3-93b8-0af9f165e1cd	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	eFMPyGT6XdIVlhs9t	rQcLCBuV10v404FhB	1		2026-12-06 21:14:46+00	1	0	2026-12-06 21:14:46.360698+00	2026-12-06 21:14:48.532334+00	\N	\N
037cf268-bc31-4f31-ab24-a7920b699460	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	pfo8iF1PFCLOXKRL5	bFc7BE4pa5VK1bb6B	1		2026-12-06 21:14:52+00	30	0	2026-12-06 21:14:52.292426+00	2026-12-06 21:14:54.090974+00	\N	\N
330fb545-bd5b-4d46-b0b6-63212fc9c81e	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "reels", "resultsLimit": 19}	refresh	processed	4wPFEFa4sCsGjK3Om	vsZBvB7xzht1Nr5JH	1		2026-12-06 21:14:52+00	19	0	2026-12-06 21:14:52.292426+00	2026-12-06 21:14:53.716931+00	\N	\N
643c4ee4-8cdf-42f9-8433-15ab0e7d3575	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/release.brand/"], "resultsType": "details"}	refresh	processed	iNh4zrW3m5HtUxrWg	H8y7meuCeWe5h54h2	1		2026-12-06 21:14:52+00	1	0	2026-12-06 21:14:52.292426+00	2026-12-06 21:14:54.012698+00	\N	\N
44b061e1-278a-4ae4-af40-dec801373d68	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	sxKJyvPJ6OWTlQEhp	Cy2PlmkjkOmIHhvqA	1		2026-12-06 21:14:52+00	1	0	2026-12-06 21:14:52.292426+00	2026-12-06 21:14:54.181898+00	\N	\N
\.


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sessions (id, user_id, created_at, expires_at, ended_at, client_ip, user_agent) FROM stdin;
f4413b85-8061-4c26-93e6-b2fd1d1dfb77	7480e172-f78c-4e44-907f-95cddb49227c	2026-12-06 21:14:33+00	2026-12-13 21:14:33+00	\N	127.0.0.1	curl/7.88.1
17de0387-42e5-49e6-abfe-42314d352078	7480e172-f78c-4e44-907f-95cddb49227c	2026-12-06 21:14:33+00	2026-12-13 21:14:33+00	\N	127.0.0.1	curl/7.88.1
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, email, password_hash, created_at, email_verified_at, sessions_valid_after) FROM stdin;
7480e172-f78c-4e44-907f-95cddb49227c	owner@release.example	$2a$04$PQvaz048rKUQJwhlIqdr3O4gp5yWxm/ygiZ2sOnXYJCTQdYjahF4e	2026-12-06 21:14:32.926043+00	\N	\N
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid) FROM stdin;
6be127f2-9326-5bdb-981b-ae1155be103b	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11716543384168193242	https://www.tiktok.com/@release.creator/video/11716543384168193242	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	end end days 3 business after setup #fyp	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a69f24722b6ab8f0c75c5c0a21beff93~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-03 21:14:34+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:35.214296+00	12640
6bbdddce-f400-5c67-9cdd-24b621cdd7b3	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11716843400602213594	https://www.tiktok.com/@release.creator/video/11716843400602213594	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	for 3 what cook nobody cook you tips tutorial try for #music #ootd #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/845847f26c23e9e55972c98f85bfe12b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
518aaf3d-7c66-5014-8fcf-a36390294f71	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11716912613927509210	https://www.tiktok.com/@release.creator/video/11716912613927509210	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	tips day transformation new busy part recipe part after when setup I you orders morning	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bf82940b526c991519216217a6bdfb4~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
8aded20d-8210-57c7-bce3-f715fbc2fb9b	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11717206033283308762	https://www.tiktok.com/@release.creator/video/11717206033283308762	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	morning part review 3 tour life you eat way #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c38c2dc8aabdabd58e6ccb7a32eb1edf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
c5ee0d00-f826-5ddd-9471-b0ee5ded44d4	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11722636967877369050	https://www.tiktok.com/@release.creator/video/11722636967877369050	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	after asks storytime #smallbusiness #ootd #diy 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/da81f079112cbcc893ffaf6966acf4b5~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
a42bd078-fdd3-543a-b51b-3381a7372531	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11718310192036535514	https://www.tiktok.com/@release.creator/video/11718310192036535514	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	I this new friend life business for #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b84adb4cd1a97e204a4c435f061110b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
ff4afdee-59f6-56d2-9622-f18286a5c4ca	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11718511978137607386	https://www.tiktok.com/@release.creator/video/11718511978137607386	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	part transformation part challenge I cook	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4347123067bc04b5cb112ccaae20b72f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
2db89702-5d19-5b29-8b97-583160c41de8	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11718656478097661146	https://www.tiktok.com/@release.creator/video/11718656478097661146	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	life tutorial tells asks my you tips new hack eat #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/039f028cb42e2b5d5cdc73180350f39f~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
50cbb508-bf3c-46d4-8219-56e58eb6c87a	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	24dac9ed-a17e-4f05-acd0-62f9f043035d	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:11:02+00	\N	t	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:34.734469+00	2026-12-06 21:14:54.181898+00	12662
ddebf08c-7ba9-5fca-bfd0-0256dbc8c89c	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KR0SxrUUIMC	https://www.instagram.com/reel/KR0SxrUUIMC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	way in eat wait to tour tips day trying life hack small nobody challenge tour viral review this #recipe #fyp #recipe #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/119966521_998975679462599_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
512d4326-63d6-56e8-b724-6e4cfa5e464c	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11721240553726958810	https://www.tiktok.com/@release.creator/video/11721240553726958810	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	setup what when business storytime friend #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ac123f6a618c7359bb2b8c81ff7a854b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
863664b8-3882-584f-a3c0-49d06dbd3b98	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11721546243775487194	https://www.tiktok.com/@release.creator/video/11721546243775487194	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	pov my way before wait in trying 2 my #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17fc106910d7f148afc1e8e9716b1be9~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
8b6ad9c9-7aa2-596e-becf-e3af4ed40e97	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11721681698424577242	https://www.tiktok.com/@release.creator/video/11721681698424577242	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	try in viral budget #diy #booktok 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/63fcd24e19eb8ca5744ab4d7e3b90fbc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
a304abc8-4e13-5fea-a5f3-2d6e6533cfb0	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11722030239294643418	https://www.tiktok.com/@release.creator/video/11722030239294643418	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	the pov for life in eat trying what packing I to the #recipe #gym	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2fde738cd2cef33d1c66bbc5306d4667~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
b97fdedd-8b20-59b6-a185-272d1b53188f	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11722229482879409370	https://www.tiktok.com/@release.creator/video/11722229482879409370	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	viral setup tutorial I I small for your what end before for what	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23714bc414873305c34035f6afb3fe73~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
190f41e6-22e9-5aef-8031-c1f6c54bf4cc	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11722893892861517018	https://www.tiktok.com/@release.creator/video/11722893892861517018	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	what my business my tour #viral #smallbusiness ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/06d89ec08ea4aee1bf1e972bdd6ba779~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
991ee467-6338-5878-8b60-5b8d235a4c6e	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11717938797610425562	https://www.tiktok.com/@release.creator/video/11717938797610425562	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	transformation packing easy for #music #viral #recipe ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b38b8f745ac0f9086ac62696a58218ab~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
12c4f4fb-5d66-57e5-a3b6-98bbe0da0ca6	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	C9_Qto9Q3AC	https://www.instagram.com/reel/C9_Qto9Q3AC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	routine week 3 this what viral morning review week to I #travel	https://scontent.cdninstagram.com/v/t51.29350-15/982333981_137266239688931_n.jpg	2024-07-29 01:38:42+00	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
a762d48b-2e7b-5806-86d4-9bc43635e4d0	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KP8OLsu0D8C	https://www.instagram.com/reel/KP8OLsu0D8C/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	when busy week after trying transformation life life this business pov way I review till when 2 days viral week	https://scontent.cdninstagram.com/v/t51.29350-15/804551349_186344178503015_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
c05f5945-a599-5db6-be0e-0038515a7675	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KPrLSmh01AC	https://www.instagram.com/reel/KPrLSmh01AC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	way transformation your tips need hack transformation way changed for my part life setup try #recipe #recipe #lifehack #recipe	https://scontent.cdninstagram.com/v/t51.29350-15/124770120_478640658937137_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
1d33f4c5-5c69-5477-b577-328c497bb935	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KQ2ezhq0wY_	https://www.instagram.com/reel/KQ2ezhq0wY_/	cdcc5c8b-8901-4534-9873-3c7cf122e491	luna_creates	\N	for hack days packing routine business budget days budget what packing hack busy need orders asks your I cook way #booktok	https://scontent.cdninstagram.com/v/t51.29350-15/846172201_871617763293677_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
23309483-f4cb-50f3-9400-563625707079	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KQFNI-NUWUC	https://www.instagram.com/reel/KQFNI-NUWUC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	life day best morning to friend wait review packing transformation hack in life review what the cook tour this hack recipe to busy 🔥	https://scontent.cdninstagram.com/v/t51.29350-15/619241089_410174911612459_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
896f93a4-02f5-5947-9bb0-fe63f4ea167d	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KQlKA4pUJnp	https://www.instagram.com/reel/KQlKA4pUJnp/	cdcc5c8b-8901-4534-9873-3c7cf122e491	eli.eats	\N	trying asks when what busy your try trying setup honest your hack #gym #gym	https://scontent.cdninstagram.com/v/t51.29350-15/924715274_463198573229405_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
73c53056-926b-502a-8897-8d824a3fab13	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KQtUw3WUGIC	https://www.instagram.com/reel/KQtUw3WUGIC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	week challenge about tells eat #dayinmylife #music #gym #fitness	https://scontent.cdninstagram.com/v/t51.29350-15/828613188_382104526558424_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
3f82e831-26f9-5775-9532-3f90ce325c43	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11718008204309585114	https://www.tiktok.com/@release.creator/video/11718008204309585114	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	trying tells asks asks setup setup routine hack part routine changed #recipe #foryou #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/19885602d8d8448d253d4a998d88a892~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
903bf0d6-c4e8-5e9b-af54-e590cc92efc9	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11718908008536038618	https://www.tiktok.com/@release.creator/video/11718908008536038618	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	business in hack what nobody hack tutorial tips after	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/91b0735085b32c46e5fc989d950b1ecb~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
15f184df-e8be-5055-8e9e-264c9a64d10d	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11719165539127614682	https://www.tiktok.com/@release.creator/video/11719165539127614682	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	storytime new what your days #smallbusiness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23a8020dbc12f138a6b860694475aa11~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
6ae42306-cd22-51d5-80fc-11763d6b7c32	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11719400778749192796	https://www.tiktok.com/@isla_cooks/video/11719400778749192796	b1d4f522-8c32-434c-b444-890cff6f476c	isla_cooks	\N	packing new best transformation business business review busy you end cook #viral #music #ootd ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bbeb7426bdb3d3352b084487007417d~tplv-tiktokx-origin.image	\N	t	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
44aa87f1-b752-52e0-a028-d9b796b0b6d5	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11719620294457711834	https://www.tiktok.com/@release.creator/video/11719620294457711834	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	viral of business new you business challenge friend honest 2 setup new storytime #ootd #tutorial #travel #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bd98e2c803e55edf4af83bb4e3a63bcc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
07f609c3-412e-504c-94ae-77670e575ad5	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11719836623475203290	https://www.tiktok.com/@release.creator/video/11719836623475203290	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	wait tips about week this wait tips this nobody easy 3 busy try hack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9f2c0c1193192dec1f47309728ec61bf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
359bb030-6e3f-5867-99cb-acaf1340e5b6	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11720055048234949850	https://www.tiktok.com/@release.creator/video/11720055048234949850	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	business new review life pov to viral #tutorial #dance #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ab3ae40d1997c26b33b737954fcd61f2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
3b8cb50a-9dc3-5241-9621-f36a757025f5	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11720157173972425946	https://www.tiktok.com/@release.creator/video/11720157173972425946	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	tutorial you routine transformation pov way about this nobody part 3 viral asks #fitness #fyp #cooking #ootd 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/57fdfd47f6bec06dfa58f5d928d3758a~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
153fe754-6f8f-5d96-935b-6c51bce0f3e8	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11720477359453986010	https://www.tiktok.com/@release.creator/video/11720477359453986010	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	days eat tutorial morning honest day you asks new my when #music #booktok	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/eaf2c73e832a1861b2606b3d530d0625~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
279e2c65-c8cf-54a3-8ab3-58a6d2cf035e	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11720730200003402970	https://www.tiktok.com/@release.creator/video/11720730200003402970	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	day asks I trying you day viral tutorial hack routine #tech #dayinmylife #fyp #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/81c393b4a51103d5277fa60c972060af~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
e8a94ecf-7f20-535a-83b2-f01895bf9c7f	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11720927553758387418	https://www.tiktok.com/@release.creator/video/11720927553758387418	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	after eat my changed recipe best try changed #ootd #cooking #smallbusiness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e959ec6ceb26f48f9c65dd2c7937a257~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
b3a57b56-e6c6-5dc5-8f81-083f09e673aa	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11721023842533924058	https://www.tiktok.com/@release.creator/video/11721023842533924058	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	2 I end small end what in part recipe days about review #tech #booktok #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7651188099f6c11e6d5f55ec861a8f0a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
d17ca80f-d9d9-5b71-9a0a-62f2b95fc494	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11722304722032811226	https://www.tiktok.com/@release.creator/video/11722304722032811226	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	business nobody till days recipe before viral you tour after need tour changed before to new #dayinmylife #foryou #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6d27f3c0318647337abae4b7c0663b19~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
6fe60a0a-618f-5b26-a335-c9c1d6b71f6d	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KQSngvmUngC	https://www.instagram.com/reel/KQSngvmUngC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	day 2 to week tutorial business your of what review the small your pov after tutorial need new packing day tour recipe pov try #skincare 💯	https://scontent.cdninstagram.com/v/t51.29350-15/394530344_124086323338110_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
afcda4f3-eff6-5c45-bfb5-caee561061bd	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KRI1ohN0_0C	https://www.instagram.com/reel/KRI1ohN0_0C/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	easy friend days changed tutorial to pov till for about day this packing wait 2 what setup 3 tour packing hack 2 wait pov #recipe #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/565736422_121060731356669_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
0c50981f-53ac-5460-aab0-260084fa9c8a	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KRQt6emUuQC	https://www.instagram.com/reel/KRQt6emUuQC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	best for best business week business I nobody best part cook orders #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/870191835_181537658248661_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
6f74eca4-e09c-5c97-9042-bdb5dfb3c7f2	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KRiIvflU8gC	https://www.instagram.com/reel/KRiIvflU8gC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	easy after business transformation budget pov asks my part eat tips till challenge transformation till my I #ootd #gym 😂	https://scontent.cdninstagram.com/v/t51.29350-15/275802842_143431248733836_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
00cada07-9ae1-500e-bee4-71a935c9ea6f	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KRm6SDpUYEC	https://www.instagram.com/reel/KRm6SDpUYEC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	of honest cook cook trying new of packing you packing honest #comedy #tech #dayinmylife	https://scontent.cdninstagram.com/v/t51.29350-15/115118929_139453950623815_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
b78b761d-24ef-5989-bd16-1bdcc36bf0a9	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KS23n72Upwg	https://www.instagram.com/reel/KS23n72Upwg/	cdcc5c8b-8901-4534-9873-3c7cf122e491	zoe_vlogs	\N	morning morning packing budget 2 after asks in busy viral morning cook tour challenge life small honest tells tutorial asks the viral about this of about #lifehack #recipe	https://scontent.cdninstagram.com/v/t51.29350-15/734366273_908533936142706_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
641cfe4f-0439-503a-b25d-1b15e7b187f1	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KSByAqaUZcC	https://www.instagram.com/reel/KSByAqaUZcC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	tutorial wait review pov changed #recipe #recipe ✨	https://scontent.cdninstagram.com/v/t51.29350-15/272665867_771337239235084_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
cea39d2f-aab9-5025-a020-327253e19165	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KSOCazQUqsC	https://www.instagram.com/reel/KSOCazQUqsC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	after of easy till tells hack honest about week till for hack review try transformation packing new hack hack day storytime honest for recipe #cooking	https://scontent.cdninstagram.com/v/t51.29350-15/577803831_122156483530033_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
5d64dc20-276c-5592-9d77-18b7ebc4b0a7	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KSZZOCIUAIC	https://www.instagram.com/reel/KSZZOCIUAIC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	new the hack tutorial trying new challenge small tour what part tour changed this viral changed your storytime tells eat #foryou	https://scontent.cdninstagram.com/v/t51.29350-15/257004029_693897015396425_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
45b29cb2-045e-5f08-a9ae-8dbd729281c9	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KSoeNwa018C	https://www.instagram.com/reel/KSoeNwa018C/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	best honest tells my busy setup eat about best packing tells days routine packing 3 orders this #dance	https://scontent.cdninstagram.com/v/t51.29350-15/161074712_136707368143941_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
a42c66ef-d217-51e6-9ed4-611a1fb711e5	d43030bb-53c9-4d5b-b571-66fa9e7b8312	instagram	KTBlAocUyAC	https://www.instagram.com/reel/KTBlAocUyAC/	cdcc5c8b-8901-4534-9873-3c7cf122e491	release.brand	\N	about I setup review about review when challenge I days way in my what tips busy packing wait nobody setup new after	https://scontent.cdninstagram.com/v/t51.29350-15/245167173_160016184115086_n.jpg	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:36.99944+00	2026-12-06 21:14:53.716931+00	12657
c5e62559-4c0b-50e0-90aa-a5ffe866e113	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11717478609016216794	https://www.tiktok.com/@release.creator/video/11717478609016216794	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	part when days nobody routine your my hack #lifehack #recipe #dance #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bf93ab9a1245e78b66f54d693228eb86~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
ef1f3fc9-89b1-59b0-b41d-1840abf7aa2b	d43030bb-53c9-4d5b-b571-66fa9e7b8312	tiktok	11717655617529535706	https://www.tiktok.com/@release.creator/video/11717655617529535706	b1d4f522-8c32-434c-b444-890cff6f476c	release.creator	\N	till the when wait about when tour life business viral recipe life 3 tour #travel #diy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/cf7344670502c834f9f751e0eb8442a0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:14:52+00	\N	2026-12-06 21:14:35.214296+00	2026-12-06 21:14:54.090974+00	12661
\.


--
-- Data for Name: workspace_invites; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspace_invites (id, workspace_id, email, role, invited_by, created_at, token_hash, expires_at, sent_at) FROM stdin;
\.


--
-- Data for Name: workspace_members; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspace_members (workspace_id, user_id, role, joined_at) FROM stdin;
d43030bb-53c9-4d5b-b571-66fa9e7b8312	7480e172-f78c-4e44-907f-95cddb49227c	owner	2026-12-06 21:14:33.558057+00
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding, founding_hold_until, analytics_txid, history_version, scraped_until) FROM stdin;
d43030bb-53c9-4d5b-b571-66fa9e7b8312	Release Co	7480e172-f78c-4e44-907f-95cddb49227c	trial	50	1	t	2026-12-13 21:14:33.55856+00	\N	\N	\N	f	2026-12-06 21:14:33.558057+00	2026-12-06 21:14:33.558057+00	20	\N	\N	f	\N	12662	0	2026-12-06 21:14:52+00
\.


--
-- Name: activity_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.activity_log_id_seq', 3, true);


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
-- Name: payment_events payment_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_pkey PRIMARY KEY (id);


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
-- Name: collections_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX collections_analytics_txid_idx ON public.collections USING btree (analytics_txid);


--
-- Name: collections_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX collections_name_idx ON public.collections USING btree (workspace_id, lower(name));


--
-- Name: mail_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_due_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);


--
-- Name: payment_events_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_events_workspace_idx ON public.payment_events USING btree (workspace_id, received_at) WHERE (workspace_id IS NOT NULL);


--
-- Name: scrape_job_targets_entity_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_job_targets_entity_idx ON public.scrape_job_targets USING btree (entity_id);


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
-- Name: videos_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_account_idx ON public.videos USING btree (account_id) WHERE (account_id IS NOT NULL);


--
-- Name: videos_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_analytics_txid_idx ON public.videos USING btree (analytics_txid);


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
-- Name: collections collections_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: mail_outbox mail_outbox_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE CASCADE;


--
-- Name: payment_events payment_events_workspace_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES public.workspaces(id) ON DELETE SET NULL;


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

\unrestrict ptbRcDMBeyi6W99nBEj0twrj2uZwPfmtWa0NAGn1OVZotr8RF402sXtTZInKwfP

