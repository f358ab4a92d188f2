package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
)

// bios holds the bios set through POST /sim/bio, as an account's owner
// edits its bio on the platform (a creator placing its verification code):
// the items of the account show it instead of the world's own from then on.
type bios struct {
	mu sync.RWMutex
	by map[string]string // platform:handle
}

func bioKey(platform, handle string) string {
	return platform + ":" + strings.ToLower(strings.TrimPrefix(handle, "@"))
}

// of answers the account's bio: the one set, else fallback.
func (b *bios) of(platform, handle, fallback string) string {
	if b == nil {
		return fallback
	}
	b.mu.RLock()
	defer b.mu.RUnlock()
	if v, ok := b.by[bioKey(platform, handle)]; ok {
		return v
	}
	return fallback
}

func (b *bios) set(platform, handle, bio string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.by == nil {
		b.by = map[string]string{}
	}
	b.by[bioKey(platform, handle)] = bio
}

// setBio sets an account's bio: a JSON body {"platform", "handle", "bio"}
// with platform tiktok, instagram, youtube or x.
func (s *Server) setBio(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Platform string `json:"platform"`
		Handle   string `json:"handle"`
		Bio      string `json:"bio"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil || in.Handle == "" {
		writeError(w, http.StatusBadRequest, "invalid-request", "Body must be {\"platform\", \"handle\", \"bio\"}")
		return
	}
	switch in.Platform {
	case "tiktok", "instagram", "youtube", "x":
	default:
		writeError(w, http.StatusBadRequest, "invalid-request", "Field 'platform' must be tiktok, instagram, youtube or x")
		return
	}
	s.world.bios.set(in.Platform, in.Handle, in.Bio)
	writeData(w, http.StatusOK, map[string]string{"platform": in.Platform, "handle": in.Handle, "bio": in.Bio})
}
