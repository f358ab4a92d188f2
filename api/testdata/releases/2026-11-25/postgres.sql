--
-- PostgreSQL database dump
--

\restrict JJNVENxnmpgMAvnTvPiIz2meJPjjkyft9SpTBezyRvvexiiSLKfJWJ4GzyS0qBI

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
    workspace_id uuid NOT NULL,
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
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid NOT NULL,
    email text NOT NULL,
    password_hash text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
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
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid) FROM stdin;
73a9e619-56fb-4b0b-8679-293b9fcb4e38	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	488b10fd-612c-4001-8ba2-69ac0195dcb3	active		30	7518019132151780126	160900	2026-12-06 20:57:37+00	\N	2026-12-06 20:57:20.353541+00	2026-12-06 20:57:38.747668+00	1133
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
reeltrack_release_2026_11_25_analytics	1132	1796590658294875861	2026-12-06 20:57:38.490196+00
\.


--
-- Data for Name: collections; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.collections (id, workspace_id, name, created_at, analytics_txid) FROM stdin;
488b10fd-612c-4001-8ba2-69ac0195dcb3	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	Release clients	2026-12-06 20:57:19.662902+00	1068
\.


--
-- Data for Name: leads; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.leads (id, email, source, created_at) FROM stdin;
\.


--
-- Data for Name: mail_outbox; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.mail_outbox (id, workspace_id, rule_id, recipient, subject, text_body, html_body, status, attempts, next_attempt_at, last_error, created_at, sent_at) FROM stdin;
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
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 20:57:15.823807+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 20:57:16.039805+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 20:57:16.197052+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 20:57:16.295455+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 20:57:16.30273+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 20:57:16.432465+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 20:57:16.473104+00
8	0008_mail_outbox_skipped.sql	98742603076810c86fe574997c5c1c79f5ddc3350fce499231a7f94ff45dfe43	2026-12-06 20:57:16.488418+00
9	0009_founding_holds.sql	10548612570d9326b4c920aedeebb514218f2232812d79fe7caae1c59b25a7ec	2026-12-06 20:57:16.502893+00
10	0010_scrape_job_ingest_claim.sql	71b6c393902b8f8ebb855b2a45381f01845c2ef2becffe65ccbb1d720341641d	2026-12-06 20:57:16.528332+00
11	0011_videos_by_workspace_id.sql	bf59a815aac02172d3d354846069405b4c75ac3baebc68f30ae8b469e51bfb56	2026-12-06 20:57:16.54071+00
12	0012_provider_pauses.sql	85754d7f8978e98b58598291c650cb097ab7474e0acc8337ba1ed5d608430deb	2026-12-06 20:57:16.568362+00
13	0013_scrape_job_given_up.sql	6f37bfea5998d49c363f19d1934216f72012f64d6317fb3b171733a506ecbea1	2026-12-06 20:57:16.590225+00
14	0014_analytics_sync.sql	7fff6d2d1122da2d1432cda04d5e293cdb2cf761b141a82bfe8cf2a8c10aa352	2026-12-06 20:57:16.626648+00
15	0015_analytics_sync_alerts.sql	9bd512f4be46f73a0b20fe0ff041919ee8ea6e730df5d29e5797fa0865692cb0	2026-12-06 20:57:16.784066+00
16	0016_workspace_history.sql	76be82852d310d106d3e46ff9f2c7149a1d24d6656ffc7961e24b9bf46a978aa	2026-12-06 20:57:16.821364+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
278932e5-7b0d-42ee-b938-eb0101254370	account	73a9e619-56fb-4b0b-8679-293b9fcb4e38
90ddd95e-330a-48a0-bdc5-a4276ac6aa60	video	d13f9353-a0de-43b0-b480-2e21589edccc
22f61a43-ab13-413b-afd7-c8169457a6fd	video	662010a6-c8a9-4c61-b745-8978f6f23167
075ac66c-7d70-4670-a2fc-2c5cc9d8ceb7	video	afc5c498-f46e-4f1d-8e12-e14ff8dc27e7
1103dfdc-e7e4-4b62-8ab5-5f101aa008d7	account	73a9e619-56fb-4b0b-8679-293b9fcb4e38
1103dfdc-e7e4-4b62-8ab5-5f101aa008d7	video	662010a6-c8a9-4c61-b745-8978f6f23167
013faf88-cf65-4c4f-92cf-d6a13fcf5efc	video	d13f9353-a0de-43b0-b480-2e21589edccc
5de4ae21-cf08-453c-aa7f-48058725873b	video	afc5c498-f46e-4f1d-8e12-e14ff8dc27e7
cef51a2c-73e8-4a3b-a713-d31605230696	account	73a9e619-56fb-4b0b-8679-293b9fcb4e38
cef51a2c-73e8-4a3b-a713-d31605230696	video	662010a6-c8a9-4c61-b745-8978f6f23167
7401b1f7-21be-491a-9991-8cab0f1979cd	video	d13f9353-a0de-43b0-b480-2e21589edccc
9eb031d4-08a8-47e4-97bc-eae40898149c	video	afc5c498-f46e-4f1d-8e12-e14ff8dc27e7
111efb54-4dcf-4f55-8dce-d0741db381bf	account	73a9e619-56fb-4b0b-8679-293b9fcb4e38
111efb54-4dcf-4f55-8dce-d0741db381bf	video	662010a6-c8a9-4c61-b745-8978f6f23167
e5a61870-82bd-4686-9865-c6a7284b40b9	video	d13f9353-a0de-43b0-b480-2e21589edccc
e2428224-a451-4a48-96a8-28ab1ceb9c69	video	afc5c498-f46e-4f1d-8e12-e14ff8dc27e7
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at, ingest_claimed_until, given_up_at) FROM stdin;
278932e5-7b0d-42ee-b938-eb0101254370	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	uEsD3BmfIeHDRdHbQ	22kRtSM9lBI0PdpQ9	1		2026-12-06 20:57:20+00	30	0	2026-12-06 20:57:20.353541+00	2026-12-06 20:57:21.983054+00	\N	\N
90ddd95e-330a-48a0-bdc5-a4276ac6aa60	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	4j7Pn1dPTmUgbfiXU	Z0DaXFquQPpgIUe8k	1		2026-12-06 20:57:21+00	1	0	2026-12-06 20:57:20.880968+00	2026-12-06 20:57:22.123165+00	\N	\N
22f61a43-ab13-413b-afd7-c8169457a6fd	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": [], "resultsPerPage": 1, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	A0boqJWLkn8gxpgIw	p9O6ajNxSKXuJWdAl	1		2026-12-06 20:57:22+00	1	0	2026-12-06 20:57:22.475611+00	2026-12-06 20:57:23.278649+00	\N	\N
075ac66c-7d70-4670-a2fc-2c5cc9d8ceb7	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	track	processed	mAu5TIGEIAnTBpQft	G50K6w8RxpV1nxitp	1		2026-12-06 20:57:23+00	1	0	2026-12-06 20:57:23.008421+00	2026-12-06 20:57:23.801297+00	\N	\N
1103dfdc-e7e4-4b62-8ab5-5f101aa008d7	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	tkFKgMv9et6OHjrNu	UlpUEFrL5Or9yitPS	1		2026-12-06 20:57:28+00	31	0	2026-12-06 20:57:28.005917+00	2026-12-06 20:57:29.351508+00	\N	\N
5de4ae21-cf08-453c-aa7f-48058725873b	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	WN4xZHhxMsQ0h5gbR	ic19P7LMdBgkyx0bx	1		2026-12-06 20:57:28+00	1	0	2026-12-06 20:57:28.005917+00	2026-12-06 20:57:29.53649+00	\N	\N
013faf88-cf65-4c4f-92cf-d6a13fcf5efc	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	S9BpNnjlmIBXKflEH	eXXZ0nyyBZBjDwdqM	1		2026-12-06 20:57:28+00	1	0	2026-12-06 20:57:28.005917+00	2026-12-06 20:57:29.710273+00	\N	\N
cef51a2c-73e8-4a3b-a713-d31605230696	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	Xe8zxcEsATaXQBhpg	YrJ5tAENgo0hNxQ0l	1		2026-12-06 20:57:33+00	31	0	2026-12-06 20:57:32.672941+00	2026-12-06 20:57:33.362114+00	\N	\N
9eb031d4-08a8-47e4-97bc-eae40898149c	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	H8rszy9Gx4mIOIJQH	TasaOv1GcUCn81kt0	1		2026-12-06 20:57:33+00	1	0	2026-12-06 20:57:32.672941+00	2026-12-06 20:57:33.408629+00	\N	\N
7401b1f7-21be-491a-9991-8cab0f1979cd	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	tvke25c6zdsZbGxLo	KF5vpODDToFacLA6K	1		2026-12-06 20:57:33+00	1	0	2026-12-06 20:57:32.672941+00	2026-12-06 20:57:33.489804+00	\N	\N
111efb54-4dcf-4f55-8dce-d0741db381bf	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	RqPYq4M1AlJANu4XP	FUDDrtjnoHL2T7htV	1		2026-12-06 20:57:37+00	31	0	2026-12-06 20:57:37.265953+00	2026-12-06 20:57:38.747668+00	\N	\N
e2428224-a451-4a48-96a8-28ab1ceb9c69	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	wMTHD771YnHdIG7fy	sguA3GJvBPMebMpMj	1		2026-12-06 20:57:37+00	1	0	2026-12-06 20:57:37.265953+00	2026-12-06 20:57:38.775516+00	\N	\N
e5a61870-82bd-4686-9865-c6a7284b40b9	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	hOrSFElOm7enlEMs1	SX9zX7EtLjeunXh3c	1		2026-12-06 20:57:37+00	1	0	2026-12-06 20:57:37.265953+00	2026-12-06 20:57:38.830953+00	\N	\N
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, email, password_hash, created_at) FROM stdin;
c830c022-63e9-4901-8c47-7d31498f0812	owner@release.example	$2a$04$bYxr41yxyeUQFlf/48MC4uquRsOv26lZgkTnhDHFPYAVsTcYnu93m	2026-12-06 20:57:18.907333+00
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at, analytics_txid) FROM stdin;
23259091-a678-5df6-8a66-d64cfc7caaab	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11716543384168193242	https://www.tiktok.com/@release.creator/video/11716543384168193242	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	end end days 3 business after setup #fyp	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a69f24722b6ab8f0c75c5c0a21beff93~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-03 20:57:20+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:21.983054+00	1121
d6eb5989-b0de-53aa-bfde-c20555c40d8b	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11720477359453986010	https://www.tiktok.com/@release.creator/video/11720477359453986010	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	days eat tutorial morning honest day you asks new my when #music #booktok	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/eaf2c73e832a1861b2606b3d530d0625~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
96c61556-8719-5ab9-a470-6808541287ff	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11720730200003402970	https://www.tiktok.com/@release.creator/video/11720730200003402970	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	day asks I trying you day viral tutorial hack routine #tech #dayinmylife #fyp #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/81c393b4a51103d5277fa60c972060af~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
ba1b57a2-3a4a-580a-a7e2-0552fa75844b	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11720927553758387418	https://www.tiktok.com/@release.creator/video/11720927553758387418	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	after eat my changed recipe best try changed #ootd #cooking #smallbusiness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e959ec6ceb26f48f9c65dd2c7937a257~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
3f522b9e-a8b7-5c9c-a536-ead78dd8bf94	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11721240553726958810	https://www.tiktok.com/@release.creator/video/11721240553726958810	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	setup what when business storytime friend #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ac123f6a618c7359bb2b8c81ff7a854b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
71d7b8a4-0986-59ae-9588-c71a6d19f60a	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11716843400602213594	https://www.tiktok.com/@release.creator/video/11716843400602213594	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	for 3 what cook nobody cook you tips tutorial try for #music #ootd #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/845847f26c23e9e55972c98f85bfe12b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
ccea1a0f-6c1d-52e4-8fcb-5f52e5c2c766	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11716912613927509210	https://www.tiktok.com/@release.creator/video/11716912613927509210	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	tips day transformation new busy part recipe part after when setup I you orders morning	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bf82940b526c991519216217a6bdfb4~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
891ba2bb-77b1-553a-9290-cc2dc983c38e	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11721023842533924058	https://www.tiktok.com/@release.creator/video/11721023842533924058	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	2 I end small end what in part recipe days about review #tech #booktok #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7651188099f6c11e6d5f55ec861a8f0a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
19e78074-553d-5129-9476-b74a0515c57d	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11722636967877369050	https://www.tiktok.com/@release.creator/video/11722636967877369050	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	after asks storytime #smallbusiness #ootd #diy 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/da81f079112cbcc893ffaf6966acf4b5~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
afc5c498-f46e-4f1d-8e12-e14ff8dc27e7	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	youtube	RelEaSe0001	https://www.youtube.com/shorts/RelEaSe0001	\N	islafit	\N	Challenge before busy transformation morning eat for life week	https://i.ytimg.com/vi/RelEaSe0001/maxresdefault.jpg	2026-12-01 20:55:41+00	\N	t	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:23.008421+00	2026-12-06 20:57:38.775516+00	1134
d13f9353-a0de-43b0-b480-2e21589edccc	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	488b10fd-612c-4001-8ba2-69ac0195dcb3	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 10:53:48+00	\N	t	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:20.880968+00	2026-12-06 20:57:38.830953+00	1135
abb86ee1-d229-592c-bb8b-d91a3f98a583	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11719836623475203290	https://www.tiktok.com/@release.creator/video/11719836623475203290	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	wait tips about week this wait tips this nobody easy 3 busy try hack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9f2c0c1193192dec1f47309728ec61bf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
171820c7-fe33-599c-bdb8-c7eef10319db	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11720055048234949850	https://www.tiktok.com/@release.creator/video/11720055048234949850	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	business new review life pov to viral #tutorial #dance #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ab3ae40d1997c26b33b737954fcd61f2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
3e7ae71f-5021-5b12-84cc-6d15279f2f38	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11722030239294643418	https://www.tiktok.com/@release.creator/video/11722030239294643418	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	the pov for life in eat trying what packing I to the #recipe #gym	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2fde738cd2cef33d1c66bbc5306d4667~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
1b6b20e6-56f3-5c98-b97b-23e716dcf1c3	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11718008204309585114	https://www.tiktok.com/@release.creator/video/11718008204309585114	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	trying tells asks asks setup setup routine hack part routine changed #recipe #foryou #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/19885602d8d8448d253d4a998d88a892~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
5d7adfdc-a458-59d2-8df2-6fc096717c34	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11718310192036535514	https://www.tiktok.com/@release.creator/video/11718310192036535514	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	I this new friend life business for #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b84adb4cd1a97e204a4c435f061110b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
adec4aaf-fc96-5488-a80d-7fb198f4a751	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11718511978137607386	https://www.tiktok.com/@release.creator/video/11718511978137607386	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	part transformation part challenge I cook	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4347123067bc04b5cb112ccaae20b72f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
4d338cbd-9f1e-5819-af25-a299dda6680f	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11718656478097661146	https://www.tiktok.com/@release.creator/video/11718656478097661146	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	life tutorial tells asks my you tips new hack eat #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/039f028cb42e2b5d5cdc73180350f39f~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
12b1d6a5-7316-54fa-98ba-815271ba5315	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11718908008536038618	https://www.tiktok.com/@release.creator/video/11718908008536038618	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	business in hack what nobody hack tutorial tips after	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/91b0735085b32c46e5fc989d950b1ecb~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
3817e316-e02d-51be-abbc-692894b3a194	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11719165539127614682	https://www.tiktok.com/@release.creator/video/11719165539127614682	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	storytime new what your days #smallbusiness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23a8020dbc12f138a6b860694475aa11~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
7ecdcf5a-e188-5ce1-b785-d1022340f23d	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11717206033283308762	https://www.tiktok.com/@release.creator/video/11717206033283308762	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	morning part review 3 tour life you eat way #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c38c2dc8aabdabd58e6ccb7a32eb1edf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
f228d653-6494-5cd2-834f-878378c2aa00	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11717478609016216794	https://www.tiktok.com/@release.creator/video/11717478609016216794	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	part when days nobody routine your my hack #lifehack #recipe #dance #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bf93ab9a1245e78b66f54d693228eb86~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
8de22c40-8a3c-560a-885f-ba9278dc4133	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11717655617529535706	https://www.tiktok.com/@release.creator/video/11717655617529535706	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	till the when wait about when tour life business viral recipe life 3 tour #travel #diy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/cf7344670502c834f9f751e0eb8442a0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
09d58dee-183e-5d29-99f1-13df43a9d1bd	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11717938797610425562	https://www.tiktok.com/@release.creator/video/11717938797610425562	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	transformation packing easy for #music #viral #recipe ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b38b8f745ac0f9086ac62696a58218ab~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
4820bb09-8726-595c-ad10-8d54ad095bf8	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11722893892861517018	https://www.tiktok.com/@release.creator/video/11722893892861517018	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	what my business my tour #viral #smallbusiness ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/06d89ec08ea4aee1bf1e972bdd6ba779~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
ab7138b7-267e-5f12-9962-1246e6e8fb65	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11719400778749192796	https://www.tiktok.com/@isla_cooks/video/11719400778749192796	73a9e619-56fb-4b0b-8679-293b9fcb4e38	isla_cooks	\N	packing new best transformation business business review busy you end cook #viral #music #ootd ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bbeb7426bdb3d3352b084487007417d~tplv-tiktokx-origin.image	\N	t	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
1a25abf4-d312-5a10-9daa-66fa85e6267d	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11719620294457711834	https://www.tiktok.com/@release.creator/video/11719620294457711834	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	viral of business new you business challenge friend honest 2 setup new storytime #ootd #tutorial #travel #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bd98e2c803e55edf4af83bb4e3a63bcc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
222ac5bd-ff3f-5fed-b05f-9d97fb64e134	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11720157173972425946	https://www.tiktok.com/@release.creator/video/11720157173972425946	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	tutorial you routine transformation pov way about this nobody part 3 viral asks #fitness #fyp #cooking #ootd 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/57fdfd47f6bec06dfa58f5d928d3758a~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
91e75aa8-908d-5a21-bd3c-4a6e0a380d2f	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11721546243775487194	https://www.tiktok.com/@release.creator/video/11721546243775487194	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	pov my way before wait in trying 2 my #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17fc106910d7f148afc1e8e9716b1be9~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
4edbc733-d380-5449-82b3-e2fed551e18e	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11721681698424577242	https://www.tiktok.com/@release.creator/video/11721681698424577242	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	try in viral budget #diy #booktok 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/63fcd24e19eb8ca5744ab4d7e3b90fbc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
d11c8c45-b36f-56db-a37c-f84d000169a9	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11722229482879409370	https://www.tiktok.com/@release.creator/video/11722229482879409370	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	viral setup tutorial I I small for your what end before for what	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23714bc414873305c34035f6afb3fe73~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
abe35128-fde0-5403-9bd8-e3e2503121e4	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	11722304722032811226	https://www.tiktok.com/@release.creator/video/11722304722032811226	73a9e619-56fb-4b0b-8679-293b9fcb4e38	release.creator	\N	business nobody till days recipe before viral you tour after need tour changed before to new #dayinmylife #foryou #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6d27f3c0318647337abae4b7c0663b19~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:21.983054+00	2026-12-06 20:57:38.747668+00	1133
662010a6-c8a9-4c61-b745-8978f6f23167	fe664128-95ab-48a0-bf4b-be66c6d1d3b9	tiktok	7301234567890199001	https://www.tiktok.com/@release.other/video/7301234567890199001	\N	release.other	\N	2 after honest week best #tutorial #ootd #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7a77fc7e889e6c137333a966f5438651~tplv-tiktokx-origin.image	2026-12-03 03:06:29+00	\N	t	active		2026-12-06 20:57:37+00	\N	2026-12-06 20:57:22.475611+00	2026-12-06 20:57:38.747668+00	1133
\.


