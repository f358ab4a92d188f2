package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/store"
)

// recomputed is how the API's numbers at the end compare with the raw
// snapshots and with the simulator's datasets.
type recomputed struct {
	Listed, Tracked int // videos the API lists; the workspace's videos it should (PostgreSQL: not removed, not beyond the limit)
	WithViews       int // listed videos with views
	APIvsRaw        int // listed videos whose views differ from their last raw snapshot's
	Datasets        int // datasets read again from the simulator
	SimCompared     int // videos whose last raw views were found in their dataset
	SimMissing      int // videos with raw views their dataset does not show
	RawVsSim        int // of those compared, views differ
	Examples        []string
	Snapshots       uint64 // raw snapshot rows of the workspace (FINAL)
}

type listedVideo struct {
	ID              uuid.UUID `json:"id"`
	Platform        string    `json:"platform"`
	PlatformVideoID string    `json:"platformVideoId"`
	Metrics         struct {
		Views *int64 `json:"views"`
	} `json:"metrics"`
}

type rawLast struct {
	views   *uint64
	job     uuid.UUID
	scraped time.Time
}

// recompute reads every video the API lists and compares its views with
// the views of its last raw snapshot that has views (metric_snapshots,
// FINAL: the table the projections derive from, read directly), and those
// with the item of the video in the dataset of the scrape that wrote it,
// read again from the simulator: the provider's own answer.
func (s *soak) recompute(ctx context.Context) (recomputed, error) {
	var rec recomputed
	// every kind of post, each listed on its own (left out, the list keeps
	// the own posts and collabs)
	var listed []listedVideo
	for _, kind := range []string{"own", "collab", "repost", "quote", "reply", "other_author"} {
		for offset := 0; ; offset += 500 {
			var page struct {
				Videos []listedVideo `json:"videos"`
			}
			if err := s.api.do(ctx, "GET", "/api/videos?datePreset=all&sort=added&limit=500&kind="+kind+"&offset="+strconv.Itoa(offset), nil, &page); err != nil {
				return rec, err
			}
			listed = append(listed, page.Videos...)
			if len(page.Videos) < 500 {
				break
			}
		}
	}
	rec.Listed = len(listed)
	if err := s.pg.QueryRow(ctx, `SELECT count(*) FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
		WHERE v.workspace_id = $1 AND v.status NOT IN ('removed', 'beyond_limit') AND (a.id IS NULL OR a.status <> 'removed')`, s.ws).Scan(&rec.Tracked); err != nil {
		return rec, err
	}

	chctx := store.WithoutClickHouseBound(ctx)
	rows, err := s.ch.Query(chctx, `
		SELECT entity_id, argMaxIf(views, scraped_at, isNotNull(views)), argMaxIf(job_id, scraped_at, isNotNull(views)),
		       maxIf(scraped_at, isNotNull(views)), count()
		FROM metric_snapshots FINAL
		WHERE workspace_id = ? AND entity_kind = 'video'
		GROUP BY entity_id`, s.ws)
	if err != nil {
		return rec, fmt.Errorf("read the raw snapshots: %w", err)
	}
	raw := map[uuid.UUID]rawLast{}
	for rows.Next() {
		var id, job uuid.UUID
		var views *uint64
		var at time.Time
		var n uint64
		if err := rows.Scan(&id, &views, &job, &at, &n); err != nil {
			rows.Close()
			return rec, err
		}
		raw[id] = rawLast{views: views, job: job, scraped: at}
		rec.Snapshots += n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return rec, err
	}

	byJob := map[uuid.UUID][]listedVideo{}
	for _, v := range listed {
		r := raw[v.ID]
		api := v.Metrics.Views
		if api != nil {
			rec.WithViews++
		}
		if (api == nil) != (r.views == nil) || (api != nil && uint64(*api) != *r.views) {
			rec.APIvsRaw++
			rec.example("%s video %s: the API answers %s views, its last raw snapshot (%s) %s", v.Platform, v.PlatformVideoID, show(api), r.scraped.Format(time.RFC3339), showU(r.views))
		}
		if r.views != nil {
			byJob[r.job] = append(byJob[r.job], v)
		}
	}

	for job, videos := range byJob {
		var dataset, platform string
		if err := s.pg.QueryRow(ctx, `SELECT dataset_id, platform FROM scrape_jobs WHERE id = $1`, job).Scan(&dataset, &platform); err != nil {
			return rec, fmt.Errorf("the scrape job %s: %w", job, err)
		}
		seen, err := s.datasetViews(ctx, dataset, platform)
		if err != nil {
			return rec, err
		}
		rec.Datasets++
		for _, v := range videos {
			want := *raw[v.ID].views
			got, ok := seen[v.PlatformVideoID]
			switch {
			case !ok:
				rec.SimMissing++
				rec.example("%s video %s: its last raw views (%d, job %s) are in no item of the job's dataset", v.Platform, v.PlatformVideoID, want, job)
			case got != want:
				rec.SimCompared++
				rec.RawVsSim++
				rec.example("%s video %s: its last raw snapshot has %d views, the simulator's dataset %d", v.Platform, v.PlatformVideoID, want, got)
			default:
				rec.SimCompared++
			}
		}
	}
	return rec, nil
}

