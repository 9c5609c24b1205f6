"""Prints the public API of Switchboard's library modules from their symbol graphs, one sorted
line per symbol: `Module  path  declaration`. Undocumented public symbols are reported on
standard error (every public symbol needs a doc comment)."""
import json
import pathlib
import sys

directory = pathlib.Path(sys.argv[1])
lines = set()
undocumented = []
for graph in sorted(directory.glob("*.symbols.json")):
    data = json.loads(graph.read_text())
    module = graph.name.split(".symbols.json")[0]
    for symbol in data["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        path = ".".join(symbol["pathComponents"])
        # Implementation details the compiler synthesizes (Equatable's ==, CodingKeys) say nothing.
        if symbol["kind"]["identifier"] == "swift.enum.case" and ".CodingKeys." in "." + path + ".":
            continue
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        lines.add(f"{module}  {path}  {declaration}")
        if "docComment" not in symbol and "@" not in module and not symbol.get("location", {}).get("uri", "").endswith(".swiftinterface"):
            undocumented.append(f"{module}  {path}")
for line in sorted(lines):
    print(line)
if undocumented:
    print(f"{len(undocumented)} public symbols without a doc comment:", file=sys.stderr)
    for entry in sorted(undocumented):
        print("  " + entry, file=sys.stderr)
    sys.exit(1)
