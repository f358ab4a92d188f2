package collections_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func createCollection(ws uuid.UUID, name string) (collections.CreatedCollection, error) {
	return collections.CreateCollectionHandler{DB: env.PG}.Handle(context.Background(), collections.CreateCollection{WorkspaceID: ws, Name: name})
}

func renameCollection(ws, id uuid.UUID, name string) error {
	return collections.ManageCollectionHandler{DB: env.PG}.Rename(context.Background(), collections.RenameCollection{WorkspaceID: ws, ID: id, Name: name})
}

func deleteCollection(ws, id uuid.UUID) error {
	return collections.ManageCollectionHandler{DB: env.PG}.Delete(context.Background(), collections.DeleteCollection{WorkspaceID: ws, ID: id})
}

// collectionNames are the workspace's collections' names, sorted.
func collectionNames(t *testing.T, ws uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `SELECT coalesce(array_agg(name ORDER BY name), '{}') FROM collections WHERE workspace_id = $1`, ws)
}

// activities are the workspace's activity log entries, oldest first, as
// "action target".
func activities(t *testing.T, ws uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `SELECT coalesce(array_agg(action || ' ' || target ORDER BY id), '{}') FROM activity_log WHERE workspace_id = $1`, ws)
}

// badCollectionNames are refused by create and rename alike.
var badCollectionNames = map[string]string{
	"empty":             "",
	"only spaces":       "   ",
	"too long":          strings.Repeat("é", collections.MaxCollectionName+1),
	"control character": "Launch\x00",
}

// TestCreateCollection: a collection's name is trimmed and unique in its
// workspace ignoring case, while another workspace may use it; creating
// one is logged and bumps the data version. A bad or taken name writes
// nothing.
func TestCreateCollection(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	v := dataVersion(t, ws)
	c, err := createCollection(ws, "  Launch ")
	if err != nil || c.Name != "Launch" || c.CreatedAt.IsZero() {
		t.Fatalf("create: %+v, %v", c, err)
	}
	if dataVersion(t, ws) != v+1 || !slices.Equal(activities(t, ws), []string{"collection_created Launch"}) {
		t.Fatalf("data version +%d, activity %q; want +1 and the creation logged", dataVersion(t, ws)-v, activities(t, ws))
	}
	if _, err := createCollection(ws, "LAUNCH"); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("a taken name in another case: %v, want conflict", err)
	}
	for name, bad := range badCollectionNames {
		if got := invalidFields(t, func() error { _, err := createCollection(ws, bad); return err }()); !slices.Equal(got, []string{"name"}) {
			t.Errorf("%s: fields %q", name, got)
		}
	}
	if got := collectionNames(t, ws); !slices.Equal(got, []string{"Launch"}) || dataVersion(t, ws) != v+1 {
		t.Fatalf("after refused creations: %q, data version +%d", got, dataVersion(t, ws)-v)
	}
	if _, err := createCollection(env.Workspace(t, testenv.WorkspaceOptions{}), "Launch"); err != nil {
		t.Fatalf("the same name in another workspace: %v", err)
	}
}

// TestRenameCollection: a collection may take a free name or its own in
// another case, not a name another collection of the workspace has nor a
// bad one; another workspace's collection is not found. A refused rename
// keeps the name.
func TestRenameCollection(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	launch := env.Collection(t, ws, "Launch")
	env.Collection(t, ws, "Evergreen")
	theirs := env.Collection(t, env.Workspace(t, testenv.WorkspaceOptions{}), "Theirs")

	for _, c := range []struct {
		name string
		id   uuid.UUID
		to   string
		want apperr.Kind
	}{
		{"another collection's name", launch, "evergreen", apperr.KindConflict},
		{"another workspace's collection", theirs, "Mine", apperr.KindNotFound},
	} {
		if err := renameCollection(ws, c.id, c.to); apperr.KindOf(err) != c.want {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.want)
		}
	}
	for name, bad := range badCollectionNames {
		if got := invalidFields(t, renameCollection(ws, launch, bad)); !slices.Equal(got, []string{"name"}) {
			t.Errorf("%s: fields %q", name, got)
		}
	}
	if got := collectionNames(t, ws); !slices.Equal(got, []string{"Evergreen", "Launch"}) {
		t.Fatalf("after refused renames: %q", got)
	}

	v := dataVersion(t, ws)
	if err := renameCollection(ws, launch, " LAUNCH "); err != nil {
		t.Fatalf("its own name in another case: %v", err)
	}
	if got := collectionNames(t, ws); !slices.Equal(got, []string{"Evergreen", "LAUNCH"}) || dataVersion(t, ws) != v+1 {
		t.Fatalf("after rename: %q, data version +%d", got, dataVersion(t, ws)-v)
	}
	if got := activities(t, ws); !slices.Equal(got, []string{"collection_changed LAUNCH"}) {
		t.Fatalf("activity %q", got)
	}
}