--
-- Data for Name: workspace_invites; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspace_invites (id, workspace_id, email, role, invited_by, created_at) FROM stdin;
\.


--
-- Data for Name: workspace_members; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspace_members (workspace_id, user_id, role, joined_at) FROM stdin;
fe664128-95ab-48a0-bf4b-be66c6d1d3b9	c830c022-63e9-4901-8c47-7d31498f0812	owner	2026-12-06 20:57:19.298406+00
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding, founding_hold_until, analytics_txid, history_version, scraped_until) FROM stdin;
fe664128-95ab-48a0-bf4b-be66c6d1d3b9	Release Co	c830c022-63e9-4901-8c47-7d31498f0812	trial	50	1	t	2026-12-13 20:57:19.320088+00	\N	\N	\N	f	2026-12-06 20:57:19.298406+00	2026-12-06 20:57:19.298406+00	18	\N	\N	f	\N	1135	0	2026-12-06 20:57:37+00
\.


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
-- Name: accounts_analytics_txid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_analytics_txid_idx ON public.accounts USING btree (analytics_txid);


--
-- Name: accounts_refresh_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_refresh_idx ON public.accounts USING btree (last_scraped_at) WHERE (status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text]));


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

\unrestrict JJNVENxnmpgMAvnTvPiIz2meJPjjkyft9SpTBezyRvvexiiSLKfJWJ4GzyS0qBI

