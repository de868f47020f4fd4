#!/bin/sh
# Builds (or fetches) the jars the binary-compatibility check compares this build's API jars with
# (drivespeed-api-check/pom.xml, docs/releasing.md "API compatibility"). Run by that module in
# verify; every argument comes from it:
#   api-baseline.sh root=DIR commit=HASH version=[VERSION] out=DIR offline=true|false
#                   maven=DIR modules="MODULE..."
# root: the repository's root. commit: api.baseline.commit, used while version
# (api.baseline.version) is empty: the jars are built from that commit's sources. version: a
# released version, whose jars are taken from the Maven repository instead. out: the directory the
# jars go to, one MODULE.jar each; it is a cache: a run for the same baseline and modules as the
# last one does nothing. offline: whether Maven runs offline. maven: Maven's home. modules: the
# modules' names, separated by spaces. A module the baseline does not have gets an empty jar: all
# of its API is new.
# Any failure ends the build with a line that says what to do.
set -eu

fail() {
    echo "API baseline: $*" >&2
    exit 1
}

root='' commit='' version='' out='' offline='' maven_home='' modules=''
for argument in "$@"; do
    case $argument in
        root=*) root=${argument#root=} ;;
        commit=*) commit=${argument#commit=} ;;
        version=*) version=${argument#version=} ;;
        out=*) out=${argument#out=} ;;
        offline=*) offline=${argument#offline=} ;;
        maven=*) maven_home=${argument#maven=} ;;
        modules=*) modules=${argument#modules=} ;;
        *) fail "unknown argument $argument" ;;
    esac
done
[ -n "$root" ] && [ -n "$out" ] && [ -n "$maven_home" ] && [ -n "$modules" ] \
    && { [ -n "$commit" ] || [ -n "$version" ]; } \
    || fail "root, out, maven, modules and commit or version are all needed"
# shellcheck disable=SC2086 # the modules, one word each
set -- $modules

# the baseline's own build must not build a baseline again (its commit may have this check too)
[ -z "${DRIVESPEED_API_BASELINE_BUILD:-}" ] \
    || fail "a baseline build started another one; the inner build must not run drivespeed-api-check"
export DRIVESPEED_API_BASELINE_BUILD=1

if [ -n "$version" ]; then
    key="release $version: $*"
else
    key="commit $commit: $*"
fi
if [ -f "$out/complete" ] && [ "$(cat "$out/complete")" = "$key" ]; then
    echo "API baseline: $key (cached in $out)"
    exit 0
fi

has_commit() {
    git -C "$root" rev-parse --quiet --verify "$commit^{commit}" >/dev/null 2>&1
}
if [ -z "$version" ] && ! has_commit; then
    # a shallow clone (as many CI checkouts are) lacks it: fetch that one commit from origin
    echo "API baseline: $commit is not in this clone; fetching it from origin"
    git -C "$root" fetch --quiet --depth=1 origin "$commit" >/dev/null 2>&1 \
        || git -C "$root" fetch --quiet --unshallow origin >/dev/null 2>&1 || true
fi
if [ -z "$version" ]; then
    has_commit || fail "api.baseline.commit $commit is not in this clone: fetch it (git fetch --unshallow origin, or git fetch origin $commit), or move api.baseline.commit (docs/releasing.md)"
fi
mvn="$maven_home/bin/mvn"
mvn_flags="-B -q"
[ "$offline" = true ] && mvn_flags="$mvn_flags -o"
work="$out.work"
rm -rf "$out" "$work"
mkdir -p "$out" "$work"

empty_jar() {
    echo "API baseline: $1 is not in the baseline: compared with an empty jar (all of its API is new)"
    mkdir -p "$work/empty"
    (cd "$work/empty" && "${JAVA_HOME:?}/bin/jar" --create --file "$out/$1.jar" --no-manifest .)
}

if [ -n "$version" ]; then
    # From 1.0.0: the last release, from the Maven repository. Its BOM lists what it published.
    get() {
        "$mvn" $mvn_flags org.apache.maven.plugins:maven-dependency-plugin:3.11.0:copy \
            -Dartifact="io.github.drivespeed:$1:$version:$2" -DoutputDirectory="$work" \
            -Dmdep.stripVersion=true >"$work/get.log" 2>&1 \
            || fail "io.github.drivespeed:$1:$version cannot be resolved (see $work/get.log): run the build online once, or correct api.baseline.version"
    }
    get drivespeed-bom pom
    for module in "$@"; do
        if grep -q "<artifactId>$module</artifactId>" "$work/drivespeed-bom.pom"; then
            get "$module" jar
            mv "$work/$module.jar" "$out/$module.jar"
        else
            empty_jar "$module"
        fi
    done
else
    # Before 1.0.0: the jars built from a commit of this repository, never installed.
    echo "API baseline: building $commit (once; cached in $out)"
    git -C "$root" archive --format=tar "$commit" | tar -x -C "$work"
    projects=""
    for module in "$@"; do
        if [ -f "$work/$module/pom.xml" ]; then
            projects="$projects${projects:+,}$module"
        fi
    done
    if [ -n "$projects" ]; then
        # the jars alone: no tests, javadoc, sources or checks; test-jars are still made (the
        # modules' test dependencies name core's)
        (cd "$work" && "$mvn" $mvn_flags package -pl "$projects" -am -DskipTests \
            -Dcheckstyle.skip -Dmaven.javadoc.skip -Dmaven.source.skip -Denforcer.skip \
            -Dmdep.analyze.skip -Djapicmp.skip \
            >"$work/build.log" 2>&1) \
            || fail "the build of $commit failed (see $work/build.log): fix what it reports, or move api.baseline.commit (docs/releasing.md)"
    fi
    for module in "$@"; do
        if [ -f "$work/$module/pom.xml" ]; then
            jar=$(find "$work/$module/target" -maxdepth 1 -name "$module-*.jar" \
                ! -name '*-sources.jar' ! -name '*-javadoc.jar' ! -name '*-tests.jar' \
                ! -name '*-exec.jar' | head -n 1)
            [ -n "$jar" ] || fail "the build of $commit made no $module jar (see $work/build.log)"
            cp "$jar" "$out/$module.jar"
        else
            empty_jar "$module"
        fi
    done
fi

rm -rf "$work"
echo "$key" >"$out/complete"
