#!/bin/sh
# render-analyst-users.sh OUT [COMMAND...] writes the users config of the
# read-only `analyst` user (analyst-users.xml.in, next to this script) to OUT,
# then, when a COMMAND follows, runs it (exec). POSIX sh, sed and sha256sum:
# scripts/services.sh runs it on the host, docker-compose.yml in the official
# ClickHouse image before its entrypoint.
#
# Environment:
#   CLICKHOUSE_ANALYST_PASSWORD  the analyst's password; stored as its SHA-256
#                                only. Empty: OUT is removed (no analyst user).
#                                The local development password analyst-local
#                                is refused unless CLICKHOUSE_LOCAL_DEV=1
#                                (scripts/services.sh and scripts/cluster.sh
#                                set it for this machine's servers)
#   CLICKHOUSE_DATABASE          reeltrack; the analyst reads <it>_analytics
#   CLICKHOUSE_ANALYST_USER      the user's name (analyst). Another name makes
#                                another user with the same profile and quota,
#                                e.g. a test's own (internal/analyst.Install)
#   CLICKHOUSE_ANALYST_DATABASE  the one database the user may read
#                                (<CLICKHOUSE_DATABASE>_analytics)
#   CLICKHOUSE_ANALYST_NETWORKS  comma-separated addresses or networks the
#                                analyst may log in from (::1,127.0.0.1)
#
# OUT is replaced in one rename, so ClickHouse never reads half a file, and
# only when its content changes. The password is never printed.
set -eu

out=${1:?usage: render-analyst-users.sh OUT [COMMAND...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
db=${CLICKHOUSE_ANALYST_DATABASE:-${CLICKHOUSE_DATABASE:-reeltrack}_analytics}
user=${CLICKHOUSE_ANALYST_USER:-analyst}
networks=${CLICKHOUSE_ANALYST_NETWORKS:-::1,127.0.0.1}

fail() {
	echo "render-analyst-users: $*" >&2
	exit 1
}

if [ -z "${CLICKHOUSE_ANALYST_PASSWORD:-}" ]; then
	rm -f "$out"
	echo "render-analyst-users: CLICKHOUSE_ANALYST_PASSWORD is empty: no analyst user"
else
	[ "$CLICKHOUSE_ANALYST_PASSWORD" != analyst-local ] || [ "${CLICKHOUSE_LOCAL_DEV:-0}" = 1 ] ||
		fail "CLICKHOUSE_ANALYST_PASSWORD is analyst-local, the local development password: choose a password of your own (e.g. openssl rand -hex 24), or leave it empty for no analyst user"
	case $db in
	[A-Za-z_]*) ;;
	*) fail "CLICKHOUSE_DATABASE must be a plain identifier, got '${db%_analytics}'" ;;
	esac
	case $db in
	*[!A-Za-z0-9_]*) fail "CLICKHOUSE_DATABASE must be a plain identifier, got '${db%_analytics}'" ;;
	esac
	case $user in
	[A-Za-z_]*) ;;
	*) fail "CLICKHOUSE_ANALYST_USER must be a plain identifier, got '$user'" ;;
	esac
	case $user in
	*[!A-Za-z0-9_]*) fail "CLICKHOUSE_ANALYST_USER must be a plain identifier, got '$user'" ;;
	esac

	ips=''
	old_ifs=$IFS
	IFS=,
	for n in $networks; do
		n=$(printf '%s' "$n" | tr -d ' ')
		[ -n "$n" ] || continue
		case $n in
		*[!0-9A-Fa-f:./]*) fail "CLICKHOUSE_ANALYST_NETWORKS: '$n' is not an address or network (e.g. 10.0.0.0/8, ::/0)" ;;
		esac
		ips="$ips                <ip>$n</ip>\\
"
	done
	IFS=$old_ifs
	[ -n "$ips" ] || fail "CLICKHOUSE_ANALYST_NETWORKS is empty"
	ips=${ips%\\
}

	hash=$(printf '%s' "$CLICKHOUSE_ANALYST_PASSWORD" | sha256sum | cut -d' ' -f1)
	dir=$(dirname "$out")
	mkdir -p "$dir"
	tmp=$(mktemp "$dir/.reeltrack-analyst.XXXXXX")
	trap 'rm -f "$tmp"' EXIT
	sed -e "s/@ANALYST_PASSWORD_SHA256@/$hash/" -e "s/@ANALYTICS_DATABASE@/$db/" -e "s/@ANALYST_USER@/$user/g" \
		-e "/@ANALYST_NETWORKS@/c\\
$ips" "$here/analyst-users.xml.in" >"$tmp"
	# Readable by the server (user clickhouse), which holds the hash only.
	chmod 0644 "$tmp"
	if [ -f "$out" ] && cmp -s "$tmp" "$out"; then
		rm -f "$tmp"
	else
		mv -f "$tmp" "$out"
		echo "render-analyst-users: wrote $out (user $user, database $db, networks $networks)"
	fi
	trap - EXIT
fi

[ $# -eq 0 ] || exec "$@"
