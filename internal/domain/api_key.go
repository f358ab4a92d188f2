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
