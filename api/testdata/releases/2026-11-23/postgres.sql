--
-- PostgreSQL database dump
--

\restrict AKscQHPmgo5aP6BMmv6qlAqNn71xCRu44iya0lvfCEdF0maOMUEUprWgXn84QRW

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
    grace_ends_at timestamp with time zone,
    checkout_plan text,
    checkout_founding boolean DEFAULT false NOT NULL,
    CONSTRAINT workspaces_checkout_plan_check CHECK ((checkout_plan = ANY (ARRAY['starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_plan_check CHECK ((plan = ANY (ARRAY['trial'::text, 'starter'::text, 'growth'::text, 'agency'::text]))),
    CONSTRAINT workspaces_seat_limit_check CHECK ((seat_limit >= 1)),
    CONSTRAINT workspaces_video_limit_check CHECK ((video_limit >= 0))
);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (id, workspace_id, platform, handle, url, display_name, avatar_url, collection_id, status, status_reason, tracking_limit, platform_account_id, followers, last_scraped_at, refresh_queued_at, created_at, updated_at) FROM stdin;
e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	release.creator	https://www.tiktok.com/@release.creator	Release Creator 🔥	https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/9282db8d0fba6727b0ca78f8443abf0c~tplv-tiktokx-cropcenter:720:720.jpeg	e4a4a40c-e7de-40af-834b-5e16ae549713	active		30	7518019132151780126	160900	2026-12-06 21:11:37+00	\N	2026-12-06 21:11:22.29952+00	2026-12-06 21:11:38.445276+00
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
e4a4a40c-e7de-40af-834b-5e16ae549713	53d5ea52-0e11-48cb-b383-8757014b140f	Release clients	2026-12-06 21:11:22.077997+00
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
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_migrations (version, name, checksum, applied_at) FROM stdin;
1	0001_create_workspaces.sql	f5f6d7f7b8c8e9c487b8e0dddd4b8ec2df9d28acdca1d12cab73ecba0e8d9870	2026-12-06 21:11:20.042992+00
2	0002_create_tracked_items.sql	92ae8c52e25cd13e6ffe7d1cd45e144e4e219654cfc05f9e0a06f65e41682431	2026-12-06 21:11:20.208184+00
3	0003_create_scrape_jobs.sql	ba30cbf3550211a1f414f468d1bc31a3a6e4fbe4b8de189f2841f9c8f16f5f6b	2026-12-06 21:11:20.353546+00
4	0004_workspace_data_version.sql	f73b5e4128bfd74d074973adb77b61d25f04ed03cd4beb2b0768bae3b9ca8aad	2026-12-06 21:11:20.393009+00
5	0005_create_alerts.sql	914d2c093b63173f898aeeac68284907ba2031d94d525d25f2575950acd74b29	2026-12-06 21:11:20.395884+00
6	0006_billing.sql	e5343448aa6bd1f525c7047388f3bec0c5895cf839a930158f9ae28f5f0f622b	2026-12-06 21:11:20.435538+00
7	0007_checkout_plan.sql	ba2c48dcf497f2e5c25ab4eeb9705a49e97d1fa808a6895ae26a34a335b70b1b	2026-12-06 21:11:20.452472+00
\.


--
-- Data for Name: scrape_job_targets; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_job_targets (job_id, entity_kind, entity_id) FROM stdin;
9bf3cc68-355c-4a18-b7ef-7d6ef88b68da	account	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d
1942242c-ffb6-4b13-9a28-20caf6c2b213	video	82295566-06b5-4173-bd73-eb958dc52a30
6d03c747-059c-4ea4-b3b6-b3d5fe5f4a34	video	b560638e-9939-4d4d-9f07-59b1193c45a4
6502bdef-d77d-43a8-bf37-f341dbfb26c0	video	249044ae-f0d3-45d0-bb8c-2b091d1e36bc
1b9093b2-85d2-4efc-9da6-7f395562ca2c	account	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d
1b9093b2-85d2-4efc-9da6-7f395562ca2c	video	b560638e-9939-4d4d-9f07-59b1193c45a4
aa615558-e689-4e54-bc3d-9af0dfd0271d	video	82295566-06b5-4173-bd73-eb958dc52a30
37deab02-751d-48bd-aced-c722cf635691	video	249044ae-f0d3-45d0-bb8c-2b091d1e36bc
0558ec6d-18ae-4baa-aaa0-9b246c3bb5e3	account	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d
0558ec6d-18ae-4baa-aaa0-9b246c3bb5e3	video	b560638e-9939-4d4d-9f07-59b1193c45a4
681478d6-b174-4272-8b9a-ebb3c4e45498	video	82295566-06b5-4173-bd73-eb958dc52a30
e10a41e7-3a20-42b9-9cb8-45769e7dfacd	video	249044ae-f0d3-45d0-bb8c-2b091d1e36bc
41499b94-e4b8-4c51-8360-173ac0b61144	account	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d
41499b94-e4b8-4c51-8360-173ac0b61144	video	b560638e-9939-4d4d-9f07-59b1193c45a4
c35f5f0f-2bdd-49d3-8896-7a1816d9abaa	video	82295566-06b5-4173-bd73-eb958dc52a30
84bc8708-a695-460d-9acd-11dd30783d16	video	249044ae-f0d3-45d0-bb8c-2b091d1e36bc
\.


--
-- Data for Name: scrape_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id, attempts, error, scraped_at, items_total, items_skipped, created_at, updated_at) FROM stdin;
1942242c-ffb6-4b13-9a28-20caf6c2b213	53d5ea52-0e11-48cb-b383-8757014b140f	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	track	processed	wnQCy9nT3Cvq7zvY6	MS2NcRGKDXr2RJ0MQ	1		2026-12-06 21:11:22+00	1	0	2026-12-06 21:11:22.417981+00	2026-12-06 21:11:23.400171+00
9bf3cc68-355c-4a18-b7ef-7d6ef88b68da	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	clockworks~tiktok-scraper	{"postURLs": [], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	vWbxKozZ1lAetnALg	rywf5QeX3xbv35nl2	1		2026-12-06 21:11:22+00	30	0	2026-12-06 21:11:22.29952+00	2026-12-06 21:11:23.634174+00
6502bdef-d77d-43a8-bf37-f341dbfb26c0	53d5ea52-0e11-48cb-b383-8757014b140f	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	track	processed	a4rnwItfl8hNr8FJ6	qdggJZPVaGWgc19XW	1		2026-12-06 21:11:23+00	1	0	2026-12-06 21:11:23.466869+00	2026-12-06 21:11:24.305962+00
6d03c747-059c-4ea4-b3b6-b3d5fe5f4a34	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": [], "resultsPerPage": 1, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	track	processed	nluYbu0GqvnTLySV9	WfR1QGHxWhS7sWNe2	1		2026-12-06 21:11:23+00	1	0	2026-12-06 21:11:23.257137+00	2026-12-06 21:11:24.334057+00
1b9093b2-85d2-4efc-9da6-7f395562ca2c	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	GLIsRps1neWy4Oh13	LZHaVX1TOJziYBtB5	1		2026-12-06 21:11:27+00	31	0	2026-12-06 21:11:26.781487+00	2026-12-06 21:11:27.211511+00
37deab02-751d-48bd-aced-c722cf635691	53d5ea52-0e11-48cb-b383-8757014b140f	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	j4QzgnMNkcNRennvT	zpM7e0PMs6dRvUL2R	1		2026-12-06 21:11:27+00	1	0	2026-12-06 21:11:26.781487+00	2026-12-06 21:11:27.812572+00
aa615558-e689-4e54-bc3d-9af0dfd0271d	53d5ea52-0e11-48cb-b383-8757014b140f	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	gv86Q9FrLv9qB9dVs	KibgCtI6mvMgJGUVp	1		2026-12-06 21:11:27+00	1	0	2026-12-06 21:11:26.781487+00	2026-12-06 21:11:27.935045+00
681478d6-b174-4272-8b9a-ebb3c4e45498	53d5ea52-0e11-48cb-b383-8757014b140f	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	SbowMfZ5sNkukJ5ij	UBoaelBQuIjyzoiBQ	1		2026-12-06 21:11:31+00	1	0	2026-12-06 21:11:31.397689+00	2026-12-06 21:11:32.023998+00
e10a41e7-3a20-42b9-9cb8-45769e7dfacd	53d5ea52-0e11-48cb-b383-8757014b140f	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	tNPfpKpFQxkGSQKQm	XmeSHkKTlb2YRGNbI	1		2026-12-06 21:11:31+00	1	0	2026-12-06 21:11:31.397689+00	2026-12-06 21:11:32.094069+00
0558ec6d-18ae-4baa-aaa0-9b246c3bb5e3	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	StbF2DesEAYCDz53Y	admGoGPrwBIHkjLWV	1		2026-12-06 21:11:31+00	31	0	2026-12-06 21:11:31.397689+00	2026-12-06 21:11:32.321052+00
c35f5f0f-2bdd-49d3-8896-7a1816d9abaa	53d5ea52-0e11-48cb-b383-8757014b140f	instagram	apify~instagram-scraper	{"directUrls": ["https://www.instagram.com/reel/RelEaSe001/"], "resultsType": "posts", "resultsLimit": 1}	refresh	processed	O8oTPhSaeU4a4Zl6O	EKlxb1TReAld3liDj	1		2026-12-06 21:11:37+00	1	0	2026-12-06 21:11:37.040762+00	2026-12-06 21:11:38.07835+00
41499b94-e4b8-4c51-8360-173ac0b61144	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	clockworks~tiktok-scraper	{"postURLs": ["https://www.tiktok.com/@release.other/video/7301234567890199001"], "profiles": ["release.creator"], "resultsPerPage": 30, "shouldDownloadCovers": false, "shouldDownloadVideos": false, "shouldDownloadSubtitles": false, "shouldDownloadSlideshowImages": false}	refresh	processed	jMEXL3WBsolyRRUf6	eOOxAHrE3TR6gs5fF	1		2026-12-06 21:11:37+00	31	0	2026-12-06 21:11:37.040762+00	2026-12-06 21:11:38.445276+00
84bc8708-a695-460d-9acd-11dd30783d16	53d5ea52-0e11-48cb-b383-8757014b140f	youtube	streamers~youtube-scraper	{"startUrls": [{"url": "https://www.youtube.com/shorts/RelEaSe0001"}], "maxResults": 1, "maxResultStreams": 0, "maxResultsShorts": 1}	refresh	processed	apW7je2lzFgjX4EYJ	0AzhhuLapmccQ2uyD	1		2026-12-06 21:11:37+00	1	0	2026-12-06 21:11:37.040762+00	2026-12-06 21:11:38.51904+00
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, email, password_hash, created_at) FROM stdin;
c7e504e9-3144-4e9c-89bd-956f0369b7dd	owner@release.example	$2a$04$drp5TF.Bhc.iFR0QBr/9kOuWue9sb3EhyBquRS238y05G/VA//cR2	2026-12-06 21:11:21.85365+00
\.


--
-- Data for Name: videos; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id, caption, thumbnail_url, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, refresh_queued_at, created_at, updated_at) FROM stdin;
249044ae-f0d3-45d0-bb8c-2b091d1e36bc	53d5ea52-0e11-48cb-b383-8757014b140f	youtube	RelEaSe0001	https://www.youtube.com/shorts/RelEaSe0001	\N	islafit	\N	Challenge before busy transformation morning eat for life week	https://i.ytimg.com/vi/RelEaSe0001/maxresdefault.jpg	2026-12-01 21:09:45+00	\N	t	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.466869+00	2026-12-06 21:11:38.51904+00
82295566-06b5-4173-bd73-eb958dc52a30	53d5ea52-0e11-48cb-b383-8757014b140f	instagram	RelEaSe001	https://www.instagram.com/reel/RelEaSe001/	\N	ivy_daily	e4a4a40c-e7de-40af-834b-5e16ae549713	this till 2 days nobody when in in after week end routine asks your easy of honest after easy	https://scontent.cdninstagram.com/v/t51.29350-15/180873137_469488412504263_n.jpg	2026-11-29 11:07:52+00	\N	t	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:22.417981+00	2026-12-06 21:11:38.07835+00
7c6012ac-7318-54f2-bdcd-9707d98050d9	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11720477359453986010	https://www.tiktok.com/@release.creator/video/11720477359453986010	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	days eat tutorial morning honest day you asks new my when #music #booktok	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/eaf2c73e832a1861b2606b3d530d0625~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
52e3019d-b44f-59df-a7bb-407390ed9d17	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11718310192036535514	https://www.tiktok.com/@release.creator/video/11718310192036535514	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	I this new friend life business for #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6b84adb4cd1a97e204a4c435f061110b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
f6efe5cd-8be4-5e78-ade7-758bdb677a34	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11722030239294643418	https://www.tiktok.com/@release.creator/video/11722030239294643418	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	the pov for life in eat trying what packing I to the #recipe #gym	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/2fde738cd2cef33d1c66bbc5306d4667~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
8e6f8e79-46e7-5214-b613-58bffdf965d4	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11721240553726958810	https://www.tiktok.com/@release.creator/video/11721240553726958810	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	setup what when business storytime friend #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ac123f6a618c7359bb2b8c81ff7a854b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
741f9735-a34a-5dea-aa9b-5a287b34ef17	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11717206033283308762	https://www.tiktok.com/@release.creator/video/11717206033283308762	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	morning part review 3 tour life you eat way #tutorial	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/c38c2dc8aabdabd58e6ccb7a32eb1edf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
b560638e-9939-4d4d-9f07-59b1193c45a4	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	7301234567890199001	https://www.tiktok.com/@release.other/video/7301234567890199001	\N	release.other	\N	2 after honest week best #tutorial #ootd #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7a77fc7e889e6c137333a966f5438651~tplv-tiktokx-origin.image	2026-12-03 03:20:33+00	\N	t	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.257137+00	2026-12-06 21:11:38.445276+00
9aa78f09-5bca-5c48-83fc-c15f8a27d66c	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11719620294457711834	https://www.tiktok.com/@release.creator/video/11719620294457711834	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	viral of business new you business challenge friend honest 2 setup new storytime #ootd #tutorial #travel #ootd	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bd98e2c803e55edf4af83bb4e3a63bcc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
2ed6315c-4193-5d32-8a1c-ac3802524185	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11718008204309585114	https://www.tiktok.com/@release.creator/video/11718008204309585114	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	trying tells asks asks setup setup routine hack part routine changed #recipe #foryou #tech	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/19885602d8d8448d253d4a998d88a892~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
1ebbc044-942e-57cb-80fb-50b5dcc1b8e8	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11718656478097661146	https://www.tiktok.com/@release.creator/video/11718656478097661146	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	life tutorial tells asks my you tips new hack eat #fitness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/039f028cb42e2b5d5cdc73180350f39f~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
4d2f9ab3-09fa-5ad3-a26c-f5836a6ed696	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11720927553758387418	https://www.tiktok.com/@release.creator/video/11720927553758387418	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	after eat my changed recipe best try changed #ootd #cooking #smallbusiness	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/e959ec6ceb26f48f9c65dd2c7937a257~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
33c1ebc3-e54d-5853-9257-67e4e1e41af0	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11717655617529535706	https://www.tiktok.com/@release.creator/video/11717655617529535706	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	till the when wait about when tour life business viral recipe life 3 tour #travel #diy	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/cf7344670502c834f9f751e0eb8442a0~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
712bfbae-8162-59c0-b1e6-e5ed963f0a38	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11721681698424577242	https://www.tiktok.com/@release.creator/video/11721681698424577242	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	try in viral budget #diy #booktok 🙌	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/63fcd24e19eb8ca5744ab4d7e3b90fbc~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
afd885fb-59e9-5d9f-8a1a-c8099c554d9f	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11721546243775487194	https://www.tiktok.com/@release.creator/video/11721546243775487194	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	pov my way before wait in trying 2 my #cooking	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/17fc106910d7f148afc1e8e9716b1be9~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
8412a0c7-5254-5b87-82da-57d35d0f3195	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11722636967877369050	https://www.tiktok.com/@release.creator/video/11722636967877369050	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	after asks storytime #smallbusiness #ootd #diy 💯	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/da81f079112cbcc893ffaf6966acf4b5~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
710d683b-3865-527e-b471-9ae5b13ddb87	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11716543384168193242	https://www.tiktok.com/@release.creator/video/11716543384168193242	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	end end days 3 business after setup #fyp	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/a69f24722b6ab8f0c75c5c0a21beff93~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-04 21:11:27+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:27.211511+00
c9b58a8c-8c65-52dd-b5b1-451a01859cda	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11722893892861517018	https://www.tiktok.com/@release.creator/video/11722893892861517018	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	what my business my tour #viral #smallbusiness ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/06d89ec08ea4aee1bf1e972bdd6ba779~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
cdb21237-0dd8-5697-bac2-cd3a321fcf4f	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11720730200003402970	https://www.tiktok.com/@release.creator/video/11720730200003402970	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	day asks I trying you day viral tutorial hack routine #tech #dayinmylife #fyp #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/81c393b4a51103d5277fa60c972060af~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
5c115da4-7ae5-5c5d-afd8-fb3e29291911	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11720157173972425946	https://www.tiktok.com/@release.creator/video/11720157173972425946	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	tutorial you routine transformation pov way about this nobody part 3 viral asks #fitness #fyp #cooking #ootd 😭	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/57fdfd47f6bec06dfa58f5d928d3758a~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
098b0442-f30c-570a-ac6b-6ba7b2205177	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11720055048234949850	https://www.tiktok.com/@release.creator/video/11720055048234949850	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	business new review life pov to viral #tutorial #dance #booktok 😂	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/ab3ae40d1997c26b33b737954fcd61f2~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
692fd99b-8e5c-5e8b-a675-7fdbc0613cbf	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11717478609016216794	https://www.tiktok.com/@release.creator/video/11717478609016216794	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	part when days nobody routine your my hack #lifehack #recipe #dance #viral	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/bf93ab9a1245e78b66f54d693228eb86~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
c55fdaa5-2b10-5aee-9b59-4315dab46824	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11722229482879409370	https://www.tiktok.com/@release.creator/video/11722229482879409370	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	viral setup tutorial I I small for your what end before for what	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23714bc414873305c34035f6afb3fe73~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
e346733c-2acf-565d-8f4e-5151f3f42a82	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11722304722032811226	https://www.tiktok.com/@release.creator/video/11722304722032811226	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	business nobody till days recipe before viral you tour after need tour changed before to new #dayinmylife #foryou #skincare	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/6d27f3c0318647337abae4b7c0663b19~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
828b6cff-0abf-5d7a-b462-65b7b43c92f7	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11719400778749192796	https://www.tiktok.com/@isla_cooks/video/11719400778749192796	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	isla_cooks	\N	packing new best transformation business business review busy you end cook #viral #music #ootd ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bbeb7426bdb3d3352b084487007417d~tplv-tiktokx-origin.image	\N	t	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
758fc4c5-af62-5342-aeeb-8ec66a85c825	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11718908008536038618	https://www.tiktok.com/@release.creator/video/11718908008536038618	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	business in hack what nobody hack tutorial tips after	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/91b0735085b32c46e5fc989d950b1ecb~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
81fb49e3-7495-592c-9938-b6dfde3e7a38	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11721023842533924058	https://www.tiktok.com/@release.creator/video/11721023842533924058	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	2 I end small end what in part recipe days about review #tech #booktok #recipe	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/7651188099f6c11e6d5f55ec861a8f0a~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
f1c28373-bc9b-5dfb-b0db-bdff9971bd90	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11717938797610425562	https://www.tiktok.com/@release.creator/video/11717938797610425562	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	transformation packing easy for #music #viral #recipe ✨	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/b38b8f745ac0f9086ac62696a58218ab~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
06410cb5-1b6d-54aa-9961-1b3c286b49c3	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11716912613927509210	https://www.tiktok.com/@release.creator/video/11716912613927509210	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	tips day transformation new busy part recipe part after when setup I you orders morning	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/1bf82940b526c991519216217a6bdfb4~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
0da7c3b4-e649-53cb-abf9-5cdfa6025734	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11719836623475203290	https://www.tiktok.com/@release.creator/video/11719836623475203290	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	wait tips about week this wait tips this nobody easy 3 busy try hack	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/9f2c0c1193192dec1f47309728ec61bf~tplv-tiktokx-origin.image	\N	f	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
454afa83-1f3d-591f-843c-4230b3670a12	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11718511978137607386	https://www.tiktok.com/@release.creator/video/11718511978137607386	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	part transformation part challenge I cook	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/4347123067bc04b5cb112ccaae20b72f~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
904099c5-47e4-547d-8696-2dc2e02f7300	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11716843400602213594	https://www.tiktok.com/@release.creator/video/11716843400602213594	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	for 3 what cook nobody cook you tips tutorial try for #music #ootd #dance	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/845847f26c23e9e55972c98f85bfe12b~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
7ff0733d-8031-54b8-9a3c-f0d867b8b6de	53d5ea52-0e11-48cb-b383-8757014b140f	tiktok	11719165539127614682	https://www.tiktok.com/@release.creator/video/11719165539127614682	e89863ed-3c5c-4eca-bc1c-8edc01df2e0d	release.creator	\N	storytime new what your days #smallbusiness #music	https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/23a8020dbc12f138a6b860694475aa11~tplv-tiktokx-origin.image	\N	\N	f	active		2026-12-06 21:11:37+00	\N	2026-12-06 21:11:23.634174+00	2026-12-06 21:11:38.445276+00
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
53d5ea52-0e11-48cb-b383-8757014b140f	c7e504e9-3144-4e9c-89bd-956f0369b7dd	owner	2026-12-06 21:11:21.952476+00
\.


--
-- Data for Name: workspaces; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.workspaces (id, name, owner_id, plan, video_limit, seat_limit, has_access, trial_ends_at, payment_customer_id, payment_subscription_id, subscription_status, founding, created_at, updated_at, data_version, grace_ends_at, checkout_plan, checkout_founding) FROM stdin;
53d5ea52-0e11-48cb-b383-8757014b140f	Release Co	c7e504e9-3144-4e9c-89bd-956f0369b7dd	trial	50	1	t	2026-12-13 21:11:21.954635+00	\N	\N	\N	f	2026-12-06 21:11:21.952476+00	2026-12-06 21:11:21.952476+00	18	\N	\N	f
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
-- Name: payment_events payment_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_pkey PRIMARY KEY (id);


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

\unrestrict AKscQHPmgo5aP6BMmv6qlAqNn71xCRu44iya0lvfCEdF0maOMUEUprWgXn84QRW

