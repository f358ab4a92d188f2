package team_test

import (
	"context"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// links is where the links of account e-mails point in these tests.
var links = team.Links{BaseURL: "https://reeltrack.test"}

// inviteAt invites email into ws as the inviter, at now; the e-mail stays
// in the outbox, where linkToken reads it.
func inviteAt(now time.Time, ws, inviter uuid.UUID, email string, role domain.Role) error {
	return team.InviteTeammateHandler{DB: env.PG, Links: links, Now: func() time.Time { return now }}.Handle(context.Background(),
		team.InviteTeammate{WorkspaceID: ws, InviterID: inviter, Email: email, Role: role})
}

func invite(ws, inviter uuid.UUID, email string, role domain.Role) error {
	return inviteAt(time.Now(), ws, inviter, email, role)
}

func acceptAt(now time.Time, user uuid.UUID, token string) (team.Accepted, error) {
	return team.AcceptInviteHandler{DB: env.PG, Now: func() time.Time { return now }}.Handle(context.Background(),
		team.AcceptInvite{UserID: user, Token: token})
}

var linkTokenRE = regexp.MustCompile(`\?token=([A-Za-z0-9_-]{43})`)

// linkToken is the token of the link in the newest e-mail to the address.
func linkToken(t *testing.T, to string) string {
	t.Helper()
	body := scalar[string](t, `SELECT text_body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`, to)
	m := linkTokenRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in the e-mail to %s: %s", to, body)
	}
	return m[1]
}

func uniqueEmail(prefix string) string { return prefix + "-" + uuid.NewString()[:8] + "@example.com" }

// members are the workspace's members as "email role", sorted.
func members(t *testing.T, ws uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `SELECT coalesce(array_agg(u.email || ' ' || m.role ORDER BY u.email), '{}')
		FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1`, ws)
}

// invites are the workspace's pending invites as "email role", sorted.
func invites(t *testing.T, ws uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `SELECT coalesce(array_agg(email || ' ' || role ORDER BY email), '{}') FROM workspace_invites WHERE workspace_id = $1`, ws)
}

// TestInviteTeammate: owners and admins invite an address (member by
// default) and an e-mail with the invite's link is queued to it; an
// address invited or a member already is a conflict, bad input names its
// fields, a member may not invite, and the seats of the plan (members and
// pending invites) bound the invites. An expired invite holds no seat and
// is replaced when the address is invited again.
func TestInviteTeammate(t *testing.T) {
	t.Parallel()
	ownerEmail := uniqueEmail("owner")
	ws := env.Workspace(t, testenv.WorkspaceOptions{SeatLimit: 3, OwnerEmail: ownerEmail})
	owner := env.Owner(t, ws)
	member := env.User(t, testenv.UserOptions{Verified: true})
	env.Member(t, ws, member, domain.RoleMember)
	outsider := env.Owner(t, env.Workspace(t, testenv.WorkspaceOptions{}))
	newcomer, late := uniqueEmail("newcomer"), uniqueEmail("late")

	if err := invite(ws, owner, "  "+newcomer+" ", ""); err != nil {
		t.Fatal(err)
	}
	if got := invites(t, ws); !slices.Equal(got, []string{newcomer + " member"}) {
		t.Fatalf("invites %q, want the newcomer as a member", got)
	}
	if linkToken(t, newcomer) == "" || !slices.Equal(activities(t, ws), []string{"invite_sent " + newcomer}) {
		t.Fatalf("activity %q", activities(t, ws))
	}

	for _, c := range []struct {
		name    string
		inviter uuid.UUID
		email   string
		role    domain.Role
		want    apperr.Kind
	}{
		{"invited already", owner, newcomer, "admin", apperr.KindConflict},
		{"a member already", owner, ownerEmail, "", apperr.KindConflict},
		{"by a member", member, late, "", apperr.KindForbidden},
		{"by someone of another workspace", outsider, late, "", apperr.KindNotFound},
		{"no seat left", owner, late, "", apperr.KindForbidden}, // owner, member and the newcomer's invite
	} {
		if err := invite(ws, c.inviter, c.email, c.role); apperr.KindOf(err) != c.want {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.want)
		}
	}
	if got := invalidFields(t, invite(ws, owner, "not an address", "owner")); !slices.Equal(got, []string{"email", "role"}) {
		t.Errorf("bad input: fields %q", got)
	}
	if got := invites(t, ws); !slices.Equal(got, []string{newcomer + " member"}) {
		t.Fatalf("refused invites wrote: %q", got)
	}

	// the newcomer's invite expires: its seat is free, and inviting the
	// address again replaces it
	exec(t, `UPDATE workspace_invites SET expires_at = now() - interval '1 minute' WHERE workspace_id = $1`, ws)
	if err := invite(ws, owner, newcomer, "admin"); err != nil {
		t.Fatalf("inviting again after expiry: %v", err)
	}
	if got := invites(t, ws); !slices.Equal(got, []string{newcomer + " admin"}) {
		t.Fatalf("invites %q, want the newcomer's new invite only", got)
	}
}

