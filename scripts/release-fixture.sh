#!/usr/bin/env bash
# release-fixture.sh COMMIT NAME: writes api/testdata/releases/NAME, the
# fixture of an earlier release that TestUpgradeFromEveryRelease (api)
# upgrades. It builds that release's server, migrate and scraping
# simulator from git (a worktree of COMMIT), migrates new databases of its
# own with them, and uses the release as a user would, through its API: a
# sign-up, accounts and videos on every platform tracked, several rounds of
# scrapes, a collection and (where the release has them) a campaign. Then
# it records that release's answers to the dashboard's reads (answers.json,
# with the instant they were taken) and dumps both stores as they are:
# postgres.sql (pg_dump: the schema and the rows, the record of applied
# migrations with them) and clickhouse.sql plus clickhouse/*.tsv (the
# tables' statements as the release made them, and the rows of every table
# that no materialized view writes; those views fill again as the rows are
# loaded). docs/operations.md (Upgrades) says which releases are kept.
#
# Needs what `make services` starts (PostgreSQL, ClickHouse 18.16, Redis)
# and a Go toolchain; takes a few minutes per release.
set -euo pipefail

commit=${1:?usage: release-fixture.sh COMMIT NAME}
name=${2:?usage: release-fixture.sh COMMIT NAME}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/api/testdata/releases/$name
work=$(mktemp -d /tmp/reeltrack-release.XXXXXX)
db=reeltrack_release_$(echo "$name" | tr -c 'a-z0-9\n' '_')
chpass=${CLICKHOUSE_ADMIN_PASSWORD-default-local}
pgurl="postgres://postgres@127.0.0.1:5432/$db?sslmode=disable"
simaddr=127.0.0.1:${RELEASE_SIM_PORT:-18391}
addr=127.0.0.1:${RELEASE_HTTP_PORT:-18392}
base=http://$addr
pids=()

cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	git -C "$root" worktree remove --force "$work/src" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

chq() { clickhouse-client --user default --password "$chpass" --query "$1"; }

echo "release $name: building $commit"
git -C "$root" worktree add --detach "$work/src" "$commit" >/dev/null
# the dashboard is embedded: any built files do for a server whose API is read
mkdir -p "$work/src/web/dist"
cp -r "$root/web/dist/." "$work/src/web/dist/" 2>/dev/null || touch "$work/src/web/dist/index.html"
(cd "$work/src" && go build -o "$work/bin/" ./cmd/server ./cmd/migrate ./cmd/scrapersim)

su postgres -c "dropdb --if-exists $db && createdb $db"
chq "DROP DATABASE IF EXISTS $db"
chq "DROP DATABASE IF EXISTS ${db}_analytics"
chq "CREATE DATABASE $db"

export DATABASE_URL=$pgurl CLICKHOUSE_ADDR=127.0.0.1:9000 CLICKHOUSE_DATABASE=$db \
	CLICKHOUSE_USER=default CLICKHOUSE_PASSWORD=$chpass REDIS_URL=redis://127.0.0.1:6379/0 \
	REDIS_PREFIX="release-$name:" HTTP_ADDR=$addr SESSION_SECRET=release-fixture-session-secret-0123456789 \
	CRON_SECRET=release-cron SCRAPER_BASE_URL=http://$simaddr SCRAPER_TOKEN=sim-token \
	SCHEDULER_INTERVAL= METRICS_ADDR= BCRYPT_COST=4 COOKIE_SECURE=false PUBLIC_BASE_URL=$base
"$work/bin/migrate"
"$work/bin/scrapersim" -addr "$simaddr" -token sim-token -speed 3600 -epoch "$(date -u -d '-3 days' +%Y-%m-%dT%H:%M:%SZ)" >"$work/sim.log" 2>&1 &
pids+=($!)
"$work/bin/server" >"$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 120); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.5; done

