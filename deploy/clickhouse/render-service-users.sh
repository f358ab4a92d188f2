#!/bin/sh
# render-service-users.sh OUT [COMMAND...] writes the users config of the
# service's own ClickHouse user, and of `default` hardened
# (service-users.xml.in, next to this script), to OUT, then, when a COMMAND
# follows, runs it (exec). POSIX sh, sed and sha256sum: scripts/services.sh
# and scripts/cluster.sh run it on the host, docker-compose.yml in the
# official ClickHouse image before its entrypoint. See docs/clickhouse.md,
# "Users".
#
# Environment:
#   CLICKHOUSE_SERVICE_USER      the service's user (reeltrack)
#   CLICKHOUSE_PASSWORD          its password, stored as its SHA-256 only
#                                (required)
#   CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE
#                                1: the official image's entrypoint defines
#                                the user with CLICKHOUSE_PASSWORD
#                                (CLICKHOUSE_USER, docker-compose.yml); OUT
#                                then holds no password of its own, and
#                                CLICKHOUSE_PASSWORD is only checked
#   CLICKHOUSE_DATABASE          reeltrack: the user's databases are it and
#                                <it>_analytics, and on a cluster their
#                                shard-local <it>_local, <it>_analytics_local
#   CLICKHOUSE_CLUSTER           the cluster's name, when on a cluster
#   CLICKHOUSE_SERVICE_NETWORKS  comma-separated addresses or networks the
#                                service logs in from (::1,127.0.0.1)
#   CLICKHOUSE_SERVICE_GRANTS    0: the databases as <allow_databases>,
#                                which every release reads (18.16 included);
#                                1: as SQL <grants> instead, for releases
#                                with SQL access control (current ones):
#                                no table functions that reach other servers
#                                or files. 18.16 ignores <grants>: never 1
#                                there
#   CLICKHOUSE_ADMIN_PASSWORD    when set, `default` gets this password and
#                                is reachable from loopback only; empty:
#                                `default` is left alone (the image removes
#                                it, a test's own user does not touch it)
#   CLICKHOUSE_LOCAL_DEV         1 accepts the local development passwords
#                                (reeltrack-local, default-local), which
#                                scripts/services.sh and scripts/cluster.sh
#                                use; they are refused otherwise
#
# OUT is replaced in one rename, so ClickHouse never reads half a file, and
# only when its content changes. No password is ever printed.
set -eu

out=${1:?usage: render-service-users.sh OUT [COMMAND...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
user=${CLICKHOUSE_SERVICE_USER:-reeltrack}
db=${CLICKHOUSE_DATABASE:-reeltrack}
cluster=${CLICKHOUSE_CLUSTER:-}
networks=${CLICKHOUSE_SERVICE_NETWORKS:-::1,127.0.0.1}
grants=${CLICKHOUSE_SERVICE_GRANTS:-0}
from_image=${CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE:-0}
password=${CLICKHOUSE_PASSWORD:-}
admin_password=${CLICKHOUSE_ADMIN_PASSWORD:-}
local_dev=${CLICKHOUSE_LOCAL_DEV:-0}

fail() {
	echo "render-service-users: $*" >&2
	exit 1
}

# identifier NAME VALUE: VALUE is a plain identifier.
identifier() {
	case $2 in
	'' | [!A-Za-z_]* | *[!A-Za-z0-9_]*) fail "$1 must be a plain identifier, got '$2'" ;;
	esac
}

identifier CLICKHOUSE_SERVICE_USER "$user"
identifier CLICKHOUSE_DATABASE "$db"
[ -z "$cluster" ] || identifier CLICKHOUSE_CLUSTER "$cluster"
[ "$user" != default ] || [ -z "$admin_password" ] ||
	fail "CLICKHOUSE_SERVICE_USER is default, whose password CLICKHOUSE_ADMIN_PASSWORD sets: name the service's user otherwise"
case $grants in 0 | 1) ;; *) fail "CLICKHOUSE_SERVICE_GRANTS must be 0 or 1, got '$grants'" ;; esac
case $from_image in 0 | 1) ;; *) fail "CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE must be 0 or 1, got '$from_image'" ;; esac

[ -n "$password" ] || fail "CLICKHOUSE_PASSWORD is empty: the service's user ($user) needs a password"
if [ "$local_dev" != 1 ]; then
	[ "$password" != reeltrack-local ] ||
		fail "CLICKHOUSE_PASSWORD is reeltrack-local, the local development password: choose a password of your own (e.g. openssl rand -hex 24)"
	[ "$admin_password" != default-local ] ||
		fail "CLICKHOUSE_ADMIN_PASSWORD is default-local, the local development password: choose a password of your own"
