#!/usr/bin/env bash
# gotest.sh: `go test` for make test's stages, with each package's test
# binary linked once and kept under bin/test/pkgs/ rather than linked again
# by every `go test` that runs it. make test runs most packages more than
# once (on 18.16, on the current engine, on the cluster), and a link costs
# more than many packages' tests; a kept binary whose sources did not change
# is not linked again at all (go compares its build ID).
#
#   scripts/gotest.sh [-build-only] [-race] [-ldflags=F] [-p N] [-v]
#                     [-timeout D] [-run RE] [-skip RE] [-count N] PACKAGE...
#
# The flags are go test's (the value may follow as the next argument). Each
# package's binary runs in the package's directory, as go test runs it,
# -p at a time (default: the number of cores); its output is printed whole
# when it ends, followed by go test's `ok`/`FAIL` line. Packages without
# tests print `?`. The exit status is 1 when a package failed or did not
# build. -build-only links the binaries and runs nothing: make test does it
# once before its stages run side by side, so that no two stages link the
# same binary at once, and sets GOTEST_BUILT=1 for them: they run the
# binaries without asking go whether each is up to date.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build_only=0 race=0 ldflags="" procs=$(nproc 2>/dev/null || echo 2)
tflags=(-test.paniconexit0) verbose=0
pkgs=()
value() { # value FLAG ARG...: the flag's value, from -f=v or the next argument
	if [[ $1 == *=* ]]; then echo "${1#*=}"; else echo "$2"; fi
}
while (($#)); do
	a=$1 shift_by=1
	case $a in
	-build-only) build_only=1 ;;
	-race) race=1 ;;
	-v | -v=true) verbose=1 tflags+=(-test.v=true) ;;
	-ldflags | -ldflags=* | -p | -p=* | -timeout | -timeout=* | -run | -run=* | -skip | -skip=* | -count | -count=*)
		[[ $a == *=* ]] || shift_by=2
		v=$(value "$a" "${2-}")
		case ${a%%=*} in
		-ldflags) ldflags=$v ;;
		-p) procs=$v ;;
		*) f=${a%%=*} && tflags+=("-test.${f#-}=$v") ;;
		esac
		;;
	-*) echo "gotest.sh: unknown flag $a" >&2 && exit 2 ;;
	*) pkgs+=("$a") ;;
	esac
	shift "$shift_by"
done
((${#pkgs[@]})) || { echo "gotest.sh: no package" >&2 && exit 2; }

variant=plain buildflags=()
if ((race)); then variant=race buildflags+=(-race); fi
[[ -z $ldflags ]] || buildflags+=("-ldflags=$ldflags")
out=$root/bin/test/pkgs/$variant

# Binaries are written as <dir>/<group>/<last element>.test: go test -c -o
# writes several packages' binaries into one directory only when their last
# path elements differ, so the module's packages are put in groups where
# they do (the first package of a name in group 0, the second in group 1, …),
# the same for every call.
# The packages asked for, as import paths, in their order, each once.
declare -A group dir has_tests
order=()
while read -r path d t; do
	[[ -n ${dir[$path]-} ]] && continue
	dir[$path]=$d has_tests[$path]=$t order+=("$path")
done < <(go list -f '{{.ImportPath}} {{.Dir}} {{if or .TestGoFiles .XTestGoFiles}}1{{else}}0{{end}}' "${pkgs[@]}")
declare -A seen
while read -r path; do
	name=${path##*/}
	group[$path]=${seen[$name]:-0}
	seen[$name]=$((${seen[$name]:-0} + 1))
done < <(cd "$root" && go list ./... | sort)

binary() { echo "$out/${group[$1]}/${1##*/}.test"; }

declare -A members
for p in "${order[@]}"; do
	[[ ${has_tests[$p]} == 1 ]] || continue
	members[${group[$p]}]+=" $p"
done
built=0
# GOTEST_BUILT=1: the binaries were linked beforehand (make test), so
# only their being there is checked
[[ ${GOTEST_BUILT:-} == 1 ]] && ((!build_only)) && members=()
for g in "${!members[@]}"; do
	mkdir -p "$out/$g"
	# shellcheck disable=SC2086 # the group's packages, one word each
	(cd "$root" && go test -c "${buildflags[@]}" -o "$out/$g/" ${members[$g]}) && continue
	# A package of the group did not build, and go leaves its binary of an
	# earlier build in place: each is linked alone, and a binary that does
	# not build is removed, so that it is reported rather than run.
	built=1
	for p in ${members[$g]}; do
		(cd "$root" && go test -c "${buildflags[@]}" -o "$(binary "$p")" "$p" 2>/dev/null) || rm -f "$(binary "$p")"
	done
done
((build_only)) && exit $built

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=$built
# run PKG INDEX: the package's binary in its directory, its output to a file
run() {
	local p=$1 i=$2 start rc=0 us cpu
	start=${EPOCHREALTIME/./}
	# the binary's CPU time (and that of the processes it waited for: the
	# servers and browsers it starts), from the subshell's `times`
	(cd "${dir[$p]}" && "$(binary "$p")" "${tflags[@]}" >"$tmp/$i.out" 2>&1; r=$?; times >"$tmp/$i.times"; exit $r) || rc=$?
	cpu=$(tail -1 "$tmp/$i.times")
	us=$((${EPOCHREALTIME/./} - start))
	# written whole, then renamed: reap takes a package as ended when its
	# .rc is there, and must never read it half written
	printf '%s %d.%06d %s\n' "$rc" $((us / 1000000)) $((us % 1000000)) "$(cpuSecs "$cpu")" >"$tmp/$i.rc.part"
	mv "$tmp/$i.rc.part" "$tmp/$i.rc"
}
# cpuSecs "XmY.YYYs XmY.YYYs": the user and system times `times` printed, summed in seconds
cpuSecs() {
	local u=${1% *} s=${1#* }
	awk -v u="$u" -v s="$s" 'function secs(t, m) { m = t; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", t); sub(/s$/, "", t); return m * 60 + t }
		BEGIN { printf "%.1f", secs(u) + secs(s) }'
}
# report INDEX: print a finished package's output and its line (go test's,
# with the CPU seconds it took after it)
report() {
	local i=$1 p=${order[$1]} rc secs cpu
	read -r rc secs cpu <"$tmp/$i.rc"
	if ((rc == 0)); then
		((verbose)) && cat "$tmp/$i.out"
		printf 'ok  \t%s\t%.3fs\tcpu %ss\n' "$p" "$secs" "$cpu"
	else
		cat "$tmp/$i.out"
		printf 'FAIL\t%s\t%.3fs\tcpu %ss\n' "$p" "$secs" "$cpu"
		failed=1
	fi
}
declare -A running=()
n=0 # running now
# reap: wait for a package to end and report every one that has
reap() {
	wait -n || true
	for j in "${!running[@]}"; do
		[[ -f $tmp/$j.rc ]] || continue
		unset "running[$j]"
		n=$((n - 1))
		report "$j"
	done
}
for i in "${!order[@]}"; do
	p=${order[$i]}
	if [[ ${has_tests[$p]} != 1 ]]; then
		printf '?   \t%s\t[no test files]\n' "$p"
		continue
	fi
	if [[ ! -x $(binary "$p") ]]; then
		printf 'FAIL\t%s [build failed]\n' "$p"
		failed=1
		continue
	fi
	while ((n >= procs)); do reap; done
	run "$p" "$i" &
	running[$i]=1 n=$((n + 1))
done
while ((n > 0)); do reap; done
exit $failed
