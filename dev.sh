#!/usr/bin/env bash
# necro's two entry points (run from anywhere; works from a fresh clone):
#   ./dev.sh live    set everything up, then serve the book live (necro live: Play live opens a chapter in Voila)
#   ./dev.sh test    set everything up, then run every test; ends with "N passed, N failed"
#   ./dev.sh setup   only the set-up part (what both of the above do first)
# Set-up is idempotent and quick when nothing changed: pip runs only when
# pyproject.toml changed, npm ci only when package-lock.json changed.
set -uo pipefail
cd "$(dirname "$0")" || exit 1
ROOT=$PWD
VENV=$ROOT/.venv
PY=$VENV/bin/python
STAMPS=$ROOT/.dev-stamps
export PATH="$VENV/bin:$PATH"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
mkdir -p "$STAMPS"

say() { printf '\n==> %s\n' "$*"; }
die() { printf 'dev.sh: %s\n' "$*" >&2; exit 1; }

digest() { cat "$@" 2>/dev/null | sha256sum | cut -d' ' -f1; }

# run "name" command...: re-runs the command only when the stamp's content changed
stamp_ok() { [ -f "$STAMPS/$1" ] && [ "$(cat "$STAMPS/$1")" = "$2" ]; }

setup_python() {
    local python=${PYTHON:-python3}
    if [ ! -x "$PY" ]; then
        say "creating $VENV"
        "$python" -m venv "$VENV" || die "could not create a venv with $python"
    fi
    local want
    want=$(digest pyproject.toml; "$PY" --version)
    if stamp_ok pip "$want" && "$PY" -c "import necro, jupyter_book, pytest, nbval, playwright, xdist, pytest_timeout" 2>/dev/null; then
        echo "python: up to date"
    else
        say "pip install -e '.[dev]'"
        "$PY" -m pip install --quiet --upgrade pip || die "pip upgrade failed"
        "$PY" -m pip install --quiet -e '.[dev]' || die "pip install -e '.[dev]' failed"
        echo "$want" > "$STAMPS/pip"
    fi
}

setup_node() {
    command -v npm >/dev/null || die "npm is missing (node 20 + npm are needed for the widget assets)"
    local want
    want=$(digest package-lock.json)
    if stamp_ok npm "$want" && [ -d node_modules/@jupyter-widgets/html-manager ]; then
        echo "npm: up to date"
    else
        say "npm ci"
        # --no-progress: the spinner is drawn on the terminal whatever the log level
        npm ci --no-audit --no-fund --no-progress --loglevel=error || die "npm ci failed"
        echo "$want" > "$STAMPS/npm"
    fi
}

setup_assets() {
    "$PY" -m necro.book.build assets >/dev/null || die "copying the widget assets failed"
    echo "assets: book/_assets/necro-js"
}

setup_chromium() {
    if [ -x /usr/bin/chromium ]; then
        echo "chromium: $(/usr/bin/chromium --version 2>/dev/null)"
        return
    fi
    if [ "$(id -u)" = 0 ]; then
        say "apt-get install chromium"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null \
            || die "apt-get install chromium failed"
    else
        echo "chromium: missing and not root: install Debian's chromium (sudo apt-get install chromium)"
    fi
}

setup() {
    setup_python
    setup_node
    setup_assets
}

# --------------------------------------------------------------------------- test

PASSED=0
FAILED=0
SKIPPED=0
FAILED_STEPS=()
TIMINGS=()

count_junit() {  # add a junit xml's counts to the totals
    local counts
    counts=$("$PY" - "$1" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except (OSError, ET.ParseError):
    print("0 0 0"); sys.exit()
suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
t = f = s = 0
for suite in suites:
    t += int(suite.get("tests", 0))
    f += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    s += int(suite.get("skipped", 0))
print(t - f - s, f, s)
PYEOF
)
    read -r p f s <<< "$counts"
    PASSED=$((PASSED + p)); FAILED=$((FAILED + f)); SKIPPED=$((SKIPPED + s))
}

step() {  # step NAME COMMAND...: a non-pytest check counts as one test
    local name=$1; shift
    local t=$SECONDS
    say "$name"
    if "$@"; then
        PASSED=$((PASSED + 1))
    else
        FAILED=$((FAILED + 1)); FAILED_STEPS+=("$name")
    fi
    TIMINGS+=("$name: $((SECONDS - t)) s")
}

pytest_step() {  # pytest_step NAME [--allow-no-tests] PYTEST-ARGS...
    local name=$1; shift
    local allow_empty=0
    if [ "${1:-}" = --allow-no-tests ]; then allow_empty=1; shift; fi
    local xml="$STAMPS/junit-${name// /-}.xml"
    rm -f "$xml"
    local t=$SECONDS
    say "$name"
    "$PY" -m pytest -p no:cacheprovider --junitxml="$xml" "$@"
    local code=$?
    TIMINGS+=("$name: $((SECONDS - t)) s")
    count_junit "$xml"
    if [ $code -eq 5 ] && [ $allow_empty = 1 ]; then
        echo "($name: no tests collected, which is fine here)"
    elif [ $code -ne 0 ]; then
        FAILED_STEPS+=("$name")
        # a crash before any test ran still counts as a failure
        [ -f "$xml" ] || FAILED=$((FAILED + 1))
    fi
}

run_tests() {
    step "ruff check" "$PY" -m ruff check necro tests

    # on every core (pytest-xdist); NECRO_PYTEST_WORKERS=0 runs them in one process
    # NECRO_SOAK=1: the Shovelfight soak (2000 seeded games, all player counts) runs too
    NECRO_SOAK="${NECRO_SOAK:-1}" pytest_step "pytest" tests --ignore=tests/browser -q --durations=10 \
        -n "${NECRO_PYTEST_WORKERS:-auto}"

    local notebooks=()
    while IFS= read -r -d '' nb; do notebooks+=("$nb"); done < <(
        find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' -not -path '*/_build/*' \
            -print0 2>/dev/null | sort -z)
    if [ ${#notebooks[@]} -eq 0 ]; then
        say "nbval: no notebooks under book/ yet"
    else
        pytest_step "nbval" --allow-no-tests -q --nbval --nbval-current-env \
            --nbval-sanitize-with tests/nbval_sanitize.cfg "${notebooks[@]}"
    fi

    step "book build (warnings as errors)" \
        "$PY" -m necro.book.build build --path "$ROOT" --all

    NECRO_REQUIRE_BROWSER=1 pytest_step "browser tests" tests/browser -q --durations=10
}

# --------------------------------------------------------------------------- main

case "${1:-}" in
    setup)
        setup
        setup_chromium
        ;;
    live)
        setup
        say "necro live"
        exec "$VENV/bin/necro" live "${@:2}"
        ;;
    test)
        t0=$SECONDS
        say "set-up"
        setup
        setup_chromium
        t1=$SECONDS
        run_tests
        t2=$SECONDS
        echo
        echo "set-up: $((t1 - t0)) s, tests: $((t2 - t1)) s"
        printf '  %s\n' "${TIMINGS[@]}"
        [ ${#FAILED_STEPS[@]} -eq 0 ] || echo "failed steps: ${FAILED_STEPS[*]}"
        summary="$PASSED passed, $FAILED failed"
        [ "$SKIPPED" -eq 0 ] || summary="$summary, $SKIPPED skipped"
        echo "$summary"
        [ "$FAILED" -eq 0 ] && [ ${#FAILED_STEPS[@]} -eq 0 ]
        ;;
    *)
        sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
