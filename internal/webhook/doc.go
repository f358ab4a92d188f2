// Package webhook holds what the channels need to talk to the outside,
// touching no database: Standard Webhooks signing (sign.go), sealing of
// stored URLs and secrets (seal.go), the address rule and the client that
// holds to it at dial time (guard.go, client.go), and message bodies
// (message.go).
package webhook