// TestAcceptInvite: the invite's link lets a signed-in user whose verified
// address is the invited one join with the invited role, once; their own
// workspace is given up when nothing was done in it. A bad, used or
// expired link is not found; an unverified or other address is forbidden;
// a user whose workspace holds data is a conflict.
func TestAcceptInvite(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := env.Owner(t, ws)
	bob := uniqueEmail("bob")
	if err := invite(ws, owner, bob, "admin"); err != nil {
		t.Fatal(err)
	}
	token := linkToken(t, bob)

	// an unverified user of the invited address: the link proves it
	unverified := env.User(t, testenv.UserOptions{Email: bob})
	bobID := unverified
	someoneElse := env.User(t, testenv.UserOptions{Verified: true})
	for _, c := range []struct {
		name  string
		user  uuid.UUID
		token string
		at    time.Time
		want  apperr.Kind
	}{
		{"a malformed token", bobID, "nope", time.Now(), apperr.KindNotFound},
		{"an unknown token", bobID, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", time.Now(), apperr.KindNotFound},
		{"after expiry", bobID, token, time.Now().Add(team.InviteValidFor + time.Minute), apperr.KindNotFound},
		{"another address", someoneElse, token, time.Now(), apperr.KindForbidden},
	} {
		if _, err := acceptAt(c.at, c.user, c.token); apperr.KindOf(err) != c.want {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.want)
		}
	}
	if len(members(t, ws)) != 1 {
		t.Fatalf("refused accepts joined: %q", members(t, ws))
	}

	// bob's own trial workspace, with nothing in it, is given up
	own := env.Workspace(t, testenv.WorkspaceOptions{})
	exec(t, `UPDATE workspace_members SET user_id = $2 WHERE workspace_id = $1`, own, bobID)
	exec(t, `UPDATE workspaces SET owner_id = $2 WHERE id = $1`, own, bobID)
	v := dataVersion(t, ws)
	got, err := acceptAt(time.Now(), bobID, token)
	if err != nil || got.WorkspaceID != ws || got.Role != "admin" {
		t.Fatalf("accept: %+v, %v", got, err)
	}
	if m := members(t, ws); !slices.Contains(m, bob+" admin") || len(invites(t, ws)) != 0 || dataVersion(t, ws) != v+1 {
		t.Fatalf("members %q, invites %q, data version +%d; want bob an admin, the invite gone", m, invites(t, ws), dataVersion(t, ws)-v)
	}
	if n := scalar[int](t, `SELECT count(*) FROM workspaces WHERE id = $1`, own); n != 0 {
		t.Fatal("bob's unused workspace was kept")
	}
	if !scalar[bool](t, `SELECT email_verified_at IS NOT NULL FROM users WHERE id = $1`, bobID) {
		t.Fatal("the invite link did not verify bob's address")
	}
	if _, err := acceptAt(time.Now(), bobID, token); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("the link a second time: %v, want not found", err)
	}

	// carol owns a workspace that tracks a video: she must leave it first
	carol := uniqueEmail("carol")
	busy := env.Workspace(t, testenv.WorkspaceOptions{OwnerEmail: carol})
	exec(t, `UPDATE users SET email_verified_at = now() WHERE email = $1`, carol)
	env.Video(t, busy, testenv.VideoOptions{})
	if err := invite(ws, owner, carol, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := acceptAt(time.Now(), env.Owner(t, busy), linkToken(t, carol)); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("a member of a workspace in use: %v, want conflict", err)
	}
	if slices.Contains(members(t, ws), carol+" member") || len(members(t, busy)) != 1 {
		t.Fatal("a refused accept changed the memberships")
	}
}

