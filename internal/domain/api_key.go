package domain

// APIKeyScope is what an API key may do (api_keys.scope).
type APIKeyScope string

// The scopes of an API key.
const (
	// ScopeRead allows the safe methods only: GET and HEAD.
	ScopeRead APIKeyScope = "read"
	// ScopeWrite allows every method of the routes that take keys.
	ScopeWrite APIKeyScope = "write"
)

// APIKeyScopes lists every scope.
var APIKeyScopes = []APIKeyScope{ScopeRead, ScopeWrite}

// APIKeyStatus is what a key answers as, worked out on each read: no
// column holds it.
type APIKeyStatus string

// The statuses of a key.
const (
	APIKeyActive  APIKeyStatus = "active"
	APIKeyExpired APIKeyStatus = "expired"
	APIKeyRevoked APIKeyStatus = "revoked"
	// APIKeyInactive: its creator is no longer an owner or admin of the workspace.
	APIKeyInactive APIKeyStatus = "inactive"
)
