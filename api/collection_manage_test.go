package api_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	"github.com/reeltrack/reeltrack/query/numbers"
)

func TestRenameCollection(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	var other querycollections.Collection
	d.app.request("POST", "/api/collections", map[string]string{"name": "Other"}, d.cookie).expect(t, 200).decode(t, &other)
	path := "/api/collections/" + d.collection.String()

	var c querycollections.Collection
	d.app.request("PATCH", path, map[string]string{"name": "  Autumn drop "}, d.cookie).expect(t, 200).decode(t, &c)
	// the list's shape: its videos and accounts still counted
	if c.ID != d.collection || c.Name != "Autumn drop" || c.Videos == 0 || c.Accounts != 1 || c.Views == nil {
		t.Fatalf("renamed %+v", c)
	}
	var list querycollections.CollectionList
	d.get(t, "/api/collections", nil, &list)
	if list.Collections[0].Name != "Autumn drop" {
		t.Fatalf("the list still shows %q", list.Collections[0].Name)
	}
	// its own name in another case is fine
	d.app.request("PATCH", path, map[string]string{"name": "AUTUMN DROP"}, d.cookie).expect(t, 200)

	for _, body := range []any{`{"name": ""}`, `{"name": "  "}`, `{}`, `{"name": "a\u0007b"}`, `{"name": 3}`, `{"name": "x", "color": "red"}`,
		map[string]string{"name": strings.Repeat("x", 101)}} {
		d.app.request("PATCH", path, body, d.cookie).expectError(t, 400, "invalid_request")
	}
	d.app.request("PATCH", "/api/collections/"+other.ID.String(), map[string]string{"name": "autumn drop"}, d.cookie).expectError(t, 409, "conflict")
	theirs := seedDashboard(t)
	d.app.request("PATCH", "/api/collections/"+theirs.collection.String(), map[string]string{"name": "Mine"}, d.cookie).expectError(t, 404, "not_found")
	d.app.request("PATCH", "/api/collections/nope", map[string]string{"name": "Mine"}, d.cookie).expectError(t, 400, "invalid_request")
	if count(t, `SELECT count(*) FROM collections WHERE (id = $1 AND name = 'AUTUMN DROP') OR (id = $2 AND name = 'Other') OR (id = $3 AND name = 'Launch')`,
		d.collection, other.ID, theirs.collection) != 3 {
		t.Fatal("a refused rename was written")
	}
}

func TestDeleteCollection(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	path := "/api/collections/" + d.collection.String()
	var rule queryalerts.AlertRule
	d.app.request("POST", "/api/alerts", map[string]any{
		"name": "scoped", "metric": "views", "condition": "gain", "threshold": 100, "windowHours": 6, "collectionId": d.collection,
	}, d.cookie).expect(t, 200).decode(t, &rule)

	// a rule is scoped to it: refused, nothing changes
	if e := d.app.request("DELETE", path, nil, d.cookie).expectError(t, 409, "collection_has_alert_rules"); e.Message != "1 alert rule is scoped to this collection: delete it or change its scope first" {
		t.Errorf("the refusal says %q", e.Message)
	}
	theirs := seedDashboard(t)
	d.app.request("DELETE", "/api/collections/"+theirs.collection.String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("DELETE", "/api/collections/nope", nil, d.cookie).expectError(t, 400, "invalid_request")
	if count(t, `SELECT count(*) FROM collections WHERE id = ANY($1)`, []uuid.UUID{d.collection, theirs.collection}) != 2 ||
		count(t, `SELECT count(*) FROM videos WHERE collection_id = $1`, d.collection) == 0 {
		t.Fatal("a refused delete was written")
	}

	var before videoList
	d.get(t, "/api/videos", nil, &before)
	d.app.request("DELETE", "/api/alerts/"+rule.ID.String(), nil, d.cookie).expect(t, 204)
	d.app.request("DELETE", path, nil, d.cookie).expect(t, 204)

	var list querycollections.CollectionList
	d.get(t, "/api/collections", nil, &list)
	if len(list.Collections) != 0 {
		t.Fatalf("collections after the delete %+v", list.Collections)
	}
	// every video is still listed, none in a collection; the account too
	var after videoList
	d.get(t, "/api/videos", nil, &after)
	if after.Total != before.Total {
		t.Fatalf("%d videos after the delete, %d before", after.Total, before.Total)
	}
	for _, v := range after.Videos {
		if v.CollectionID != nil {
			t.Errorf("%s is still in collection %s", v.PlatformVideoID, v.CollectionID)
		}
	}
	var accounts numbers.AccountList
	d.get(t, "/api/accounts", nil, &accounts)
	if len(accounts.Accounts) != 1 || accounts.Accounts[0].CollectionID != nil || accounts.Accounts[0].Status != "active" {
		t.Fatalf("accounts after the delete %+v", accounts.Accounts)
	}
	d.app.request("GET", "/api/videos?collectionId="+d.collection.String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("DELETE", path, nil, d.cookie).expectError(t, 404, "not_found")
}