// TestResendInvite: resending gives the invite a new link and the earlier
// one stops working; only owners and admins resend, and another
// workspace's invite is not found.
func TestResendInvite(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := env.Owner(t, ws)
	member := env.User(t, testenv.UserOptions{Verified: true})
	env.Member(t, ws, member, domain.RoleMember)
	dan := uniqueEmail("dan")
	if err := invite(ws, owner, dan, ""); err != nil {
		t.Fatal(err)
	}
	first := linkToken(t, dan)
	id := scalar[uuid.UUID](t, `SELECT id FROM workspace_invites WHERE email = $1`, dan)
	resend := func(ws, actor, id uuid.UUID) error {
		return team.InviteTeammateHandler{DB: env.PG, Links: links, Now: time.Now}.Resend(context.Background(),
			team.ResendInvite{WorkspaceID: ws, ActorID: actor, InviteID: id})
	}
	other := env.Workspace(t, testenv.WorkspaceOptions{})
	if err := resend(ws, member, id); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("resent by a member: %v, want forbidden", err)
	}
	if err := resend(other, env.Owner(t, other), id); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("resent from another workspace: %v, want not found", err)
	}
	if err := resend(ws, owner, id); err != nil {
		t.Fatal(err)
	}
	second := linkToken(t, dan)
	user := env.User(t, testenv.UserOptions{Email: dan, Verified: true})
	if second == first {
		t.Fatal("the resent link is the first one")
	}
	if _, err := acceptAt(time.Now(), user, first); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("the first link after a resend: %v, want not found", err)
	}
	if _, err := acceptAt(time.Now(), user, second); err != nil {
		t.Fatalf("the resent link: %v", err)
	}
}

