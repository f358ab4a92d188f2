--
-- PostgreSQL database dump
--

\restrict oLlvWbdWdowwu3O9q0gt6IsJ5YkzFI5GJ9uTd6YrdLAnGKcMkFr04A2aNA882kF

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
    baseline double precision
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
    CONSTRAINT alert_rules_condition_check CHECK ((condition = ANY (ARRAY['gain'::text, 'growth_pct'::text, 'velocity_vs_baseline'::text]))),
    CONSTRAINT alert_rules_cooldown_hours_check CHECK (((cooldown_hours >= 0) AND (cooldown_hours <= 720))),
    CONSTRAINT alert_rules_metric_check CHECK ((metric = ANY (ARRAY['views'::text, 'likes'::text, 'comments'::text, 'shares'::text]))),
    CONSTRAINT alert_rules_min_start_value_check CHECK ((min_start_value >= 0)),
    CONSTRAINT alert_rules_platform_check CHECK ((platform = ANY (ARRAY['tiktok'::text, 'instagram'::text, 'youtube'::text, 'x'::text]))),
    CONSTRAINT alert_rules_threshold_check CHECK ((threshold > (0)::double precision)),
    CONSTRAINT alert_rules_window_hours_check CHECK (((window_hours >= 1) AND (window_hours <= 168)))
);


