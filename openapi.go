// Package reeltrack holds the service's interface description, embedded so
// the server can serve it and the tests can hold the router to it.
package reeltrack

import _ "embed"

// OpenAPI is openapi.yaml, the description of every route.
//
//go:embed openapi.yaml
var OpenAPI []byte
