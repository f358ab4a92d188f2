package api_test

import (
	"net/http"
	"testing"
)

// Verified sessions are remembered between requests; each request must still
// be served as its own user, however the server reuses its buffers.
func TestRememberedSessionsStayApart(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	type user struct {
		email  string
		cookie *http.Cookie
	}
	var users []user
	for range 12 {
		e := uniqueEmail("apart")
		c := a.signUp(e)
		a.bootstrap(c)
		users = append(users, user{e, c})
	}
	for round := range 3 {
		for _, u := range users {
			var team teamBody
			a.request("GET", "/api/workspace/team", nil, u.cookie).expect(t, 200).decode(t, &team)
			if len(team.Members) != 1 || team.Members[0].Email != u.email {
				t.Fatalf("round %d: %s got the team %+v", round, u.email, team)
			}
		}
	}
}
