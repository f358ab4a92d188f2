package numbers_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// spikeFixture is a workspace with a collection, and videos with their
// snapshots written to ClickHouse: the fixture of the spike scan's tests
// (query), for the tests here that need videos with numbers.
type spikeFixture struct {
	t    *testing.T
	now  time.Time
	ws   uuid.UUID
	coll uuid.UUID
	ids  map[string]uuid.UUID
	w    *ingest.SnapshotWriter
}

func newSpikeFixture(t *testing.T, now time.Time) *spikeFixture {
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	return &spikeFixture{t: t, now: now, ws: ws, coll: env.Collection(t, ws, "c"), ids: map[string]uuid.UUID{},
		w: ingest.NewSnapshotWriter(env.CH, 1000, time.Now())}
}

// video adds a video published `published` ago with views at the given
// ages (hours before now → views).
func (f *spikeFixture) video(key, plat, account string, inCollection bool, published time.Duration, views map[float64]uint64) {
	var coll *uuid.UUID
	if inCollection {
		coll = &f.coll
	}
	accID := f.ids[account] // uuid.Nil for a video tracked by its own link
	id := env.Video(f.t, f.ws, testenv.VideoOptions{Platform: platform.Platform(plat), PlatformID: key, AccountID: accID, CollectionID: coll,
		PublishedAt: f.now.Add(-published), Status: domain.ItemActive})
	f.ids[key] = id
	for age, v := range views {
		v := v
		err := f.w.Add(context.Background(), ingest.Snapshot{WorkspaceID: f.ws, Platform: platform.Platform(plat), Kind: platform.Video,
			EntityID: id, AccountID: accID, ScrapedAt: f.now.Add(-time.Duration(age * float64(time.Hour))), Metrics: ingest.Metrics{Views: &v}, JobID: uuid.New(),
			PublishedAt: f.now.Add(-published)})
		if err != nil {
			f.t.Fatal(err)
		}
	}
}

func (f *spikeFixture) flush() {
	if err := f.w.Flush(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

func hourly(from, to int, value func(age int) uint64) map[float64]uint64 {
	out := map[float64]uint64{}
	for age := from; age >= to; age-- {
		out[float64(age)] = value(age)
	}
	return out
}
