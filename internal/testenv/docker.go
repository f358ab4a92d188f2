package testenv

import (
	"context"
	"errors"
)

// dockerReachable reports whether a Docker engine answers.
func dockerReachable() bool { return false }

// dockerServers starts PostgreSQL, ClickHouse and Redis containers.
func dockerServers(context.Context) (Servers, func(), error) {
	return Servers{}, nil, errors.New("docker is not supported yet")
}
