package main

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Run statuses: hyphens here, underscores in webhook event names.
const (
	statusReady     = "READY"
	statusRunning   = "RUNNING"
	statusSucceeded = "SUCCEEDED"
	statusFailed    = "FAILED"
	statusTimedOut  = "TIMED-OUT"
	statusAborted   = "ABORTED"
)

func terminal(status string) bool {
	switch status {
	case statusSucceeded, statusFailed, statusTimedOut, statusAborted:
		return true
	}
	return false
}

func eventOf(status string) string {
	return "ACTOR.RUN." + strings.ReplaceAll(status, "-", "_")
}

type actorRun struct {
	id, actID, actorName       string
	datasetID, kvsID, queueID  string
	buildID, buildNumber       string
	status, statusMessage      string
	startedAt, finishedAt      time.Time
	timeoutSecs, memoryMbytes  int
	maxItems, inputLen, inputs int
	exitCode                   int
	outcome                    outcome
	data                       *dataset // the items; empty unless SUCCEEDED
	hooks                      []*webhook
	done                       chan struct{}
	timers                     []*time.Timer
}

// outcome is how a run will end, decided when it starts.
type outcome struct {
	status  string
	message string
}

type runOptions struct {
	timeoutSecs  int
	memoryMbytes int
	maxItems     int
}

type runStore struct {
	mu       sync.Mutex
	runs     map[string]*actorRun
	datasets map[string]*actorRun
	seq      int
	hookKeys map[string]bool // idempotency keys of registered webhooks
}

func newRunStore() *runStore {
	return &runStore{runs: map[string]*actorRun{}, datasets: map[string]*actorRun{}, hookKeys: map[string]bool{}}
}

func randomID() string {
	b := make([]byte, 17)
	for i := range b {
		b[i] = alnum[rand.IntN(len(alnum))]
	}
	return string(b)
}

// decideOutcome chooses how run number seq ends: markers in the input
// force a failure or a time-out; otherwise -fail-rate fails evenly spaced
// runs (rate 0.1 fails the 10th, 20th, …).
func decideOutcome(body []byte, seq int, failRate float64) outcome {
	lower := strings.ToLower(string(body))
	switch {
	case strings.Contains(lower, "failrun"):
		return outcome{statusFailed, "The Actor process failed: the input asked for a failed run (failrun)"}
	case strings.Contains(lower, "timedout"):
		return outcome{statusTimedOut, "The Actor run timed out"}
	case failRate > 0 && math.Floor(float64(seq)*failRate) > math.Floor(float64(seq-1)*failRate):
		return outcome{statusFailed, "The Actor process was terminated unexpectedly (simulated by -fail-rate)"}
	}
	return outcome{statusSucceeded, ""}
}

// create registers a new run. Webhooks whose idempotency key was seen
// before are not registered again.
func (st *runStore) create(a actor, body []byte, inputs int, opts runOptions, hooks []*webhook, failRate float64, now time.Time, data *dataset) *actorRun {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.seq++
	r := &actorRun{
		id:           randomID(),
		actID:        a.id,
		actorName:    a.name,
		datasetID:    randomID(),
		kvsID:        randomID(),
		queueID:      randomID(),
		buildID:      alnumID(hashOf("build", a.name)),
		buildNumber:  "0.0." + itoa(int(10+hashOf("buildNumber", a.name)%300)),
		status:       statusReady,
		startedAt:    now,
		timeoutSecs:  opts.timeoutSecs,
		memoryMbytes: opts.memoryMbytes,
		maxItems:     opts.maxItems,
		inputLen:     len(body),
		inputs:       inputs,
		outcome:      decideOutcome(body, st.seq, failRate),
		data:         data,
		done:         make(chan struct{}),
	}
	for _, h := range hooks {
		if h.idempotencyKey != "" {
			if st.hookKeys[h.idempotencyKey] {
				continue
			}
			st.hookKeys[h.idempotencyKey] = true
		}
		r.hooks = append(r.hooks, h)
	}
	st.runs[r.id] = r
	st.datasets[r.datasetID] = r
	return r
}

func (st *runStore) get(id string) (*actorRun, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	r, ok := st.runs[id]
	return r, ok
}

func (st *runStore) byDataset(id string) (*actorRun, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	r, ok := st.datasets[id]
	return r, ok
}

// schedule runs f after d unless the run ends first.
func (st *runStore) schedule(r *actorRun, d time.Duration, f func()) {
	st.mu.Lock()
	defer st.mu.Unlock()
	r.timers = append(r.timers, time.AfterFunc(d, f))
}

func (st *runStore) setRunning(r *actorRun) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if r.status == statusReady {
		r.status = statusRunning
		r.statusMessage = "Crawled 0/" + itoa(r.inputs) + " pages, 0 failed requests."
	}
}

