package main

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Server is the simulated Apify API v2.
type Server struct {
	cfg      Config
	log      *slog.Logger
	clock    clock
	world    *world
	store    *runStore
	hooks    *dispatcher
	mux      *http.ServeMux
	userID   string
	requests atomic.Int64
	// ahead is how far POST /sim/clock has moved the wall clock on.
	ahead atomic.Int64
}

// NewServer builds the simulator from a validated configuration.
func NewServer(cfg Config, log *slog.Logger) *Server {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	epoch := cfg.Epoch
	if epoch.IsZero() {
		epoch = now()
	}
	s := &Server{
		cfg: cfg,
		log: log,
		world: &world{
			anchor:        epoch,
			maxPerProfile: cfg.ItemsPerProfileMax,
			quirks:        quirks{enabled: cfg.Quirks},
			owners:        newOwnerMemo(),
			bios:          &bios{},
		},
		store:  newRunStore(),
		hooks:  newDispatcher(cfg, log),
		mux:    http.NewServeMux(),
		userID: alnumID(hashOf("user", cfg.Token)),
	}
	s.clock = clock{origin: epoch, speed: cfg.Speed, now: func() time.Time { return now().Add(time.Duration(s.ahead.Load())) }}
	s.mux.HandleFunc("/sim/clock", only(http.MethodPost, s.advanceClock))
	s.mux.HandleFunc("/sim/bio", only(http.MethodPost, s.setBio))
	for _, base := range []string{"/v2/acts/{actor}", "/v2/actors/{actor}"} {
		s.mux.HandleFunc(base+"/runs", only(http.MethodPost, s.startRun))
		s.mux.HandleFunc(base+"/runs/{runId}", only(http.MethodGet, s.getActorRun))
		s.mux.HandleFunc(base+"/run-sync-get-dataset-items", only(http.MethodPost, s.runSync))
	}
	s.mux.HandleFunc("/v2/actor-runs/{runId}", only(http.MethodGet, s.getRun))
	s.mux.HandleFunc("/v2/actor-runs/{runId}/abort", only(http.MethodPost, s.abortRun))
	s.mux.HandleFunc("/v2/actor-runs/{runId}/dataset/items", only(http.MethodGet, s.runItems))
	s.mux.HandleFunc("/v2/datasets/{datasetId}", only(http.MethodGet, s.getDataset))
	s.mux.HandleFunc("/v2/datasets/{datasetId}/items", only(http.MethodGet, s.datasetItems))
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "page-not-found", "We have bad news: there is no API endpoint at this URL.")
	})
	return s
}

// Close stops webhook retries and waits for deliveries under way.
func (s *Server) Close() { s.hooks.close() }

// ServeHTTP answers /healthz without a token; everything under /v2 is
// rate limited (when -rate429 is set) and needs the token.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	defer func() {
		s.log.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "ms", time.Since(start).Milliseconds())
	}()
	if r.URL.Path == "/healthz" {
		rec.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(rec, "ok\n")
		return
	}
	if strings.HasPrefix(r.URL.Path, "/v2/") || strings.HasPrefix(r.URL.Path, "/sim/") {
		if n := int64(s.cfg.Rate429); n > 0 && s.requests.Add(1)%n == 0 {
			writeError(rec, http.StatusTooManyRequests, "rate-limit-exceeded", "You have exceeded the rate limit. Please try again later.")
			return
		}
		if !s.authorized(rec, r) {
			return
		}
	}
	s.mux.ServeHTTP(rec, r)
}

func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	token := r.URL.Query().Get("token")
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			token = strings.TrimSpace(t)
		}
	}
	switch {
	case token == "":
		writeError(w, http.StatusUnauthorized, "token-not-provided", "Authentication token was not provided")
		return false
	case subtle.ConstantTimeCompare([]byte(token), []byte(s.cfg.Token)) != 1:
		writeError(w, http.StatusUnauthorized, "user-or-token-not-found", "User was not found or authentication token is not valid")
		return false
	}
	return true
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func only(method string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method {
			w.Header().Set("Allow", method)
			writeError(w, http.StatusMethodNotAllowed, "method-not-allowed", "This API endpoint can only be accessed using the "+method+" method.")
			return
		}
		h(w, r)
	}
}

