package api_test

import (
	"strings"
	"testing"

	querycollections "github.com/reeltrack/reeltrack/query/collections"
)

type collectionsBody = querycollections.CollectionList

func TestCollections(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hist := d.history(t, "video")

	var list collectionsBody
	d.get(t, "/api/collections", nil, &list)
	if len(list.Collections) != 1 {
		t.Fatalf("%d collections, want the fixture's one", len(list.Collections))
	}
	launch := list.Collections[0]
	var views uint64
	for _, k := range []string{"v1", "v2", "v6"} { // v1, v2 through acc1; v6 on its own
		views += *latest(hist[d.videos[k]], 0)
	}
	if launch.ID != d.collection || launch.Name != "Launch" || launch.Videos != 3 || launch.Accounts != 1 || !ptrEq(launch.Views, &views) || !list.MetricsAvailable {
		t.Fatalf("collection %+v, want 3 videos, 1 account, %d views", launch, views)
	}

	var created querycollections.Collection
	d.app.request("POST", "/api/collections", map[string]string{"name": "  Summer drop  "}, d.cookie).expect(t, 200).decode(t, &created)
	if created.Name != "Summer drop" || created.Videos != 0 || created.CreatedAt.IsZero() {
		t.Fatalf("created %+v", created)
	}
	// the list shows it at once, although the list was cached before
	d.get(t, "/api/collections", nil, &list)
	if len(list.Collections) != 2 || list.Collections[1].ID != created.ID {
		t.Fatalf("list after create: %+v", list.Collections)
	}
	d.app.request("POST", "/api/collections", map[string]string{"name": "SUMMER DROP"}, d.cookie).expectError(t, 409, "conflict")
	for _, body := range []any{
		map[string]string{"name": "   "},
		map[string]string{"name": strings.Repeat("é", 101)},
		map[string]any{"name": "ok", "color": "red"},
		map[string]any{"name": 5},
		"not json",
	} {
		d.app.request("POST", "/api/collections", body, d.cookie).expectError(t, 400, "invalid_request")
	}
	d.app.request("POST", "/api/collections", map[string]string{"name": strings.Repeat("é", 100)}, d.cookie).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM collections WHERE workspace_id = $1`, d.ws); n != 3 {
		t.Fatalf("%d collections stored, want 3 (rejected requests write nothing)", n)
	}

	// another workspace sees none of them, and may use the same names
	other := seedDashboard(t)
	other.get(t, "/api/collections", nil, &list)
	for _, c := range list.Collections {
		if c.ID == created.ID || c.ID == d.collection {
			t.Fatalf("workspace sees another's collection %s", c.ID)
		}
	}
	other.app.request("POST", "/api/collections", map[string]string{"name": "Summer drop"}, other.cookie).expect(t, 200)
	d.app.request("GET", "/api/collections?x=1", nil, d.cookie).expectError(t, 400, "invalid_request")
}
