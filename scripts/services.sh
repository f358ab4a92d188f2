#!/usr/bin/env bash
# services.sh makes sure PostgreSQL, Redis and ClickHouse answer at the
# addresses the server reads from the environment, and that the application
# databases exist; and that the tools the dashboard (web/) needs are
# installed: Node.js with npm to build it, Chromium for its browser tests.
# Used by `make services`, `make run` and `make test`; `services.sh node`
# (used by `make web`) only sees to Node.js and npm. `services.sh chdb`
# (used by `make test` and `make test-current`) installs chDB, the current
# ClickHouse engine the tests run beside the server. `services.sh
# prometheus` (used by `make test`) installs Prometheus and promtool, which
# the tests of the metrics and of the alerting rules run.
#
# For each server: if it answers, it is left alone. Otherwise, on a loopback
# address, the Debian packages are installed where missing, the server is
# started and the script waits until it answers. Remote servers are only
# waited for. Safe to run repeatedly; a no-op takes well under a second.
#
# Environment (same variables as the server, loopback defaults):
#   DATABASE_URL         postgres://postgres@127.0.0.1:5432/reeltrack?sslmode=disable&connect_timeout=3
#   REDIS_URL            redis://127.0.0.1:6379/0
#   CLICKHOUSE_ADDR      127.0.0.1:9000
#   CLICKHOUSE_DATABASE  reeltrack
#   CLICKHOUSE_USER      reeltrack: the service's own user
#   CLICKHOUSE_PASSWORD  its password (reeltrack-local for a server on this
#                        machine); stored by ClickHouse as its SHA-256
#   CLICKHOUSE_ADMIN_PASSWORD  the password of ClickHouse's `default`, the
#                        administrator (default-local for a server on this
#                        machine)
#   CLICKHOUSE_SERVICE_NETWORKS  ::1,127.0.0.1: where the service's user may
#                        log in from
#   CLICKHOUSE_ANALYST_PASSWORD  analyst-local: password of the read-only
#                        `analyst` user (docs/analytics.md, Access)
#   CLICKHOUSE_ANALYST_NETWORKS  ::1,127.0.0.1: where the analyst may log in from
#   SERVICES_TIMEOUT     seconds to wait for each server to answer (60)
# No password is ever printed or put on a command line.
#
# On the local ClickHouse, the users configs (docs/clickhouse.md, Users) are
# installed into /etc/clickhouse-server/users.d/ and the script waits until
# the server has loaded them, also when it already runs with older ones:
# the service's user and `default` with a password, on loopback only
# (deploy/clickhouse/service-users.xml.in, rendered by
# render-service-users.sh; the service then logs in and `default` without
# a password is refused), and the read-only analyst (analyst-users.xml.in,
# rendered by render-analyst-users.sh; the analyst logs in and has the
# file's settings). The service's user creates the databases. The local
# server's disk settings for 18.16 (deploy/clickhouse/config.d-18.16/: the
# system logs' daily partitions, the text logs' bounds) go into its
# config.d/, read at its next start; and the days of its system logs older
# than a week are dropped (deploy/clickhouse/trim-system-logs.sh, as
# `default`) at each run.
set -euo pipefail

DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/reeltrack?sslmode=disable&connect_timeout=3}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/0}
CLICKHOUSE_ADDR=${CLICKHOUSE_ADDR:-127.0.0.1:9000}
CLICKHOUSE_DATABASE=${CLICKHOUSE_DATABASE:-reeltrack}
CLICKHOUSE_USER=${CLICKHOUSE_USER:-reeltrack}
CLICKHOUSE_PASSWORD=${CLICKHOUSE_PASSWORD:-}
CLICKHOUSE_ADMIN_PASSWORD=${CLICKHOUSE_ADMIN_PASSWORD:-}
CLICKHOUSE_SERVICE_NETWORKS=${CLICKHOUSE_SERVICE_NETWORKS:-::1,127.0.0.1}
CLICKHOUSE_ANALYST_PASSWORD=${CLICKHOUSE_ANALYST_PASSWORD:-analyst-local}
CLICKHOUSE_ANALYST_NETWORKS=${CLICKHOUSE_ANALYST_NETWORKS:-::1,127.0.0.1}
TIMEOUT=${SERVICES_TIMEOUT:-60}

APT_LOG=/tmp/reeltrack-services-apt.log
REDIS_LOG=/var/log/redis/reeltrack.log
CH_LOG=/var/log/clickhouse-server/clickhouse-server.err.log
CH_CONFIG=/etc/clickhouse-server/config.xml
CH_ANALYST_USERS=/etc/clickhouse-server/users.d/reeltrack-analyst.xml
CH_SERVICE_USERS=/etc/clickhouse-server/users.d/reeltrack-service.xml
CH_DISK_CONFIG=/etc/clickhouse-server/config.d/reeltrack-disk.xml
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# ---------------------------------------------------------------- helpers

die() {
	printf '%s\n' "$*" >&2
	exit 1
}

have() { command -v "$1" >/dev/null 2>&1; }

is_loopback() {
	case $1 in
	localhost | 127.* | ::1 | 0:0:0:0:0:0:0:1) return 0 ;;
	esac
	return 1
}

# hostport HOST PORT prints HOST:PORT, bracketing IPv6 literals.
hostport() {
	if [[ $1 == *:* ]]; then printf '[%s]:%s' "$1" "$2"; else printf '%s:%s' "$1" "$2"; fi
}