jar=$work/cookies
api() { # METHOD PATH [JSON]
	if [ $# -ge 3 ]; then
		curl -s -b "$jar" -c "$jar" -X "$1" -H 'Content-Type: application/json' -H "Origin: $base" --data "$3" "$base$2"
	else
		curl -s -b "$jar" -c "$jar" -X "$1" -H "Origin: $base" "$base$2"
	fi
}
cron() { curl -s -H 'Authorization: Bearer release-cron' "$base/api/cron/refresh" >/dev/null; }

api POST /api/auth/signup '{"email":"owner@release.example","password":"release-fixture-pass-1"}' >&2; echo >&2
api POST /api/auth/login '{"email":"owner@release.example","password":"release-fixture-pass-1"}' >&2; echo >&2
api POST /api/workspace/bootstrap '{"name":"Release Co"}' >&2; echo >&2
# a collection holding the TikTok account and a video; a campaign over it
# where the release has them
api POST /api/collections '{"name":"Release clients"}' >"$work/collection.json" || true
cid=$(jq -r '.id // .collection.id // empty' "$work/collection.json" 2>/dev/null || true)
for url in https://www.tiktok.com/@release.creator https://www.instagram.com/reel/RelEaSe001/; do
	api POST /api/track "{\"url\":\"$url\",\"collection_id\":\"$cid\"}" >/dev/null
done
for url in \
	https://www.instagram.com/release.brand/ \
	https://www.youtube.com/@ReleaseChannel \
	https://x.com/release_posts \
	https://www.tiktok.com/@release.other/video/7301234567890199001 \
	https://www.youtube.com/shorts/RelEaSe0001 ; do
	api POST /api/track "{\"url\":\"$url\"}" >/dev/null
done
kid=
if [ -n "$cid" ]; then
	api POST /api/campaigns "{\"collectionId\":\"$cid\",\"currency\":\"USD\",\"startsAt\":\"2026-01-01T00:00:00Z\",\"period\":\"weekly\",\"rules\":{\"tiers\":[{\"fromViews\":0,\"cpm\":250}]}}" >"$work/campaign.json" || true
	kid=$(jq -r '.id // .campaign.id // empty' "$work/campaign.json" 2>/dev/null || true)
fi
# rounds of scrapes: the simulator's world runs an hour a second, so the
# counts grow between rounds; each round waits for the queue to empty
for round in 1 2 3 4; do
	cron
	for _ in $(seq 1 120); do
		queued=$(psql "$pgurl" -Atc "SELECT count(*) FROM scrape_jobs WHERE status IN ('queued','running','succeeded')" 2>/dev/null || echo 1)
		[ "$queued" = 0 ] && break
		cron
		sleep 1
	done
	# everything due again, as a day later
	[ "$round" = 4 ] || psql "$pgurl" -qc "UPDATE accounts SET last_scraped_at = last_scraped_at - interval '1 day'; UPDATE videos SET last_scraped_at = last_scraped_at - interval '1 day'" >/dev/null
	sleep 2
done

mkdir -p "$out/clickhouse"
rm -f "$out"/clickhouse/*.tsv
taken=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# the reads whose answers must not change; ids from the release's own lists
routes=(/api/overview /api/videos /api/videos?sort=views /api/videos?sort=gained24h /api/videos?sort=published /api/accounts /api/collections /api/campaigns)
for v in $(api GET '/api/videos?limit=3' | jq -r '(.videos // .items // [])[] | .id' | head -3); do routes+=("/api/videos/$v"); done
for a in $(api GET /api/accounts | jq -r '(.accounts // .items // [])[] | .id' | head -2); do
	routes+=("/api/accounts/$a" "/api/accounts/$a/analytics")
done
[ -n "$cid" ] && routes+=("/api/collections/$cid" "/api/videos?collectionId=$cid")
[ -n "$kid" ] && routes+=("/api/campaigns/$kid" "/api/campaigns/$kid/lines")
{
	echo "{\"commit\":\"$commit\",\"takenAt\":\"$taken\",\"login\":{\"email\":\"owner@release.example\",\"password\":\"release-fixture-pass-1\"},\"answers\":["
	first=1
	for r in "${routes[@]}"; do
		code=$(curl -s -o "$work/body" -w '%{http_code}' -b "$jar" "$base$r")
		[ "$code" = 200 ] || { echo "  $r: $code (not kept)" >&2; continue; }
		[ $first = 1 ] || echo ","
		first=0
		printf '{"path":%s,"body":%s}' "$(jq -Rn --arg p "$r" '$p')" "$(cat "$work/body")"
	done
	echo "]}"
} | jq . >"$out/answers.json"

kill "${pids[@]}" 2>/dev/null || true
wait 2>/dev/null || true
pids=()

pg_dump --no-owner --no-privileges "$pgurl" >"$out/postgres.sql"
: >"$out/clickhouse.sql"
for d in "$db" "${db}_analytics"; do
	[ "$(chq "SELECT count() FROM system.databases WHERE name = '$d'")" = 1 ] || continue
	printf "CREATE DATABASE IF NOT EXISTS %s\n;\n" "$d" >>"$out/clickhouse.sql"
	# tables in the order they were made, the views after what they read
	for t in $(chq "SELECT name FROM system.tables WHERE database = '$d' AND name NOT LIKE '.inner.%' ORDER BY engine = 'MaterializedView', engine = 'View', metadata_modification_time, name"); do
		chq "SHOW CREATE TABLE $d.\`$t\` FORMAT TSVRaw" >>"$out/clickhouse.sql"
		echo ";" >>"$out/clickhouse.sql"
	done
	written=$(chq "SELECT create_table_query FROM system.tables WHERE database = '$d' AND engine = 'MaterializedView'" | grep -oE " TO [a-z_0-9]+\.[a-z_0-9]+" | sed 's/ TO [a-z_0-9]*\.//' | sort -u || true)
	for t in $(chq "SELECT name FROM system.tables WHERE database = '$d' AND engine LIKE '%MergeTree' AND name NOT LIKE '.inner.%'"); do
		echo "$written" | grep -qx "$t" && continue
		chq "SELECT * FROM $d.\`$t\` FORMAT TabSeparatedWithNames" >"$out/clickhouse/$d.$t.tsv"
	done
done
sed -i "s/$db/RELEASE_DB/g" "$out/clickhouse.sql"
for f in "$out"/clickhouse/*.tsv; do mv "$f" "${f/$db/RELEASE_DB}"; done
su postgres -c "dropdb --if-exists $db"
chq "DROP DATABASE IF EXISTS $db"
chq "DROP DATABASE IF EXISTS ${db}_analytics"
echo "release $name: written to $out ($(du -sh "$out" | cut -f1))"