func writeError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"type": typ, "message": msg}})
}

func writeData(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"data": v})
}

// badRequest is a problem with the request that the client must fix.
type badRequest struct{ msg string }

func (e badRequest) Error() string { return e.msg }

func queryInt(r *http.Request, name string, def int) (int, error) {
	v := strings.TrimSpace(r.URL.Query().Get(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badRequest{"Parameter '" + name + "' must be a non-negative integer"}
	}
	return n, nil
}

func (s *Server) lookupActor(w http.ResponseWriter, r *http.Request) (actor, bool) {
	a, ok := findActor(r.PathValue("actor"))
	if !ok {
		writeError(w, http.StatusNotFound, "record-not-found", "Actor was not found")
	}
	return a, ok
}

func (s *Server) start(w http.ResponseWriter, r *http.Request, a actor, defaultTimeout int) (*actorRun, bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 10<<20))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", "Could not read the request body")
		return nil, false
	}
	in, err := decodeInput(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", "Input is not valid JSON: "+err.Error())
		return nil, false
	}
	var opts runOptions
	var problems []error
	for _, p := range []struct {
		name string
		dst  *int
		def  int
	}{{"timeout", &opts.timeoutSecs, defaultTimeout}, {"memory", &opts.memoryMbytes, 1024}, {"maxItems", &opts.maxItems, 0}} {
		v, err := queryInt(r, p.name, p.def)
		problems = append(problems, err)
		*p.dst = v
	}
	hooks, err := parseWebhooks(r.URL.Query().Get("webhooks"))
	problems = append(problems, err)
	if err := errors.Join(problems...); err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", err.Error())
		return nil, false
	}
	segs := a.plan(s.world, in)
	data := newDataset(segs, s.clock.sim(), opts.maxItems).withEmptyItems(s.cfg.EmptyEvery)
	if s.cfg.KeepDatasets {
		data.keep()
	}
	run := s.store.create(a, body, max(1, len(segs)), opts, hooks, s.cfg.FailRate, s.clock.now(), data)
	s.log.Info("run started", "run", run.id, "actor", a.name, "items", data.total, "webhooks", len(run.hooks))
	s.emit(run, "ACTOR.RUN.CREATED")
	end, o := s.cfg.RunDuration, run.outcome
	if limit := time.Duration(opts.timeoutSecs) * time.Second; limit > 0 && end > limit {
		end, o = limit, outcome{statusTimedOut, "The Actor run timed out"}
	}
	s.store.schedule(run, end/3, func() { s.store.setRunning(run) })
	s.store.schedule(run, end, func() { s.finish(run, o) })
	return run, true
}

// advanceClock moves the simulator's wall clock, and so simulated time,
// forward by ?by=, for tests whose scrapes must lie hours apart.
func (s *Server) advanceClock(w http.ResponseWriter, r *http.Request) {
	d, err := time.ParseDuration(r.URL.Query().Get("by"))
	if err != nil || d < 0 {
		writeError(w, http.StatusBadRequest, "invalid-request", "Parameter 'by' must be a non-negative duration such as 90m")
		return
	}
	s.ahead.Add(int64(d))
	writeData(w, http.StatusOK, map[string]string{"now": s.clock.now().UTC().Format(isoMillis)})
}

// finish ends a run and calls its webhooks, counted by the dispatcher from
// before the run ends, so a wait for the dispatcher covers its deliveries.
func (s *Server) finish(r *actorRun, o outcome) {
	s.hooks.wg.Add(1)
	defer s.hooks.wg.Done()
	hooks := s.store.finish(r, o, s.clock.now())
	if hooks == nil {
		return
	}
	s.log.Info("run finished", "run", r.id, "status", o.status)
	s.emitTo(r, eventOf(o.status), hooks)
}

