# syntax=docker/dockerfile:1

# Build: static binaries (the migrations and openapi.yaml are embedded).
FROM golang:1.26-bookworm AS build
WORKDIR /src
ENV CGO_ENABLED=0
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod \
    go mod download
COPY . .
RUN --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -ldflags='-s -w' -o /out/ ./cmd/server ./cmd/migrate

# Run: no shell, no package manager, uid 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/server /server
COPY --from=build /out/migrate /migrate
EXPOSE 8080
ENTRYPOINT ["/server"]
