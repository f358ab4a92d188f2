package domain

// APIKeyScope is what an API key may do (api_keys.scope).
type APIKeyScope string

// The scopes of an API key.
const (
	ScopeRead  APIKeyScope = "read"  // GET and HEAD only
	ScopeWrite APIKeyScope = "write" // every method of the routes that take keys
)

// APIKeyScopes lists every scope.
var APIKeyScopes = []APIKeyScope{ScopeRead, ScopeWrite}

// APIKeyStatus is what a key answers as, worked out on each read (no column).
type APIKeyStatus string

// The statuses of a key.
const (
	APIKeyActive   APIKeyStatus = "active"
	APIKeyExpired  APIKeyStatus = "expired"
	APIKeyRevoked  APIKeyStatus = "revoked"
	APIKeyInactive APIKeyStatus = "inactive" // its creator no longer manages the workspace
)
