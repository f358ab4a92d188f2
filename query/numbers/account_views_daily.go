package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// ViewsGainedDaily answers, for each of the workspace's accounts asked,
// its counted videos' views per UTC day from start to now, the days of
// query.Buckets (every day present, views gained within it and the
// running total at its end, as an account's panel charts them). An
// account without videos has days of nothing.
func (h AccountsHandler) ViewsGainedDaily(ctx context.Context, ws uuid.UUID, accounts []uuid.UUID, start, now time.Time) (map[uuid.UUID][]Point, error) {
	start = chread.Daily.Floor(start)
	out := make(map[uuid.UUID][]Point, len(accounts))
	if len(accounts) == 0 {
		return out, nil
	}
	videos := map[uuid.UUID][]uuid.UUID{}
	rows, _ := h.DB.Query(ctx, `
		SELECT v.account_id, v.id FROM videos v JOIN accounts a ON a.workspace_id = v.workspace_id AND a.id = v.account_id
		WHERE v.workspace_id = $1 AND v.account_id = ANY($2) AND `+query.CountedVideoSQL, ws, accounts)
	var acc, id uuid.UUID
	if _, err := pgx.ForEachRow(rows, []any{&acc, &id}, func() error { videos[acc] = append(videos[acc], id); return nil }); err != nil {
		return nil, fmt.Errorf("read the accounts' videos: %w", err)
	}
	series := make([][]Point, len(accounts))
	err := fanout.Each(len(accounts), 4, func(i int) error {
		ids := videos[accounts[i]]
		if len(ids) == 0 {
			series[i] = seriesOnEveryBucket(chread.Daily, start, now, 0, nil)
			return nil
		}
		base, points, err := chread.Reader{CH: h.CH}.Series(ctx, viewsSeries(ws, chread.OnlyIDs(ids), chread.Daily, start))
		series[i] = seriesOnEveryBucket(chread.Daily, start, now, base, points)
		return err
	})
	if err != nil {
		return nil, err
	}
	for i, a := range accounts {
		out[a] = series[i]
	}
	return out, nil
}