# split_hostport NAME HOSTPORT DEFAULT_PORT sets HOST and PORT.
split_hostport() {
	local name=$1 hp=$2 rest
	HOST='' PORT=''
	if [[ $hp == \[* ]]; then
		HOST=${hp#\[}
		HOST=${HOST%%\]*}
		rest=${hp#*\]}
		PORT=${rest#:}
	elif [[ $hp == *:*:* ]]; then
		HOST=$hp
	elif [[ $hp == *:* ]]; then
		HOST=${hp%:*}
		PORT=${hp##*:}
	else
		HOST=$hp
	fi
	HOST=${HOST:-localhost}
	PORT=${PORT:-$3}
	[[ $PORT =~ ^[0-9]+$ ]] || die "$name: bad port in address '$hp'"
}

urldecode() {
	local s=${1//+/ }
	printf '%b' "${s//%/\\x}"
}

# port_open HOST PORT: something accepts TCP connections there.
port_open() {
	# shellcheck disable=SC2016 # expanded by the inner bash
	timeout 2 bash -c ': <>"/dev/tcp/$1/$2"' _ "$1" "$2" >/dev/null 2>&1
}

SUDO=()
ROOT_CHECKED=0
# need_root WHAT: fail clearly unless we are root or have password-less sudo.
need_root() {
	((ROOT_CHECKED)) && return 0
	if ((EUID != 0)); then
		if have sudo && sudo -n true >/dev/null 2>&1; then
			SUDO=(sudo -n)
		else
			die "services: need root to $1; run 'sudo make services' once (or start the server yourself)"
		fi
	fi
	ROOT_CHECKED=1
}

as_root() { "${SUDO[@]}" "$@"; }

# show_log FILE prints the end of a server log after a failure.
show_log() {
	[[ -n $1 ]] || return 0
	echo "--- last lines of $1:" >&2
	{ tail -n 25 "$1" 2>/dev/null || as_root tail -n 25 "$1" 2>/dev/null || echo "(cannot read it)"; } >&2
	echo "---" >&2
}

APT_UPDATED=0
# apt_install NAME PACKAGE...: quiet install, output in $APT_LOG, shown on failure.
apt_install() {
	local name=$1
	shift
	need_root "install $*"
	have apt-get || die "$name: $* missing and apt-get not found; install them yourself"
	echo "$name: installing $* (log: $APT_LOG)"
	local opts=(-y -q -o DPkg::Lock::Timeout=300)
	if ((APT_UPDATED == 0)); then
		if ! as_root apt-get "${opts[@]}" update >>"$APT_LOG" 2>&1; then
			tail -n 30 "$APT_LOG" >&2
			die "$name: apt-get update failed (full log: $APT_LOG)"
		fi
		APT_UPDATED=1
	fi
	if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get "${opts[@]}" \
		--no-install-recommends \
		-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
		install "$@" >>"$APT_LOG" 2>&1 </dev/null; then
		tail -n 30 "$APT_LOG" >&2
		die "$name: apt-get install $* failed (full log: $APT_LOG)"
	fi
}

# bring_up NAME ADDR LOG CHECK RUNNING START [HINT] waits until CHECK
# succeeds. While RUNNING fails, START is called (at most twice, 5 s apart);
# with an empty START the server is only waited for. HINT is added to the
# message when the server keeps exiting.
bring_up() {
	local name=$1 addr=$2 log=$3 check=$4 running=$5 start=$6 hint=${7:-}
	local deadline=$((SECONDS + TIMEOUT)) starts=0 last=-100
	until $check; do
		if ((SECONDS >= deadline)); then
			if [[ -n $log ]]; then
				show_log "$log"
				die "$name: not answering at $addr after ${TIMEOUT}s; see $log${hint:+; $hint}"
			fi
			die "$name: not answering at $addr after ${TIMEOUT}s"
		fi
		if [[ -n $start ]] && ((SECONDS - last >= 5)) && ! $running; then
			if ((starts == 2)); then
				show_log "$log"
				die "$name: server at $addr exits right after starting; see $log${hint:+; $hint}"
			fi
			starts=$((starts + 1))
			last=$SECONDS
			$start "$starts"
		fi
		sleep 0.5
	done
}

# ---------------------------------------------------------------- PostgreSQL

parse_database_url() {
	local url=$DATABASE_URL rest authority userinfo path q kv
	case $url in
	postgres://* | postgresql://*) ;;
	*) die "postgres: DATABASE_URL must be a postgres:// URL, got '${url%%\?*}'" ;;
	esac
	PG_SCHEME=${url%%://*}
	rest=${url#*://}
	rest=${rest%%#*}
	PG_QUERY=''
	if [[ $rest == *\?* ]]; then
		PG_QUERY=${rest#*\?}
		rest=${rest%%\?*}
	fi
	authority=${rest%%/*}
	path=''
	[[ $rest == */* ]] && path=${rest#*/}
	userinfo=''
	if [[ $authority == *@* ]]; then
		userinfo=${authority%@*}
		authority=${authority##*@}
	fi
	PG_USERINFO=$userinfo
	PG_USER=$(urldecode "${userinfo%%:*}")
	split_hostport postgres "${authority%%,*}" 5432
	PG_HOST=$HOST PG_PORT=$PORT
	PG_DB=$(urldecode "$path")
	[[ -n $PG_DB ]] || die "postgres: DATABASE_URL has no database name (the path, e.g. /reeltrack)"

	# Connection to the maintenance database: same credentials and libpq
	# options, minus driver-only ones (pool_max_conns, ...) psql rejects.
	local keep=()
	if [[ -n $PG_QUERY ]]; then
		IFS='&' read -r -a q <<<"$PG_QUERY"
		for kv in "${q[@]}"; do
			case ${kv%%=*} in
			ssl* | connect_timeout | application_name | options | target_session_attrs | \
				passfile | password | gssencmode | channel_binding | require_auth) keep+=("$kv") ;;
			esac
		done
	fi
	[[ " ${keep[*]-} " == *" connect_timeout="* ]] || keep+=(connect_timeout=3)
	local IFS='&'
	PG_MAINT_URL="$PG_SCHEME://${PG_USERINFO:+$PG_USERINFO@}$(hostport "$PG_HOST" "$PG_PORT")/postgres?${keep[*]}"
}

pg_ready() {
	pg_isready -q -h "$PG_HOST" -p "$PG_PORT" ${PG_USER:+-U "$PG_USER"} -d postgres -t 3 >/dev/null 2>&1
}

pg_server_installed() {
	have pg_ctlcluster && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null
}

# pg_find_cluster sets PG_VER, PG_CLUSTER, PG_LOG for the local cluster on
# PG_PORT ('main' preferred); returns 1 when there is none.
pg_find_cluster() {
	local line
	line=$(pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print ($2 == "main" ? 0 : 1), $0 }' | sort -k1,1n -k2,2Vr | head -n 1)
	[[ -n $line ]] || return 1
	read -r _ PG_VER PG_CLUSTER _ _ _ _ PG_LOG <<<"$line"
	[[ -n ${PG_LOG:-} && $PG_LOG != *unknown* ]] || PG_LOG=/var/log/postgresql/postgresql-$PG_VER-$PG_CLUSTER.log
}

pg_running() {
	[[ $(pg_lsclusters -h "$PG_VER" "$PG_CLUSTER" 2>/dev/null | awk '{ print $4 }') == online* ]]
}

pg_start() {
	echo "postgres: starting cluster $PG_VER/$PG_CLUSTER (log: $PG_LOG)"
	local out
	if ! out=$(as_root pg_ctlcluster --skip-systemctl-redirect "$PG_VER" "$PG_CLUSTER" start 2>&1); then
		pg_running && return 0
		printf '%s\n' "$out" >&2
		show_log "$PG_LOG"
		die "postgres: pg_ctlcluster $PG_VER $PG_CLUSTER start failed; see $PG_LOG"
	fi
}

# pg_trust_loopback lets the password-less DSN in over loopback TCP. Only
# for clusters this script installed or created.
pg_trust_loopback() {
	local hba=/etc/postgresql/$PG_VER/$PG_CLUSTER/pg_hba.conf tmp
	as_root grep -q '^host all all 127.0.0.1/32 trust$' "$hba" && return 0
	tmp=$(mktemp)
	{
		echo '# Added by reeltrack scripts/services.sh: password-less loopback TCP for local development.'
		echo 'host all all 127.0.0.1/32 trust'
		echo 'host all all ::1/128 trust'
		as_root cat "$hba"
	} >"$tmp"
	# shellcheck disable=SC2016 # expanded by the inner sh; cat > keeps owner and mode
	as_root sh -c 'cat "$1" > "$2"' _ "$tmp" "$hba"
	rm -f "$tmp"
	if pg_running; then
		as_root pg_ctlcluster --skip-systemctl-redirect "$PG_VER" "$PG_CLUSTER" reload >/dev/null
	fi
}

pg_local_setup() {
	local fresh=$1 ver
	if ! pg_find_cluster; then
		ver=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)
		if [[ -d /etc/postgresql/$ver/main ]]; then
			die "postgres: no local cluster on port $PG_PORT ($(pg_lsclusters -h | awk '{ printf "%s/%s on %s; ", $1, $2, $3 }'))" \
				"change the port in DATABASE_URL or create one: pg_createcluster $ver <name> -p $PG_PORT --start"
		fi
		need_root "create a PostgreSQL cluster"
		echo "postgres: creating cluster $ver/main on port $PG_PORT"
		as_root pg_createcluster "$ver" main -p "$PG_PORT" >>"$APT_LOG" 2>&1 ||
			die "postgres: pg_createcluster $ver main failed (log: $APT_LOG)"
		pg_find_cluster || die "postgres: cluster $ver/main not found after pg_createcluster"
		fresh=1
	fi
	if ((fresh)); then
		need_root "configure PostgreSQL"
		pg_trust_loopback
	fi
}

# pg_sql SQL runs SQL (with :'db' / :"db" bound to the database name) in the
# maintenance database; output in PG_OUT, errors in PG_ERR.
pg_sql() {
	local errf rc=0
	errf=$(mktemp)
	PG_OUT=$(printf '%s\n' "$1" | psql "$PG_MAINT_URL" -w -X -q -tA -v ON_ERROR_STOP=1 -v db="$PG_DB" 2>"$errf") || rc=$?
	PG_ERR=$(cat "$errf")
	rm -f "$errf"
	return "$rc"
}

pg_login_help() {
	local who=${PG_USER:-$(id -un)} addr
	addr=$(hostport "$PG_HOST" "$PG_PORT")
	printf '%s\n' "$PG_ERR" >&2
	if ! is_loopback "$PG_HOST"; then
		die "postgres: cannot query $addr as '$who'; check DATABASE_URL"
	fi
	local hba='/etc/postgresql/<version>/main/pg_hba.conf' reload='pg_ctlcluster <version> main reload'
	if pg_find_cluster 2>/dev/null; then
		hba=/etc/postgresql/$PG_VER/$PG_CLUSTER/pg_hba.conf
		reload="pg_ctlcluster $PG_VER $PG_CLUSTER reload"
	fi
	case $PG_ERR in
	*'does not exist'*)
		die "postgres: role '$who' does not exist on $addr; create it:" \
			"su postgres -c \"createuser --createdb '$who'\" (or use an existing role in DATABASE_URL)" ;;
	*password* | *pg_hba.conf* | *authentication*)
		die "postgres: '$who' cannot log in to $addr without a password. Either put the password in" \
			"DATABASE_URL (postgres://$who:PASSWORD@...), or allow password-less loopback logins by adding" \
			"'host all all 127.0.0.1/32 trust' and 'host all all ::1/128 trust' above the other 'host' lines of" \
			"$hba and reloading ($reload). This script does not edit an existing install." ;;
	esac
	die "postgres: cannot query $addr as '$who'; check DATABASE_URL"
}

ensure_postgres() {
	parse_database_url
	local addr fresh=0 up=0 local_server=0 start='' log=''
	addr=$(hostport "$PG_HOST" "$PG_PORT")
	is_loopback "$PG_HOST" && local_server=1

	if have pg_isready && have psql; then
		pg_ready && up=1
	else
		port_open "$PG_HOST" "$PG_PORT" && up=1
		if ((!up && local_server)) && ! pg_server_installed; then
			apt_install postgres postgresql postgresql-client
			fresh=1
		else
			apt_install postgres postgresql-client
		fi
		up=0
		pg_ready && up=1
	fi
	if ((!up && local_server && !fresh)) && ! pg_server_installed; then
		apt_install postgres postgresql postgresql-client
		fresh=1
	fi

	if ((local_server && (fresh || !up))); then
		need_root "start PostgreSQL"
		pg_local_setup "$fresh"
		start=pg_start
		log=$PG_LOG
	fi
	((up && !fresh)) ||
		bring_up postgres "$addr" "$log" pg_ready pg_running "$start" \
			"if the cluster runs, check listen_addresses and port in /etc/postgresql/${PG_VER:-*}/${PG_CLUSTER:-main}/postgresql.conf"

	local created=''
	if ! pg_sql "SELECT 1 FROM pg_database WHERE datname = :'db';"; then
		pg_login_help
	fi
	if [[ $PG_OUT != 1 ]]; then
		if ! pg_sql 'CREATE DATABASE :"db";' && [[ $PG_ERR != *'already exists'* ]]; then
			printf '%s\n' "$PG_ERR" >&2
			die "postgres: cannot create database '$PG_DB' on $addr as '${PG_USER:-$(id -un)}' (the role needs CREATEDB)"
		fi
		created=' created'
	fi
	echo "postgres: ready ($addr, database $PG_DB$created)"
}

# ---------------------------------------------------------------- Redis

parse_redis_url() {
	local url=$REDIS_URL rest authority userinfo pass
	case $url in
	redis://* | rediss://*) ;;
	*) die "redis: REDIS_URL must be a redis:// or rediss:// URL, got '${url%%\?*}'" ;;
	esac
	rest=${url#*://}
	rest=${rest%%\?*}
	authority=${rest%%/*}
	REDIS_ARGS=()
	if [[ $authority == *@* ]]; then
		userinfo=${authority%@*}
		authority=${authority##*@}
		if [[ $userinfo == *:* ]]; then
			pass=$(urldecode "${userinfo#*:}")
			[[ -n ${userinfo%%:*} ]] && REDIS_ARGS+=(--user "$(urldecode "${userinfo%%:*}")")
			[[ -n $pass ]] && export REDISCLI_AUTH=$pass
		fi
	fi
	[[ $url == rediss://* ]] && REDIS_ARGS+=(--tls)
	split_hostport redis "$authority" 6379
	REDIS_HOST=$HOST REDIS_PORT=$PORT
	REDIS_ARGS=(-h "$REDIS_HOST" -p "$REDIS_PORT" "${REDIS_ARGS[@]}")
}

redis_ready() {
	[[ $(timeout 3 redis-cli "${REDIS_ARGS[@]}" ping 2>/dev/null </dev/null) == PONG ]]
}

redis_running() { port_open "$REDIS_HOST" "$REDIS_PORT"; }

# redis_start ATTEMPT: the second attempt drops the IPv6 loopback binding.
redis_start() {
	local bind=(127.0.0.1 -::1) out
	(($1 > 1)) && bind=(127.0.0.1)
	echo "redis: starting on port $REDIS_PORT, bind ${bind[*]} (log: $REDIS_LOG)"
	as_root mkdir -p /var/lib/redis /var/log/redis
	if ! out=$(as_root redis-server --daemonize yes --bind "${bind[@]}" --port "$REDIS_PORT" \
		--save "" --appendonly no --dir /var/lib/redis --logfile "$REDIS_LOG" 2>&1 </dev/null); then
		if (($1 == 1)); then
			out=$(as_root redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" \
				--save "" --appendonly no --dir /var/lib/redis --logfile "$REDIS_LOG" 2>&1 </dev/null) && return 0
		fi
		printf '%s\n' "$out" >&2
		show_log "$REDIS_LOG"
		die "redis: redis-server failed to start; see $REDIS_LOG"
	fi
}

ensure_redis() {
	parse_redis_url
	local addr up=0 local_server=0 start='' log=''
	addr=$(hostport "$REDIS_HOST" "$REDIS_PORT")
	is_loopback "$REDIS_HOST" && local_server=1

	if have redis-cli; then
		redis_ready && up=1
	else
		port_open "$REDIS_HOST" "$REDIS_PORT" && up=1
		if ((!up && local_server)) && ! have redis-server; then
			apt_install redis redis-server
		else
			apt_install redis redis-tools
		fi
		up=0
		redis_ready && up=1
	fi
	if ((!up && local_server)) && ! have redis-server; then
		apt_install redis redis-server
	fi

	if ((!up && local_server)); then
		need_root "start Redis"
		start=redis_start
		log=$REDIS_LOG
	fi
	((up)) ||
		bring_up redis "$addr" "$log" redis_ready redis_running "$start"
	echo "redis: ready ($addr)"
}

# ---------------------------------------------------------------- ClickHouse

CH_ARGS=()  # --host, --port
CH_TMP=''   # clickhouse-client configs: the passwords stay off command lines

# ch_tmp_init makes CH_TMP, a private folder removed when the script ends.
ch_tmp_init() {
	[[ -z $CH_TMP ]] || return 0
	CH_TMP=$(mktemp -d)
	# shellcheck disable=SC2064 # expanded now: the folder of this run
	trap "rm -rf '$CH_TMP'" EXIT
}

xml_escape() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

# ch_login NAME USER PASSWORD writes a clickhouse-client config that logs in
# as USER and prints its path.
ch_login() {
	local f=$CH_TMP/$1.xml
	(
		umask 077
		printf '<config><user>%s</user><password>%s</password></config>\n' "$(xml_escape "$2")" "$(xml_escape "$3")" >"$f"
	)
	printf '%s' "$f"
}

# ch_as LOGIN QUERY runs QUERY with the client config LOGIN (ch_login).
ch_as() {
	timeout 15 clickhouse-client --config-file "$1" "${CH_ARGS[@]}" -q "$2" </dev/null
}

ch_query() { ch_as "$CH_SERVICE_LOGIN" "$1"; }

# ch_ready: the server answers, whether or not it lets the service in yet
# (an existing install still has its old users until users.d/ is read).
ch_ready() {
	local out
	out=$(ch_query 'SELECT 1' 2>&1) && return 0
	# unknown user, wrong password, password required, address not allowed,
	# authentication failed (current releases)
	[[ $out =~ Code:\ (192|193|194|195|516)[^0-9] ]]
}

ch_server_bin() {
	local b
	for b in "$(command -v clickhouse-server 2>/dev/null)" /usr/bin/clickhouse-server /usr/sbin/clickhouse-server; do
		[[ -n $b && -x $b ]] && {
			echo "$b"
			return 0
		}
	done
	return 1
}

ch_running() {
	local f comm
	for f in /proc/[0-9]*/comm; do
		read -r comm <"$f" 2>/dev/null || continue
		[[ $comm == clickhouse-serv* ]] && return 0
	done
	return 1
}

ch_start() {
	local bin
	bin=$(ch_server_bin)
	echo "clickhouse: starting (log: $CH_LOG)"
	as_root mkdir -p /var/log/clickhouse-server /var/lib/clickhouse
	as_root chown -R clickhouse:clickhouse /var/log/clickhouse-server /var/lib/clickhouse
	as_root su -s /bin/sh clickhouse -c "$bin --config-file=$CH_CONFIG --daemon" >/dev/null 2>&1 </dev/null || true
}

ensure_clickhouse() {
	local addr up=0 managed=0 start='' log=''
	split_hostport clickhouse "${CLICKHOUSE_ADDR%%,*}" 9000
	CH_HOST=$HOST CH_PORT=$PORT
	addr=$(hostport "$CH_HOST" "$CH_PORT")
	[[ $CLICKHOUSE_DATABASE =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] ||
		die "clickhouse: CLICKHOUSE_DATABASE must be a plain identifier, got '$CLICKHOUSE_DATABASE'"
	# The local defaults are for this machine's server only, as the server
	# takes them (internal/store, ServiceCredentials).
	if is_loopback "$CH_HOST"; then
		[[ -n $CLICKHOUSE_PASSWORD || $CLICKHOUSE_USER != reeltrack ]] || CLICKHOUSE_PASSWORD=reeltrack-local
		[[ -n $CLICKHOUSE_ADMIN_PASSWORD ]] || CLICKHOUSE_ADMIN_PASSWORD=default-local
	fi
	[[ -n $CLICKHOUSE_PASSWORD ]] ||
		die "clickhouse: CLICKHOUSE_PASSWORD is not set: the password of the service's user '$CLICKHOUSE_USER' at $addr"
	CH_ARGS=(--host "$CH_HOST" --port "$CH_PORT")
	ch_tmp_init
	CH_SERVICE_LOGIN=$(ch_login service "$CLICKHOUSE_USER" "$CLICKHOUSE_PASSWORD")
	# The Debian config listens on loopback port 9000; other ports are not ours to start.
	is_loopback "$CH_HOST" && ((CH_PORT == 9000)) && managed=1

	if have clickhouse-client; then
		ch_ready && up=1
	else
		port_open "$CH_HOST" "$CH_PORT" && up=1
		if ((!up && managed)) && ! ch_server_bin >/dev/null; then
			apt_install clickhouse clickhouse-server clickhouse-client
		else
			apt_install clickhouse clickhouse-client
		fi
		up=0
		ch_ready && up=1
	fi
	if ((!up && managed)) && ! ch_server_bin >/dev/null; then
		apt_install clickhouse clickhouse-server
	fi
	# The users first, so that a server that starts now never runs with
	# the package's passwordless `default`; the disk settings before a start.
	if ((managed)) && [[ -d /etc/clickhouse-server ]]; then
		install_service_users
		install_disk_config
	fi

	if ((!up && managed)); then
		need_root "start ClickHouse"
		start=ch_start
		log=$CH_LOG
	elif ((!up)); then
		echo "clickhouse: waiting for $addr (this script only starts the local server on 127.0.0.1:9000)"
	fi
	((up)) ||
		bring_up clickhouse "$addr" "$log" ch_ready ch_running "$start" \
			"to see why, run it in the foreground: su -s /bin/sh clickhouse -c 'clickhouse-server --config-file=$CH_CONFIG'"
	if ((managed)) && [[ -d /etc/clickhouse-server ]]; then
		wait_service_users "$addr"
	else
		echo "clickhouse: users not installed: $addr is not this machine's Debian server" \
			"(install the output of deploy/clickhouse/render-service-users.sh and render-analyst-users.sh in its users.d/)"
	fi

	# The service makes its databases itself: it may, and only those.
	local out db
	for db in "$CLICKHOUSE_DATABASE" "${CLICKHOUSE_DATABASE}_analytics"; do
		if ! out=$(ch_query "CREATE DATABASE IF NOT EXISTS \`$db\`" 2>&1); then
			printf '%s\n' "$out" >&2
			die "clickhouse: cannot create database '$db' on $addr as '$CLICKHOUSE_USER'" \
				"(the service's user; make services installs it on this machine's server, see docs/clickhouse.md, Users)"
		fi
	done
	echo "clickhouse: ready ($addr, databases $CLICKHOUSE_DATABASE and ${CLICKHOUSE_DATABASE}_analytics)"
	if ((managed)) && [[ -d /etc/clickhouse-server ]]; then
		ensure_analyst "$addr" "${CLICKHOUSE_DATABASE}_analytics"
		trim_system_logs
	else
		echo "clickhouse: analyst user not installed: $addr is not this machine's Debian server"
	fi
}

# install_service_users installs the service's user and `default` with a
# password, on loopback only (deploy/clickhouse/render-service-users.sh),
# into the local server's users.d/, where the file is not current.
install_service_users() {
	local f=$CH_TMP/users-service.xml
	# Rendered as the calling user, so no password reaches a command line.
	CLICKHOUSE_SERVICE_USER=$CLICKHOUSE_USER CLICKHOUSE_PASSWORD=$CLICKHOUSE_PASSWORD \
		CLICKHOUSE_ADMIN_PASSWORD=$CLICKHOUSE_ADMIN_PASSWORD CLICKHOUSE_DATABASE=$CLICKHOUSE_DATABASE \
		CLICKHOUSE_CLUSTER='' CLICKHOUSE_SERVICE_NETWORKS=$CLICKHOUSE_SERVICE_NETWORKS CLICKHOUSE_SERVICE_GRANTS=0 \
		CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE=0 CLICKHOUSE_LOCAL_DEV=1 \
		"$HERE/../deploy/clickhouse/render-service-users.sh" "$f" >/dev/null
	if ! as_root cmp -s "$f" "$CH_SERVICE_USERS" 2>/dev/null; then
		need_root "install the ClickHouse users ($CH_SERVICE_USERS)"
		as_root mkdir -p "$(dirname "$CH_SERVICE_USERS")"
		as_root install -m 0644 "$f" "$CH_SERVICE_USERS.new"
		as_root mv -f "$CH_SERVICE_USERS.new" "$CH_SERVICE_USERS"
		echo "clickhouse: installed $CH_SERVICE_USERS (user $CLICKHOUSE_USER; default with a password, loopback only)"
	fi
}

# install_disk_config installs the 18.16 disk settings into the local
# server's config.d/ where the file is not current. The server reads them at
# its next start (a running server is left alone: the tests of others may be
# using it); until then it keeps its system logs' partitions as they are,
# which trim_system_logs bounds as well.
install_disk_config() {
	local f=$HERE/../deploy/clickhouse/config.d-18.16/reeltrack-disk.xml
	as_root cmp -s "$f" "$CH_DISK_CONFIG" 2>/dev/null && return 0
	need_root "install the ClickHouse disk settings ($CH_DISK_CONFIG)"
	as_root mkdir -p "$(dirname "$CH_DISK_CONFIG")"
	as_root install -m 0644 "$f" "$CH_DISK_CONFIG.new"
	as_root mv -f "$CH_DISK_CONFIG.new" "$CH_DISK_CONFIG"
	echo "clickhouse: installed $CH_DISK_CONFIG (system logs by day, text logs bounded; read at the server's next start)"
}

# trim_system_logs drops the days of the local server's system logs older
# than a week (deploy/clickhouse/trim-system-logs.sh, as `default`); a
# failure is only reported: the servers answer all the same.
trim_system_logs() {
	local admin out
	admin=$(ch_login trim default "$CLICKHOUSE_ADMIN_PASSWORD")
	if ! out=$(CLICKHOUSE_CLIENT_CONFIG=$admin CLICKHOUSE_HOST=$CH_HOST CLICKHOUSE_PORT=$CH_PORT \
		timeout 60 sh "$HERE/../deploy/clickhouse/trim-system-logs.sh" 2>&1); then
		printf '%s\n' "$out" >&2
		echo "clickhouse: warning: dropping the old days of the system logs failed (deploy/clickhouse/trim-system-logs.sh); the servers are ready all the same" >&2
		return 0
	fi
	[[ -z $out ]] || printf 'clickhouse: %s\n' "${out//$'\n'/$'\n'clickhouse: }"
}

# wait_service_users ADDR waits until the server has loaded the users file:
# the service and default log in with their passwords, and default without
# one is refused.
wait_service_users() {
	local addr=$1 admin nopass deadline got=''
	admin=$(ch_login admin default "$CLICKHOUSE_ADMIN_PASSWORD")
	nopass=$(ch_login nopass default '')
	deadline=$((SECONDS + TIMEOUT))
	until got=$(ch_query 'SELECT 1' 2>&1) && got=$(ch_as "$admin" 'SELECT 1' 2>&1) &&
		! got=$(ch_as "$nopass" 'SELECT 1' 2>&1); do
		if ((SECONDS >= deadline)); then
			printf '%s\n' "$got" | tail -n 3 >&2
			die "clickhouse: the users of $CH_SERVICE_USERS are not in effect at $addr after ${TIMEOUT}s;" \
				"check that ClickHouse reads users.d/ (users_config in $CH_CONFIG) and its log $CH_LOG"
		fi
		sleep 0.5
	done
	echo "clickhouse: users ready ($CLICKHOUSE_USER: its databases only, password from CLICKHOUSE_PASSWORD;" \
		"default: password from CLICKHOUSE_ADMIN_PASSWORD, this machine only)"
}

# ch_analyst_settings FILE prints "name<TAB>value" for each setting of the
# analyst profile in the rendered users config FILE, sorted.
ch_analyst_settings() {
	sed -n '/<profiles>/,/<\/profiles>/p' "$1" | sed -n '/^        <analyst>/,/^        <\/analyst>/p' |
		sed -n 's/^ *<\([a-z_]*\)>\([^<]*\)<\/\1>.*/\1\t\2/p' | sort
}

# ensure_analyst ADDR DB installs the read-only analyst user on the local
# server and waits until the server has loaded it: the analyst logs in with
# CLICKHOUSE_ANALYST_PASSWORD and its session has the file's settings.
ensure_analyst() {
	local addr=$1 adb=$2 tmpd login want names got='' deadline
	tmpd=$CH_TMP
	# Rendered as the calling user, so the password never reaches a command line.
	CLICKHOUSE_ANALYST_PASSWORD=$CLICKHOUSE_ANALYST_PASSWORD CLICKHOUSE_DATABASE=$CLICKHOUSE_DATABASE \
		CLICKHOUSE_ANALYST_NETWORKS=$CLICKHOUSE_ANALYST_NETWORKS \
		CLICKHOUSE_ANALYST_USER=analyst CLICKHOUSE_ANALYST_DATABASE="$adb" CLICKHOUSE_LOCAL_DEV=1 \
		"$HERE/../deploy/clickhouse/render-analyst-users.sh" "$tmpd/users-analyst.xml" >/dev/null
	if ! as_root cmp -s "$tmpd/users-analyst.xml" "$CH_ANALYST_USERS" 2>/dev/null; then
		need_root "install the ClickHouse analyst user ($CH_ANALYST_USERS)"
		as_root mkdir -p "$(dirname "$CH_ANALYST_USERS")"
		as_root install -m 0644 "$tmpd/users-analyst.xml" "$CH_ANALYST_USERS.new"
		as_root mv -f "$CH_ANALYST_USERS.new" "$CH_ANALYST_USERS"
		echo "clickhouse: installed $CH_ANALYST_USERS"
	fi

	login=$(ch_login analyst analyst "$CLICKHOUSE_ANALYST_PASSWORD")
	want=$(ch_analyst_settings "$tmpd/users-analyst.xml")
	names=$(cut -f1 <<<"$want" | sed "s/.*/'&'/" | paste -sd, -)
	deadline=$((SECONDS + TIMEOUT))
	until got=$(timeout 15 clickhouse-client --config-file "$login" "${CH_ARGS[@]}" \
		--database "$adb" -q "SELECT name, value FROM system.settings WHERE name IN ($names) ORDER BY name FORMAT TSV" \
		</dev/null 2>&1) && [[ $got == "$want" ]]; do
		if ((SECONDS >= deadline)); then
			printf '%s\n' "$got" | tail -n 3 >&2
			die "clickhouse: the analyst user (from $CH_ANALYST_USERS) is not in effect after ${TIMEOUT}s;" \
				"check that ClickHouse reads users.d/ (users_config in $CH_CONFIG) and its log $CH_LOG"
		fi
		sleep 0.5
	done
	echo "clickhouse: analyst user ready (read-only on $adb, password from CLICKHOUSE_ANALYST_PASSWORD)"
}

# ---------------------------------------------------------------- Node.js, Chromium

# node_version prints the installed Node.js version (20.19.2).
node_version() { node -p 'process.versions.node' 2>/dev/null; }

# node_recent VERSION: new enough for Vite 8, which runs on ^20.19 or >= 22.12.
node_recent() {
	local major minor
	IFS=. read -r major minor _ <<<"$1"
	[[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
	((major == 20 && minor >= 19 || major == 22 && minor >= 12 || major >= 23))
}

ensure_node() {
	have node || apt_install node nodejs
	# Debian packages npm apart; NodeSource's nodejs includes it.
	have npm || apt_install node npm
	local v
	v=$(node_version) || die "node: 'node' is installed but does not run (node -p process.versions.node failed)"
	node_recent "$v" ||
		die "node: Node.js $v is too old to build the dashboard: Vite 8 needs Node.js 20.19 or later (20.x from 20.19, or 22.12+)." \
			"Debian 12 ships 18.x; install a newer one (Debian 13's nodejs package, or NodeSource's nodejs 22:" \
			"https://github.com/nodesource/distributions), check with 'node --version', then run make again."
	echo "node: ready (Node.js $v, npm $(npm --version 2>/dev/null))"
}

# Chromium renders the dashboard's browser tests and the reports' PDFs;
# poppler's pdftotext reads the PDFs' text back in the reports' tests.
ensure_chromium() {
	have chromium || have chromium-browser || apt_install chromium chromium
	echo "chromium: ready ($(command -v chromium || command -v chromium-browser))"
	have pdftotext || apt_install pdftotext poppler-utils
	echo "pdftotext: ready ($(command -v pdftotext))"
}

# ---------------------------------------------------------------- chDB

# The current ClickHouse engine the tests run beside 18.16 (docs/clickhouse.md):
# chDB, ClickHouse as a library, from the npm registry at the version of
# scripts/chdb/package-lock.json, installed with npm ci into a cache outside
# the repository (about 180 MB to download, 570 MB on disk) and reused while
# the lockfile is the same. cmd/chdbhttp serves it to the tests.
chdb_dir() {
	local version
	version=$(sed -n 's/^ *"@chdb\/lib-linux-x64-gnu": "\([^"]*\)".*/\1/p' "$HERE/chdb/package.json" | head -n 1)
	[[ -n $version ]] || die "chdb: no @chdb/lib-linux-x64-gnu version in $HERE/chdb/package.json"
	printf '%s/reeltrack/chdb-%s' "${XDG_CACHE_HOME:-$HOME/.cache}" "$version"
}

ensure_chdb() {
	local dir lib tmp
	dir=$(chdb_dir)
	lib=$dir/node_modules/@chdb/lib-linux-x64-gnu/libchdb.so
	if [[ -f $lib ]] && cmp -s "$HERE/chdb/package-lock.json" "$dir/package-lock.json"; then
		echo "chdb: ready ($lib)"
		return 0
	fi
	[[ $(uname -m) == x86_64 && $(uname -s) == Linux ]] ||
		die "chdb: the tests' current ClickHouse engine is installed for Linux x86_64 only (this is $(uname -s) $(uname -m))"
	ensure_node
	echo "chdb: installing chDB into $dir (npm ci, about 180 MB; log: $APT_LOG)"
	mkdir -p "$(dirname "$dir")"
	tmp=$(mktemp -d "$dir.new.XXXXXX")
	cp "$HERE/chdb/package.json" "$HERE/chdb/package-lock.json" "$tmp/"
	if ! (cd "$tmp" && npm ci --no-audit --no-fund --loglevel=error) >>"$APT_LOG" 2>&1 </dev/null; then
		rm -rf "$tmp"
		tail -n 30 "$APT_LOG" >&2
		die "chdb: npm ci failed (full log: $APT_LOG)"
	fi
	[[ -f $tmp/node_modules/@chdb/lib-linux-x64-gnu/libchdb.so ]] ||
		{ rm -rf "$tmp"; die "chdb: npm installed no libchdb.so (is @chdb/lib-linux-x64-gnu in the lockfile?)"; }
	rm -rf "$dir"
	mv "$tmp" "$dir"
	echo "chdb: ready ($lib)"
}

# ---------------------------------------------------------------- Prometheus

# Prometheus and promtool (Debian's prometheus package), which the tests of
# the metrics run: a Prometheus of their own scrapes the server's /metrics,
# and promtool checks and unit-tests the alerting rules of deploy/prometheus/.
# Only installed here; the tests start and stop their own Prometheus, and
# the Debian service the package enables is stopped and disabled again
# (nothing should scrape or listen on 9090 on the machine's behalf).
ensure_prometheus() {
	if ! have prometheus || ! have promtool; then
		apt_install prometheus prometheus
		if have systemctl && as_root systemctl is-enabled prometheus >/dev/null 2>&1; then
			as_root systemctl disable --now prometheus >/dev/null 2>&1 || true
		fi
	fi
	echo "prometheus: ready ($(prometheus --version 2>/dev/null | head -n 1))"
}

case ${1:-all} in
all)
	ensure_postgres
	ensure_redis
	ensure_clickhouse
	ensure_node
	ensure_chromium
	;;
node) ensure_node ;;
chdb) ensure_chdb ;;
prometheus) ensure_prometheus ;;
*) die "usage: $0 [node|chdb|prometheus]" ;;
esac