// finish ends a run unless it has ended already, and returns the webhooks
// to call for its event (nil when it had ended).
func (st *runStore) finish(r *actorRun, o outcome, now time.Time) []*webhook {
	st.mu.Lock()
	defer st.mu.Unlock()
	if terminal(r.status) {
		return nil
	}
	for _, t := range r.timers {
		t.Stop()
	}
	r.status, r.finishedAt = o.status, now
	r.statusMessage = o.message
	switch o.status {
	case statusSucceeded:
		r.statusMessage = "Finished! Total " + itoa(r.inputs) + " requests: " + itoa(r.inputs) + " succeeded, 0 failed."
	case statusFailed:
		r.exitCode = 1
		r.data = newDataset(nil, r.data.at, 0)
	default:
		r.data = newDataset(nil, r.data.at, 0)
	}
	close(r.done)
	var hooks []*webhook
	for _, h := range r.hooks {
		if h.wants(eventOf(o.status)) {
			hooks = append(hooks, h)
		}
	}
	return hooks
}

func (st *runStore) view(r *actorRun, userID string, now time.Time) runView {
	st.mu.Lock()
	defer st.mu.Unlock()
	v := runView{
		ID:                      r.id,
		ActID:                   r.actID,
		UserID:                  userID,
		ActorTaskID:             nil,
		StartedAt:               r.startedAt.UTC().Format(isoMillis),
		Status:                  r.status,
		StatusMessage:           r.statusMessage,
		IsStatusMessageTerminal: terminal(r.status),
		Meta:                    runMeta{Origin: "API"},
		Options: runViewOptions{
			Build: "latest", TimeoutSecs: r.timeoutSecs, MemoryMbytes: r.memoryMbytes, DiskMbytes: 2 * r.memoryMbytes,
		},
		BuildID:                r.buildID,
		BuildNumber:            r.buildNumber,
		DefaultKeyValueStoreID: r.kvsID,
		DefaultDatasetID:       r.datasetID,
		DefaultRequestQueueID:  r.queueID,
		ContainerURL:           "https://" + strings.ToLower(r.id[:12]) + ".runs.apify.net",
		GeneralAccess:          "FOLLOW_USER_SETTING",
	}
	if r.maxItems > 0 {
		mi := r.maxItems
		v.Options.MaxItems = &mi
	}
	end := now
	if terminal(r.status) {
		f := r.finishedAt.UTC().Format(isoMillis)
		v.FinishedAt = &f
		ec := r.exitCode
		v.ExitCode = &ec
		end = r.finishedAt
	}
	dur := max(0, end.Sub(r.startedAt))
	v.Stats = runStats{
		InputBodyLen:   r.inputLen,
		DurationMillis: dur.Milliseconds(),
		RunTimeSecs:    dur.Seconds(),
		ComputeUnits:   dur.Hours() * float64(r.memoryMbytes) / 1024,
		ResurrectCount: 0,
	}
	v.UsageTotalUsd = v.Stats.ComputeUnits * 0.4
	return v
}

// runView is the Run object of the Apify API.
type runView struct {
	ID                      string         `json:"id"`
	ActID                   string         `json:"actId"`
	UserID                  string         `json:"userId"`
	ActorTaskID             *string        `json:"actorTaskId"`
	StartedAt               string         `json:"startedAt"`
	FinishedAt              *string        `json:"finishedAt"`
	Status                  string         `json:"status"`
	StatusMessage           string         `json:"statusMessage"`
	IsStatusMessageTerminal bool           `json:"isStatusMessageTerminal"`
	Meta                    runMeta        `json:"meta"`
	Stats                   runStats       `json:"stats"`
	Options                 runViewOptions `json:"options"`
	BuildID                 string         `json:"buildId"`
	ExitCode                *int           `json:"exitCode"`
	DefaultKeyValueStoreID  string         `json:"defaultKeyValueStoreId"`
	DefaultDatasetID        string         `json:"defaultDatasetId"`
	DefaultRequestQueueID   string         `json:"defaultRequestQueueId"`
	BuildNumber             string         `json:"buildNumber"`
	ContainerURL            string         `json:"containerUrl"`
	GeneralAccess           string         `json:"generalAccess"`
	UsageTotalUsd           float64        `json:"usageTotalUsd"`
}

type runMeta struct {
	Origin string `json:"origin"`
}

type runStats struct {
	InputBodyLen   int     `json:"inputBodyLen"`
	RestartCount   int     `json:"restartCount"`
	ResurrectCount int     `json:"resurrectCount"`
	DurationMillis int64   `json:"durationMillis"`
	RunTimeSecs    float64 `json:"runTimeSecs"`
	ComputeUnits   float64 `json:"computeUnits"`
}

type runViewOptions struct {
	Build        string `json:"build"`
	TimeoutSecs  int    `json:"timeoutSecs"`
	MemoryMbytes int    `json:"memoryMbytes"`
	DiskMbytes   int    `json:"diskMbytes"`
	MaxItems     *int   `json:"maxItems,omitempty"`
}

func itoa(n int) string { return strconv.Itoa(n) }
