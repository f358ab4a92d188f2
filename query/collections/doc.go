// Package collections answers how the workspace groups what it tracks:
// the collections with the views of their counted videos, and the
// creators with the accounts they post from. GET /api/collections → api →
// collections.CollectionsHandler → PostgreSQL, then the views through
// chread.Reader.Entities.
package collections