--
-- Name: collections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.collections (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    name text NOT NULL,
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
    CONSTRAINT mail_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text])))
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
    CONSTRAINT workspaces_plan_check CHECK ((plan = ANY (ARRAY['trial'::text, 'starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_seat_limit_check CHECK ((seat_limit >= 1)),
    CONSTRAINT workspaces_video_limit_check CHECK ((video_limit >= 0))
);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at) FROM stdin;
a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	daeba35c-0e7b-4a88-b056-e3331cd9ed31	active		30	7518019132151780126	160900	2026-12-06 21:11:32+00	\N	2026-12-06 21:11:17.116803+00	2026-12-06 21:11:33.110903+00
\.


--
-- Data for Name: alert_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain, growth_pct, baseline) FROM stdin;
\.


--
-- Data for Name: alert_rules; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alert_rules (id, workspace_id, name, collection_id, platform, metric, condition, threshold, window_hours, min_start_value, cooldown_hours, recipients, enabled, created_at, updated_at) FROM stdin;
\.


--
-- Data for Name: collections; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.collections (id, workspace_id, name, created_at) FROM stdin;
daeba35c-0e7b-4a88-b056-e3331cd9ed31	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	Release clients	2026-12-06 21:11:16.904414+00
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
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_migrations (version, name, checksum, applied_at) FROM stdin;
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:11:13.704274+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:11:13.964489+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:11:14.162203+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:11:14.310615+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:11:14.331138+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
772f403f-60be-4094-9c13-42baa5d6bfc6	account	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807
b63d5c1b-08fd-4310-a81d-3e99ba863682	video	d83b97a0-fef3-40f6-a71c-215efbd9531d
cbe764f2-998e-43a7-ab52-e4151a766faa	video	d3f35adc-408c-49be-9603-b4db2230bedf
154eed70-39a7-4efd-88f6-c7fa79a853c2	video	4898182d-3372-4844-b794-7cc6ced96d5e
8c58b161-bb0b-404f-881c-683594ebd737	account	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807
8c58b161-bb0b-404f-881c-683594ebd737	video	d3f35adc-408c-49be-9603-b4db2230bedf
b2c5fa2f-8a6b-4ccc-a33f-e810204d959f	video	d83b97a0-fef3-40f6-a71c-215efbd9531d
6715aefd-96e7-46b2-aa6e-172ffc88c64c	video	4898182d-3372-4844-b794-7cc6ced96d5e
b66e6f43-3756-4332-b955-2296b84818e6	video	d3f35adc-408c-49be-9603-b4db2230bedf
b66e6f43-3756-4332-b955-2296b84818e6	account	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807
002a2704-1e2f-43ac-aa05-efd56d8e6328	video	d83b97a0-fef3-40f6-a71c-215efbd9531d
dd5c6b2f-8fbf-4db8-b07d-f6e98c0425f7	video	4898182d-3372-4844-b794-7cc6ced96d5e
edd2dea7-54b0-4552-a77e-065832240b12	video	d3f35adc-408c-49be-9603-b4db2230bedf
edd2dea7-54b0-4552-a77e-065832240b12	account	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807
d9e7e8cd-bf3d-4f74-92dc-c6dc20163dbb	video	d83b97a0-fef3-40f6-a71c-215efbd9531d
6b8705d9-1436-4186-b3da-d4f378b8dbec	video	4898182d-3372-4844-b794-7cc6ced96d5e
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at) FROM stdin;
772f403f-60be-4094-9c13-42baa5d6bfc6	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	OPV2Juqox7cRS7SaI	5cYkqgw1n8AXV8AVi	1		2026-12-06 21:11:17+00	30	0	2026-12-06 21:11:17.116803+00	2026-12-06 21:11:18.395085+00
b63d5c1b-08fd-4310-a81d-3e99ba863682	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	KD3WglLPbGhyqZU2F	R1q1DIf0WnBR0mDA7	1		2026-12-06 21:11:17+00	1	0	2026-12-06 21:11:17.363032+00	2026-12-06 21:11:18.453712+00
154eed70-39a7-4efd-88f6-c7fa79a853c2	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	track	processed	yuaVy6ex6ZaTKT2x4	rWRP7QtXY6Xp8z0kW	1		2026-12-06 21:11:18+00	1	0	2026-12-06 21:11:18.168014+00	2026-12-06 21:11:18.595087+00
cbe764f2-998e-43a7-ab52-e4151a766faa	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": [], "resultsPerPage": 1, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	wU46LPN30jl76CBlK	MoZKeEonk6Bo8yD4S	1		2026-12-06 21:11:18+00	1	0	2026-12-06 21:11:17.907454+00	2026-12-06 21:11:18.855568+00
8c58b161-bb0b-404f-881c-683594ebd737	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	O5vd1IFysDoLZWxhg	GXJaektD2IcqXZsLI	1		2026-12-06 21:11:23+00	31	0	2026-12-06 21:11:22.822384+00	2026-12-06 21:11:23.4622+00
6715aefd-96e7-46b2-aa6e-172ffc88c64c	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	QZa7Pu3lc6muCoU8T	nUEmyuaYZ1a7IqBEp	1		2026-12-06 21:11:23+00	1	0	2026-12-06 21:11:22.822384+00	2026-12-06 21:11:23.664425+00
b2c5fa2f-8a6b-4ccc-a33f-e810204d959f	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	fAM5mLy7hCuZ6sc6L	XmptLXS6gBqCcAPTZ	1		2026-12-06 21:11:23+00	1	0	2026-12-06 21:11:22.822384+00	2026-12-06 21:11:23.897615+00
b66e6f43-3756-4332-b955-2296b84818e6	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	XQYypbFvpcIwftRhF	JqXX5M6ttqUEuWRao	1		2026-12-06 21:11:27+00	31	0	2026-12-06 21:11:27.519125+00	2026-12-06 21:11:27.993504+00
dd5c6b2f-8fbf-4db8-b07d-f6e98c0425f7	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	Ksf2dSpN6DlrBeKuM	kAjGTKBfKP1in0aqz	1		2026-12-06 21:11:27+00	1	0	2026-12-06 21:11:27.519125+00	2026-12-06 21:11:28.112401+00
002a2704-1e2f-43ac-aa05-efd56d8e6328	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	ufgwFbfEKC2ywjsjx	bKG19PmA58Q2faVkJ	1		2026-12-06 21:11:27+00	1	0	2026-12-06 21:11:27.519125+00	2026-12-06 21:11:28.223574+00
d9e7e8cd-bf3d-4f74-92dc-c6dc20163dbb	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	NVwP6YaCb2XGbBKMP	pFU7bYgPBp5SfgDMD	1		2026-12-06 21:11:32+00	1	0	2026-12-06 21:11:31.789674+00	2026-12-06 21:11:32.737885+00
6b8705d9-1436-4186-b3da-d4f378b8dbec	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	cFCsCuH2monLKdDmU	wChVok9Mv8rvPsRJD	1		2026-12-06 21:11:32+00	1	0	2026-12-06 21:11:31.789674+00	2026-12-06 21:11:32.903177+00
edd2dea7-54b0-4552-a77e-065832240b12	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	OTk9wa4lKELHRgInI	xWeZZXwGDNuiTbogF	1		2026-12-06 21:11:32+00	31	0	2026-12-06 21:11:31.789674+00	2026-12-06 21:11:33.110903+00
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, email, password_hash, created_at) FROM stdin;
bc707eb5-b05b-472e-be77-4515169c128e	owner@release.example	$2a$04$exVy3OH1FXIGyP19WTXh3uCqMCy1EPYskqty0N8uqHZJZnZ.TSTtK	2026-12-06 21:11:16.476189+00
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at) FROM stdin;
4898182d-3372-4844-b794-7cc6ced96d5e	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	youtube	RelEaSe0001	https://www.youtube.com/shorts/RelEaSe0001	\N	islafit	\N	Challenge before busy transformation morning eat for life week	https://i.ytimg.com/vi/RelEaSe0001/maxresdefault.jpg	2026-12-01 21:09:39+00	\N	t	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.168014+00	2026-12-06 21:11:32.903177+00
70fa1db1-8250-50eb-9800-ce4c2e82a8c8	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11719620294457711834	https://www.tiktok.com/@release.creator/video/11719620294457711834	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	viral of business new you business challenge friend honest 2 setup new storytime #ootd #tutorial #travel #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bd98e2c803e55edf4af83bb4e3a63bcc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
32f0129e-6567-5f74-8573-f93b66b426fb	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11718908008536038618	https://www.tiktok.com/@release.creator/video/11718908008536038618	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	business in hack what nobody hack tutorial tips after	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/91b0735085b32c46e5fc989d950b1ecb~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
f2317c47-f1cd-51bf-83e4-c5572ec8ed19	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11720157173972425946	https://www.tiktok.com/@release.creator/video/11720157173972425946	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	tutorial you routine transformation pov way about this nobody part 3 viral asks #fitness #fyp #cooking #ootd 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/57fdfd47f6bec06dfa58f5d928d3758a~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
7cf0f0bd-cdf1-5abc-9b14-0e24dea4a531	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11719165539127614682	https://www.tiktok.com/@release.creator/video/11719165539127614682	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	storytime new what your days #smallbusiness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23a8020dbc12f138a6b860694475aa11~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
ca92aaca-cd62-50bf-8751-9b9232000391	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11718008204309585114	https://www.tiktok.com/@release.creator/video/11718008204309585114	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	trying tells asks asks setup setup routine hack part routine changed #recipe #foryou #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/19885602d8d8448d253d4a998d88a892~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
969e12b7-bd65-5fc7-ab0e-2e69df1fb250	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11719836623475203290	https://www.tiktok.com/@release.creator/video/11719836623475203290	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	wait tips about week this wait tips this nobody easy 3 busy try hack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9f2c0c1193192dec1f47309728ec61bf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
3a486116-ebdb-57c4-8c1e-ebb40495c953	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11716543384168193242	https://www.tiktok.com/@release.creator/video/11716543384168193242	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	end end days 3 business after setup #fyp	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a69f24722b6ab8f0c75c5c0a21beff93~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-03 21:11:17+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:18.395085+00
ce6f33a1-d4ea-5e7f-a3bb-576ed8bb8d4c	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11722030239294643418	https://www.tiktok.com/@release.creator/video/11722030239294643418	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	the pov for life in eat trying what packing I to the #recipe #gym	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2fde738cd2cef33d1c66bbc5306d4667~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
3bec91c2-e9eb-5f11-802a-9d23a7a6526f	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11717655617529535706	https://www.tiktok.com/@release.creator/video/11717655617529535706	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	till the when wait about when tour life business viral recipe life 3 tour #travel #diy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/cf7344670502c834f9f751e0eb8442a0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
20a8dc70-da5a-5f5b-b7c7-cbda61b04542	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11721546243775487194	https://www.tiktok.com/@release.creator/video/11721546243775487194	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	pov my way before wait in trying 2 my #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17fc106910d7f148afc1e8e9716b1be9~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
b8ed44e1-b2c5-54f5-b66b-9e56b08fc495	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11718656478097661146	https://www.tiktok.com/@release.creator/video/11718656478097661146	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	life tutorial tells asks my you tips new hack eat #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/039f028cb42e2b5d5cdc73180350f39f~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
d4a17861-e309-59af-881b-306d109d8f31	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11717938797610425562	https://www.tiktok.com/@release.creator/video/11717938797610425562	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	transformation packing easy for #music #viral #recipe ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b38b8f745ac0f9086ac62696a58218ab~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
9194e928-4265-5f51-bb3e-8a5b22e8e139	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11716912613927509210	https://www.tiktok.com/@release.creator/video/11716912613927509210	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	tips day transformation new busy part recipe part after when setup I you orders morning	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bf82940b526c991519216217a6bdfb4~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
e8c205a9-20ac-5e66-8ac5-97cc747df6ed	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11716843400602213594	https://www.tiktok.com/@release.creator/video/11716843400602213594	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	for 3 what cook nobody cook you tips tutorial try for #music #ootd #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/845847f26c23e9e55972c98f85bfe12b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
d3f35adc-408c-49be-9603-b4db2230bedf	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	7301234567890199001	https://www.tiktok.com/@release.other/video/7301234567890199001	\N	release.other	\N	2 after honest week best #tutorial #ootd #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7a77fc7e889e6c137333a966f5438651~tplv-tiktokx-origin.image	2026-12-03 03:20:27+00	\N	t	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:17.907454+00	2026-12-06 21:11:33.110903+00
31059321-ce84-5687-ac39-242988c768c6	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11718511978137607386	https://www.tiktok.com/@release.creator/video/11718511978137607386	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	part transformation part challenge I cook	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4347123067bc04b5cb112ccaae20b72f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
c03e9a45-b6a6-50f7-95c7-3334826f8c14	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11721681698424577242	https://www.tiktok.com/@release.creator/video/11721681698424577242	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	try in viral budget #diy #booktok 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/63fcd24e19eb8ca5744ab4d7e3b90fbc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
cbde7c1d-2d85-52d7-a188-a2ea46afecbe	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11720927553758387418	https://www.tiktok.com/@release.creator/video/11720927553758387418	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	after eat my changed recipe best try changed #ootd #cooking #smallbusiness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e959ec6ceb26f48f9c65dd2c7937a257~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
c79178d5-4267-52fa-b8bc-7bf032890b8c	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11719400778749192796	https://www.tiktok.com/@isla_cooks/video/11719400778749192796	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	isla_cooks	\N	packing new best transformation business business review busy you end cook #viral #music #ootd ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bbeb7426bdb3d3352b084487007417d~tplv-tiktokx-origin.image	\N	t	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
65968317-f79e-52df-8fd8-b6e373dab076	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11718310192036535514	https://www.tiktok.com/@release.creator/video/11718310192036535514	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	I this new friend life business for #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b84adb4cd1a97e204a4c435f061110b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
4f743455-28d6-5c43-b092-fbe68a52d969	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11722636967877369050	https://www.tiktok.com/@release.creator/video/11722636967877369050	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	after asks storytime #smallbusiness #ootd #diy 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/da81f079112cbcc893ffaf6966acf4b5~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
12471ee3-e447-5050-9149-c4c87d40fd22	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11720730200003402970	https://www.tiktok.com/@release.creator/video/11720730200003402970	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	day asks I trying you day viral tutorial hack routine #tech #dayinmylife #fyp #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/81c393b4a51103d5277fa60c972060af~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
7f3b3b44-1fb9-5dad-be6c-6983faa0b10f	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11720477359453986010	https://www.tiktok.com/@release.creator/video/11720477359453986010	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	days eat tutorial morning honest day you asks new my when #music #booktok	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/eaf2c73e832a1861b2606b3d530d0625~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
d83b97a0-fef3-40f6-a71c-215efbd9531d	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	daeba35c-0e7b-4a88-b056-e3331cd9ed31	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:07:46+00	\N	t	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:17.363032+00	2026-12-06 21:11:32.737885+00
70382e2c-fbd3-5e62-a9dd-d697e03e1569	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11717478609016216794	https://www.tiktok.com/@release.creator/video/11717478609016216794	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	part when days nobody routine your my hack #lifehack #recipe #dance #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bf93ab9a1245e78b66f54d693228eb86~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
66a9ad94-1c5d-5c78-a63e-6fc784771825	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11720055048234949850	https://www.tiktok.com/@release.creator/video/11720055048234949850	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	business new review life pov to viral #tutorial #dance #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ab3ae40d1997c26b33b737954fcd61f2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
cb2cee4b-6214-5caf-92dc-4133d2954b14	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11717206033283308762	https://www.tiktok.com/@release.creator/video/11717206033283308762	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	morning part review 3 tour life you eat way #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c38c2dc8aabdabd58e6ccb7a32eb1edf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
18001761-526f-5b14-b2db-075e3e0a5646	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11722893892861517018	https://www.tiktok.com/@release.creator/video/11722893892861517018	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	what my business my tour #viral #smallbusiness ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/06d89ec08ea4aee1bf1e972bdd6ba779~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
eff78f61-dc84-51c4-8e19-0d693f869153	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11721240553726958810	https://www.tiktok.com/@release.creator/video/11721240553726958810	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	setup what when business storytime friend #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ac123f6a618c7359bb2b8c81ff7a854b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
36182382-8afd-5a41-8b53-b1632e375a4c	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11721023842533924058	https://www.tiktok.com/@release.creator/video/11721023842533924058	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	2 I end small end what in part recipe days about review #tech #booktok #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7651188099f6c11e6d5f55ec861a8f0a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
22bf6ea9-29a9-5935-8adc-e38b8499e017	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11722304722032811226	https://www.tiktok.com/@release.creator/video/11722304722032811226	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	business nobody till days recipe before viral you tour after need tour changed before to new #dayinmylife #foryou #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6d27f3c0318647337abae4b7c0663b19~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
7b4c3a95-267a-5a08-91a5-d87fe0d52986	ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	tiktok	11722229482879409370	https://www.tiktok.com/@release.creator/video/11722229482879409370	a5f0d9ad-1ab8-4b88-b8d0-aadf9b178807	release.creator	\N	viral setup tutorial I I small for your what end before for what	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23714bc414873305c34035f6afb3fe73~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:32+00	\N	2026-12-06 21:11:18.395085+00	2026-12-06 21:11:33.110903+00
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
ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	bc707eb5-b05b-472e-be77-4515169c128e	owner	2026-12-06 21:11:16.832421+00
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version) FROM stdin;
ffd0f886-72d5-4ca5-8b4b-b1df0bb8329a	Release Co	bc707eb5-b05b-472e-be77-4515169c128e	trial	50	1	t	2026-12-13 21:11:16.835426+00	\N	\N	\N	f	2026-12-06 21:11:16.832421+00	2026-12-06 21:11:16.832421+00	18
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
-- Name: accounts_refresh_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_refresh_idx ON public.accounts USING btree (last_scraped_at) WHERE (status = ANY (ARRAY['pending'::text, 'active'::text, 'error'::text]));


