# Sourced by scripts: creates (once) the git-ignored Python virtual environment that holds the
# independent peers used by interop tests, and defines `venv_install PACKAGE...`.
VENV_DIR="${SWITCHBOARD_VENV:-$PWD/.venv-interop}"
if [ ! -x "$VENV_DIR/bin/python" ]; then
    python3 -m venv "$VENV_DIR"
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip >/dev/null 2>&1 || true
fi
export VENV_DIR
export PATH="$VENV_DIR/bin:$PATH"
venv_install() {
    "$VENV_DIR/bin/pip" install --quiet --disable-pip-version-check "$@"
}