// TestDeleteCollection: deleting a collection keeps its videos and
// accounts tracked, in no collection; it is refused while an alert rule is
// scoped to it (deleting would widen the rule to the whole workspace), and
// another workspace's collection is not found.
func TestDeleteCollection(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	launch := env.Collection(t, ws, "Launch")
	video := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, CollectionID: &launch})
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CollectionID: &launch})
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	theirs := env.Collection(t, other, "Theirs")
	if err := deleteCollection(ws, theirs); apperr.KindOf(err) != apperr.KindNotFound || !slices.Equal(collectionNames(t, other), []string{"Theirs"}) {
		t.Fatalf("another workspace's collection: %v, want not found and kept", err)
	}

	rule, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr("Launch spikes"), CollectionID: ptr(&launch),
		Metric: ptr(domain.Views), Condition: ptr(domain.ConditionGrowth), Threshold: ptr(50.0), WindowHours: ptr(24)})
	if err != nil {
		t.Fatal(err)
	}
	err = deleteCollection(ws, launch)
	if apperr.KindOf(err) != apperr.KindConflict || apperr.CodeOf(err) != collections.CodeCollectionHasAlertRules {
		t.Fatalf("with a rule scoped to it: %v, want conflict %s", err, collections.CodeCollectionHasAlertRules)
	}
	if got := apperr.Message(err); got != "1 alert rule is scoped to this collection: delete it or change its scope first" {
		t.Errorf("with a rule scoped to it, the refusal says %q", got)
	}
	second, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr("Launch milestones"), CollectionID: ptr(&launch),
		Metric: ptr(domain.Views), Condition: ptr(domain.ConditionGrowth), Threshold: ptr(80.0), WindowHours: ptr(24)})
	if err != nil {
		t.Fatal(err)
	}
	if err := deleteCollection(ws, launch); apperr.Message(err) != "2 alert rules are scoped to this collection: delete them or change their scope first" {
		t.Errorf("with two rules scoped to it, the refusal says %q", apperr.Message(err))
	}
	if err := deleteRule(ws, second.ID); err != nil {
		t.Fatal(err)
	}
	inLaunch := func() int {
		return scalar[int](t, `SELECT (SELECT count(*) FROM videos WHERE collection_id = $1) + (SELECT count(*) FROM accounts WHERE collection_id = $1)`, launch)
	}
	if got := inLaunch(); got != 2 || len(collectionNames(t, ws)) != 1 {
		t.Fatalf("a refused delete changed the collection: %d items in it", got)
	}

	if err := deleteRule(ws, rule.ID); err != nil {
		t.Fatal(err)
	}
	v := dataVersion(t, ws)
	if err := deleteCollection(ws, launch); err != nil {
		t.Fatal(err)
	}
	if got := collectionNames(t, ws); len(got) != 0 || inLaunch() != 0 {
		t.Fatalf("after delete: collections %q, %d items still in it", got, inLaunch())
	}
	if got := statuses(t, video, account); !slices.Equal(got, []domain.Item{domain.ItemActive, domain.ItemActive}) {
		t.Fatalf("items %v, want still tracked", got)
	}
	if dataVersion(t, ws) != v+1 {
		t.Fatal("delete did not bump the data version")
	}
}
