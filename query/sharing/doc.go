// Package sharing answers the read-only share links and the API keys: a
// link's settings and, by its token, the scope a visitor may read; the
// keys' list and, by a key's hash, the caller it acts as.
// GET /api/shared/:token/videos → api → sharing.ShareLinksHandler.ByToken,
// then numbers.VideosHandler within the link's scope (AsOf when frozen).
package sharing