func (s *Server) emit(r *actorRun, event string) {
	var hooks []*webhook
	for _, h := range r.hooks {
		if h.wants(event) {
			hooks = append(hooks, h)
		}
	}
	s.emitTo(r, event, hooks)
}

func (s *Server) emitTo(r *actorRun, event string, hooks []*webhook) {
	if len(hooks) == 0 {
		return
	}
	v := templateVars{
		UserID:    s.userID,
		CreatedAt: s.clock.now().UTC().Format(isoMillis),
		EventType: event,
		EventData: map[string]any{"actorId": r.actID, "actorRunId": r.id},
		Resource:  s.store.view(r, s.userID, s.clock.now()),
	}
	for _, h := range hooks {
		s.hooks.send(h, v)
	}
}

// wait blocks until the run ends, secs pass or the client goes away.
func wait(ctx context.Context, r *actorRun, secs int) {
	if secs <= 0 {
		return
	}
	t := time.NewTimer(time.Duration(secs) * time.Second)
	defer t.Stop()
	select {
	case <-r.done:
	case <-t.C:
	case <-ctx.Done():
	}
}

// startRun is POST /v2/acts/{actor}/runs.
func (s *Server) startRun(w http.ResponseWriter, r *http.Request) {
	a, ok := s.lookupActor(w, r)
	if !ok {
		return
	}
	waitSecs, err := queryInt(r, "waitForFinish", 0)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", err.Error())
		return
	}
	run, ok := s.start(w, r, a, 3600)
	if !ok {
		return
	}
	wait(r.Context(), run, min(waitSecs, 60))
	writeData(w, http.StatusCreated, s.store.view(run, s.userID, s.clock.now()))
}

// runSync is POST /v2/acts/{actor}/run-sync-get-dataset-items: start, wait
// (up to the timeout, 300 s by default) and answer the items.
func (s *Server) runSync(w http.ResponseWriter, r *http.Request) {
	a, ok := s.lookupActor(w, r)
	if !ok {
		return
	}
	run, ok := s.start(w, r, a, 300)
	if !ok {
		return
	}
	wait(r.Context(), run, max(1, run.timeoutSecs))
	v := s.store.view(run, s.userID, s.clock.now())
	if v.Status != statusSucceeded {
		writeError(w, http.StatusBadRequest, "run-failed", "Actor run did not succeed (run ID: "+run.id+", status: "+v.Status+")")
		return
	}
	s.writeItems(w, r, run, http.StatusCreated)
}

// getRun is GET /v2/actor-runs/{runId}.
func (s *Server) getRun(w http.ResponseWriter, r *http.Request) {
	s.showRun(w, r, r.PathValue("runId"), "")
}

// getActorRun is GET /v2/acts/{actor}/runs/{runId}.
func (s *Server) getActorRun(w http.ResponseWriter, r *http.Request) {
	a, ok := s.lookupActor(w, r)
	if !ok {
		return
	}
	s.showRun(w, r, r.PathValue("runId"), a.id)
}

func (s *Server) showRun(w http.ResponseWriter, r *http.Request, id, actID string) {
	run, ok := s.store.get(id)
	if !ok || (actID != "" && run.actID != actID) {
		writeError(w, http.StatusNotFound, "record-not-found", "Actor run was not found")
		return
	}
	waitSecs, err := queryInt(r, "waitForFinish", 0)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", err.Error())
		return
	}
	wait(r.Context(), run, min(waitSecs, 60))
	writeData(w, http.StatusOK, s.store.view(run, s.userID, s.clock.now()))
}

// abortRun is POST /v2/actor-runs/{runId}/abort.
func (s *Server) abortRun(w http.ResponseWriter, r *http.Request) {
	run, ok := s.pathRun(w, r)
	if !ok {
		return
	}
	s.finish(run, outcome{statusAborted, "Actor run was aborted"})
	writeData(w, http.StatusOK, s.store.view(run, s.userID, s.clock.now()))
}