// TestManageTeam: owners and admins change roles, remove members and
// revoke invites; a member may only leave. The owner can be neither
// demoted nor removed; a user or invite of another workspace is not found.
// A removed member's sessions end at once.
func TestManageTeam(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := env.Owner(t, ws)
	user := func(role domain.Role) uuid.UUID {
		id := env.User(t, testenv.UserOptions{Verified: true})
		env.Member(t, ws, id, role)
		return id
	}
	admin, alice, bob, carl := user(domain.RoleAdmin), user(domain.RoleMember), user(domain.RoleMember), user(domain.RoleMember)
	theirs := env.Workspace(t, testenv.WorkspaceOptions{})
	stranger := env.Owner(t, theirs)
	inviteOf := func(ws, inviter uuid.UUID) uuid.UUID {
		if err := invite(ws, inviter, uniqueEmail("erin"), ""); err != nil {
			t.Fatal(err)
		}
		return scalar[uuid.UUID](t, `SELECT id FROM workspace_invites WHERE workspace_id = $1`, ws)
	}
	inviteID, theirInvite := inviteOf(ws, owner), inviteOf(theirs, stranger)
	startSession(t, bob)

	h := team.ManageTeamHandler{DB: env.PG}
	ctx := context.Background()
	role := func(actor, user uuid.UUID, role domain.Role) error {
		return h.ChangeRole(ctx, team.ChangeMemberRole{WorkspaceID: ws, ActorID: actor, UserID: user, Role: role})
	}
	remove := func(actor, user uuid.UUID) error {
		return h.Remove(ctx, team.RemoveMember{WorkspaceID: ws, ActorID: actor, UserID: user})
	}
	revoke := func(actor, id uuid.UUID) error {
		return h.Revoke(ctx, team.RevokeInvite{WorkspaceID: ws, ActorID: actor, InviteID: id})
	}
	roleOf := func(u uuid.UUID) string {
		return scalar[string](t, `SELECT coalesce((SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2), 'none')`, ws, u)
	}

	before := dataVersion(t, ws)
	for _, c := range []struct {
		name string
		err  error
		want apperr.Kind
	}{
		{"a member changes a role", role(alice, bob, "admin"), apperr.KindForbidden},
		{"the owner demoted", role(admin, owner, "member"), apperr.KindConflict},
		{"another workspace's user", role(owner, stranger, "admin"), apperr.KindNotFound},
		{"by someone of another workspace", role(stranger, bob, "admin"), apperr.KindNotFound},
		{"a member removes another", remove(alice, bob), apperr.KindForbidden},
		{"the owner removed", remove(admin, owner), apperr.KindConflict},
		{"the owner leaves", remove(owner, owner), apperr.KindConflict},
		{"another workspace's user removed", remove(owner, stranger), apperr.KindNotFound},
		{"a member revokes", revoke(alice, inviteID), apperr.KindForbidden},
		{"another workspace's invite", revoke(owner, theirInvite), apperr.KindNotFound},
	} {
		if apperr.KindOf(c.err) != c.want {
			t.Errorf("%s: %v, want kind %d", c.name, c.err, c.want)
		}
	}
	if got := invalidFields(t, role(owner, bob, "owner")); !slices.Equal(got, []string{"role"}) {
		t.Errorf("role owner: fields %q", got)
	}
	if dataVersion(t, ws) != before || roleOf(bob) != "member" || roleOf(owner) != "owner" || len(invites(t, ws)) != 1 {
		t.Fatal("refused changes wrote")
	}
	if err := role(alice, alice, "member"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a member setting their own role: %v, want forbidden", err)
	}

	if err := role(admin, alice, "admin"); err != nil || roleOf(alice) != "admin" {
		t.Fatalf("an admin promotes: %v, role %s", err, roleOf(alice))
	}
	if err := role(owner, alice, "admin"); err != nil || dataVersion(t, ws) != before+1 {
		t.Fatalf("the role a member has: %v, data version +%d; want success writing nothing", err, dataVersion(t, ws)-before)
	}
	if err := remove(admin, bob); err != nil || roleOf(bob) != "none" {
		t.Fatalf("an admin removes bob: %v, role %s", err, roleOf(bob))
	}
	if live := scalar[int](t, `SELECT count(*) FROM sessions WHERE user_id = $1 AND ended_at IS NULL`, bob); live != 0 {
		t.Fatalf("%d sessions of the removed member still live", live)
	}
	if err := remove(carl, carl); err != nil || roleOf(carl) != "none" {
		t.Fatalf("a member leaves: %v, role %s", err, roleOf(carl))
	}
	if err := revoke(admin, inviteID); err != nil || len(invites(t, ws)) != 0 {
		t.Fatalf("an admin revokes: %v, invites %q", err, invites(t, ws))
	}
	want := []string{"member_role_changed", "member_removed", "member_left", "invite_revoked"}
	if got := scalar[[]string](t, `SELECT array_agg(action ORDER BY id) FROM activity_log WHERE workspace_id = $1 AND action <> 'invite_sent'`, ws); !slices.Equal(got, want) {
		t.Fatalf("activity %q, want %q", got, want)
	}
}

// exec runs a statement on the package's PostgreSQL database.
func exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