func (r *recomputed) example(format string, args ...any) {
	if len(r.Examples) < 5 {
		r.Examples = append(r.Examples, fmt.Sprintf(format, args...))
	}
}

func show(n *int64) string {
	if n == nil {
		return "no"
	}
	return strconv.FormatInt(*n, 10)
}

func showU(n *uint64) string {
	if n == nil {
		return "no"
	}
	return strconv.FormatUint(*n, 10)
}

// viewFields are where each platform's items carry a video's id and views:
// the fields the actors document (docs of ingest/normalize), first match
// wins. Instagram's nested posts (a profile's latestPosts) carry only
// videoPlayCount as views.
var viewFields = map[string]struct {
	id    string
	views []string
}{
	"tiktok":    {"id", []string{"playCount"}},
	"instagram": {"shortCode", []string{"videoPlayCount", "videoViewCount"}},
	"youtube":   {"id", []string{"viewCount"}},
	"x":         {"id", []string{"viewCount"}},
}

// datasetViews reads a dataset from the simulator, page by page, and
// returns the views of each video it shows, by platform id.
func (s *soak) datasetViews(ctx context.Context, dataset, platform string) (map[string]uint64, error) {
	f, ok := viewFields[platform]
	if !ok {
		return nil, fmt.Errorf("no view fields for platform %q", platform)
	}
	out := map[string]uint64{}
	var take func(item map[string]any, nested bool)
	take = func(item map[string]any, nested bool) {
		if id := text(item[f.id]); id != "" {
			for i, field := range f.views {
				if nested && i > 0 {
					break
				}
				if n, ok := count(item[field]); ok {
					out[id] = n
					break
				}
			}
		}
		if posts, ok := item["latestPosts"].([]any); ok {
			for _, p := range posts {
				if m, ok := p.(map[string]any); ok {
					take(m, true)
				}
			}
		}
	}
	const page = 1000
	for offset := 0; ; offset += page {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet,
			fmt.Sprintf("%s/v2/datasets/%s/items?format=json&clean=true&offset=%d&limit=%d", s.simBase, dataset, offset, page), nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+simToken)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, fmt.Errorf("read dataset %s: %w", dataset, err)
		}
		var items []map[string]any
		dec := json.NewDecoder(res.Body)
		dec.UseNumber()
		err = dec.Decode(&items)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("read dataset %s: %d, %v", dataset, res.StatusCode, err)
		}
		for _, it := range items {
			take(it, false)
		}
		total, _ := strconv.Atoi(res.Header.Get("X-Apify-Pagination-Total"))
		if len(items) == 0 || offset+page >= total {
			return out, nil
		}
	}
}

func text(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case json.Number:
		return x.String()
	}
	return ""
}

func count(v any) (uint64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	u, err := strconv.ParseUint(n.String(), 10, 64)
	return u, err == nil
}

// mergeWait bounds the wait for ClickHouse's merges after the last step.
const mergeWait = 3 * time.Minute

// afterMerges waits (mergeWait at most) until every table's active parts
// are within partsPerTableMax, letting ClickHouse's background merges run
// (nothing is forced), and returns the last count.
func (s *soak) afterMerges(ctx context.Context) (map[string]int, error) {
	deadline := time.Now().Add(mergeWait)
	for {
		parts, _, _, err := readParts(ctx, s.ch, s.chDB)
		if err != nil {
			return nil, err
		}
		over := false
		for _, n := range parts {
			over = over || n > partsPerTableMax
		}
		if !over || time.Now().After(deadline) {
			return parts, nil
		}
		time.Sleep(2 * time.Second)
	}
}