// getDataset is GET /v2/datasets/{datasetId}.
func (s *Server) getDataset(w http.ResponseWriter, r *http.Request) {
	run, ok := s.pathDataset(w, r)
	if !ok {
		return
	}
	v := s.store.view(run, s.userID, s.clock.now())
	d := s.items(run)
	writeData(w, http.StatusOK, map[string]any{
		"id": run.datasetID, "name": nil, "userId": s.userID, "createdAt": v.StartedAt,
		"modifiedAt": v.FinishedAt, "accessedAt": s.clock.now().UTC().Format(isoMillis),
		"itemCount": d.total, "cleanItemCount": d.items, "actId": run.actID, "actRunId": run.id,
	})
}

// datasetItems is GET /v2/datasets/{datasetId}/items.
func (s *Server) datasetItems(w http.ResponseWriter, r *http.Request) {
	run, ok := s.pathDataset(w, r)
	if !ok {
		return
	}
	s.writeItems(w, r, run, http.StatusOK)
}

// runItems is GET /v2/actor-runs/{runId}/dataset/items.
func (s *Server) runItems(w http.ResponseWriter, r *http.Request) {
	run, ok := s.pathRun(w, r)
	if !ok {
		return
	}
	s.writeItems(w, r, run, http.StatusOK)
}

// pathRun is the run the path's runId names; else it answers 404.
func (s *Server) pathRun(w http.ResponseWriter, r *http.Request) (*actorRun, bool) {
	run, ok := s.store.get(r.PathValue("runId"))
	if !ok {
		writeError(w, http.StatusNotFound, "record-not-found", "Actor run was not found")
	}
	return run, ok
}

// pathDataset is the run of the dataset the path's datasetId names; else it
// answers 404.
func (s *Server) pathDataset(w http.ResponseWriter, r *http.Request) (*actorRun, bool) {
	run, ok := s.store.byDataset(r.PathValue("datasetId"))
	if !ok {
		writeError(w, http.StatusNotFound, "record-not-found", "Dataset was not found")
	}
	return run, ok
}

// items is the run's dataset as readable now: empty until the run succeeded.
func (s *Server) items(r *actorRun) *dataset {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	if r.status != statusSucceeded {
		return newDataset(nil, r.data.at, 0)
	}
	return r.data
}

// writeItems streams a page of dataset items as a JSON array with the
// pagination headers. clean (or skipEmpty) drops the empty items after
// offset and limit apply, as Apify does, so a page can be short while more
// follow; the headers count before that. fields and the like are ignored.
func (s *Server) writeItems(w http.ResponseWriter, r *http.Request, run *actorRun, status int) {
	q := r.URL.Query()
	if f := q.Get("format"); f != "" && f != "json" {
		writeError(w, http.StatusBadRequest, "invalid-request", "The simulator serves only format=json")
		return
	}
	offset, err := queryInt(r, "offset", 0)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", err.Error())
		return
	}
	limit, err := queryInt(r, "limit", -1)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid-request", err.Error())
		return
	}
	truthy := func(name string) bool { v := q.Get(name); return v == "1" || v == "true" }
	desc := truthy("desc")
	clean := truthy("clean") || truthy("skipEmpty")
	d := s.items(run)
	from, to := d.page(offset, limit)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Apify-Pagination-Offset", strconv.Itoa(offset))
	if limit >= 0 {
		h.Set("X-Apify-Pagination-Limit", strconv.Itoa(limit))
	} else {
		h.Set("X-Apify-Pagination-Limit", strconv.Itoa(max(to-from, 0)))
	}
	h.Set("X-Apify-Pagination-Count", strconv.Itoa(to-from))
	h.Set("X-Apify-Pagination-Total", strconv.Itoa(d.total))
	h.Set("X-Apify-Pagination-Desc", strconv.FormatBool(desc))
	w.WriteHeader(status)
	if err := d.write(w, from, to, desc, clean); err != nil {
		s.log.Info("dataset stream cut short", "dataset", run.datasetID, "error", err)
	}
}
