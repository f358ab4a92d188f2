package sharing_test

import (
	"context"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestShareLinks: a link is stored with its token's hash only and counts
// views while live; a revoked or expired one counts none; embedding
// origins are origins only, in lower case; a member makes none.
func TestShareLinks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := env.Owner(t, ws)
	passwords, err := auth.NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	h := sharing.ShareLinksHandler{DB: env.PG, Passwords: passwords, Now: func() time.Time { return now }}
	mk := func(o sharing.ShareLinkOptions) (sharing.CreatedShareLink, error) {
		return h.Create(ctx, sharing.CreateShareLink{WorkspaceID: ws, ActorID: owner, Role: domain.RoleOwner, ShareLinkOptions: o})
	}
	link, err := mk(sharing.ShareLinkOptions{Name: " Client ", AllowEmbedding: true, EmbedOrigins: []string{"HTTPS://Client.Example:8443/", "https://client.example:8443"}})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(link.Token))
	var name string
	var origins []string
	if err := env.PG.QueryRow(ctx, `SELECT name, embed_origins FROM share_links WHERE id = $1 AND token_hash = $2`, link.ID, sum[:]).Scan(&name, &origins); err != nil {
		t.Fatal(err)
	}
	if name != "Client" || len(origins) != 1 || origins[0] != "https://client.example:8443" {
		t.Fatalf("stored %q with origins %v", name, origins)
	}
	for _, o := range []string{"client.example", "ftp://client.example", "https://client.example/path", "https://a.example; script-src *", "https://user@client.example"} {
		if _, err := mk(sharing.ShareLinkOptions{Name: "x", AllowEmbedding: true, EmbedOrigins: []string{o}}); apperr.KindOf(err) != apperr.KindInvalid {
			t.Errorf("origin %q: %v", o, err)
		}
	}
	if _, err := h.Create(ctx, sharing.CreateShareLink{WorkspaceID: ws, Role: domain.RoleMember, ShareLinkOptions: sharing.ShareLinkOptions{Name: "x"}}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Errorf("a member made a link: %v", err)
	}

	hash := auth.HashLinkToken(link.Token)
	if ok, err := h.CountView(ctx, hash); err != nil || !ok {
		t.Fatalf("a live link counted no view: %v", err)
	}
	if err := h.Revoke(ctx, sharing.RevokeShareLink{WorkspaceID: ws, ActorID: owner, Role: domain.RoleAdmin, ID: link.ID}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := h.CountView(ctx, hash); ok {
		t.Error("a revoked link counted a view")
	}
	soon := now.Add(time.Hour)
	expiring, err := mk(sharing.ShareLinkOptions{Name: "Soon", ExpiresAt: &soon})
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Hour)
	if ok, _ := h.CountView(ctx, auth.HashLinkToken(expiring.Token)); ok {
		t.Error("an expired link counted a view")
	}
	var views int
	if err := env.PG.QueryRow(ctx, `SELECT view_count FROM share_links WHERE id = $1`, link.ID).Scan(&views); err != nil || views != 1 {
		t.Errorf("views %d (%v)", views, err)
	}
}
