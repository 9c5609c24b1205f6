"""Checks what each library product links, from `swift package dump-package` on stdin.

Prints every product's target closure and fails when the closure of a product listed in
FORBIDDEN holds a target it must not: `SwitchboardAPI` links no SQLite (the record store's
SQLite persistence is its own product), and `Switchboard`, the hub, links no networking.
"""

import json
import sys

FORBIDDEN = {
    "SwitchboardAPI": ("SQLite",),
    "Switchboard": ("SQLite", "SwitchboardNet", "SwitchboardStore"),
}


def target_dependencies(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def main():
    package = json.load(sys.stdin)
    targets = {target["name"]: target for target in package["targets"]}
    failed = False
    for product in package["products"]:
        if "library" not in product["type"]:
            continue
        closure, pending = set(), list(product["targets"])
        while pending:
            name = pending.pop()
            if name in closure or name not in targets:
                continue
            closure.add(name)
            pending.extend(target_dependencies(targets[name]))
        print(f"{product['name']}: {', '.join(sorted(closure))}")
        for fragment in FORBIDDEN.get(product["name"], ()):
            offending = sorted(name for name in closure if fragment in name)
            if offending:
                print(f"  error: {product['name']} links {', '.join(offending)}", file=sys.stderr)
                failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