--
-- Name: alert_events_cooldown_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alert_events_cooldown_idx ON public.alert_events USING btree (rule_id, video_id, triggered_at DESC);


--
-- Name: alert_events_workspace_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alert_events_workspace_idx ON public.alert_events USING btree (workspace_id, triggered_at DESC);


--
-- Name: collections_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX collections_name_idx ON public.collections USING btree (workspace_id, lower(name));


--
-- Name: mail_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_due_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);


--
-- Name: scrape_job_targets_entity_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_job_targets_entity_idx ON public.scrape_job_targets USING btree (entity_id);


--
-- Name: scrape_jobs_retry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX scrape_jobs_retry_idx ON public.scrape_jobs USING btree (created_at) WHERE (status = ANY (ARRAY['queued'::text, 'failed'::text]));


--
-- Name: videos_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_account_idx ON public.videos USING btree (account_id) WHERE (account_id IS NOT NULL);


--
-- Name: videos_refresh_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX videos_refresh_idx ON public.videos USING btree (last_scraped_at) WHERE tracked_individually;


--
-- Name: workspace_invites_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX workspace_invites_email_idx ON public.workspace_invites USING btree (email, created_at);


--
-- Name: workspaces_founding_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX workspaces_founding_idx ON public.workspaces USING btree (founding) WHERE founding;


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

\unrestrict oLlvWbdWdowwu3O9q0gt6IsJ5YkzFI5GJ9uTd6YrdLAnGKcMkFr04A2aNA882kF