fi

databases="$db ${db}_analytics"
[ -z "$cluster" ] || databases="$databases ${db}_local ${db}_analytics_local"

ips=''
old_ifs=$IFS
IFS=,
for n in $networks; do
	n=$(printf '%s' "$n" | tr -d ' ')
	[ -n "$n" ] || continue
	case $n in
	*[!0-9A-Fa-f:./]*) fail "CLICKHOUSE_SERVICE_NETWORKS: '$n' is not an address or network (e.g. 10.0.0.0/8, ::/0)" ;;
	esac
	ips="$ips                <ip>$n</ip>
"
done
IFS=$old_ifs
[ -n "$ips" ] || fail "CLICKHOUSE_SERVICE_NETWORKS is empty"

dbs=''
queries=''
for d in $databases; do
	dbs="$dbs                <database>$d</database>
"
	queries="$queries                <query>GRANT SELECT, INSERT, ALTER, CREATE DATABASE, CREATE TABLE, CREATE VIEW, DROP TABLE, DROP VIEW, TRUNCATE, SHOW ON $d.*</query>
"
done
# What the service reads of `system` (where reading it needs a grant): its
# own tables' metadata, and for GET /metrics the disks and the parts of
# ClickHouse's log tables (SHOW TABLES: their rows of system.parts, not
# their data).
for t in tables columns parts clusters disks; do
	queries="$queries                <query>GRANT SELECT ON system.$t</query>
"
done
queries="$queries                <query>GRANT SHOW TABLES ON system.*</query>
"
if [ -n "$cluster" ]; then
	# ON CLUSTER DDL, and cluster() over system.parts (the snapshot
	# retention), which needs the REMOTE source: on a cluster the user
	# may call remote() as well.
	queries="$queries                <query>GRANT CLUSTER ON *.*</query>
                <query>GRANT REMOTE ON *.*</query>
"
fi

hash() { printf '%s' "$1" | sha256sum | cut -d' ' -f1; }
service_hash=$(hash "$password")
admin_hash=''
[ -z "$admin_password" ] || admin_hash=$(hash "$admin_password")

keep_admin=0 keep_password=1 keep_databases=1 keep_grants=0
[ -z "$admin_hash" ] || keep_admin=1
[ "$from_image" != 1 ] || keep_password=0
[ "$grants" != 1 ] || { keep_databases=0 keep_grants=1; }

# render: the template with its blocks kept or dropped and the lists filled
# in; the single-line placeholders are replaced by sed below.
render() {
	keep=1
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		*'<!-- @ADMIN_BEGIN@ -->'*) keep=$keep_admin && continue ;;
		*'<!-- @PASSWORD_BEGIN@ -->'*) keep=$keep_password && continue ;;
		*'<!-- @DATABASES_BEGIN@ -->'*) keep=$keep_databases && continue ;;
		*'<!-- @GRANTS_BEGIN@ -->'*) keep=$keep_grants && continue ;;
		*'<!-- @ADMIN_END@ -->'* | *'<!-- @PASSWORD_END@ -->'* | *'<!-- @DATABASES_END@ -->'* | *'<!-- @GRANTS_END@ -->'*)
			keep=1 && continue ;;
		esac
		[ "$keep" = 1 ] || continue
		case $line in
		*@SERVICE_NETWORKS@*) printf '%s' "$ips" ;;
		*@SERVICE_DATABASES@*) printf '%s' "$dbs" ;;
		*@SERVICE_GRANTS@*) printf '%s' "$queries" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$here/service-users.xml.in"
}

dir=$(dirname "$out")
mkdir -p "$dir"
tmp=$(mktemp "$dir/.reeltrack-service.XXXXXX")
trap 'rm -f "$tmp"' EXIT
render | sed -e "s/@SERVICE_USER@/$user/g" -e "s/@SERVICE_PASSWORD_SHA256@/$service_hash/" \
	-e "s/@ADMIN_PASSWORD_SHA256@/$admin_hash/" >"$tmp"
# Readable by the server (user clickhouse), which holds the hashes only.
chmod 0644 "$tmp"
if [ -f "$out" ] && cmp -s "$tmp" "$out"; then
	rm -f "$tmp"
else
	mv -f "$tmp" "$out"
	how='allowed databases'
	[ "$grants" != 1 ] || how='SQL grants'
	echo "render-service-users: wrote $out (user $user: $how on$(printf ' %s' $databases); networks $networks$([ -z "$admin_hash" ] || echo '; default: password, loopback only'))"
fi
trap - EXIT

[ $# -eq 0 ] || exec "$@"
