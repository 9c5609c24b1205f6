"""Type-checks every Swift example in README.md and Docs.docc against the public API.

Each markdown file becomes one Swift file, read as a reader reads the page: the blocks in order,
declarations (types, extensions, functions) at file scope, and each block's statements in a scope
nested inside the previous block's, so that a later example sees the values an earlier one made
(and may shadow them). Imports are gathered at the top. The file is type-checked with `swiftc`
against the debug build's modules *without* the package name, so only public API is visible, as
in an app.

A block preceded by `<!-- snippet: context -->` is only a declaration the page assumes (shown to the
reader); `<!-- snippet: skip REASON -->` leaves a block out (generated output, a signature
excerpt), and the reason is printed. `<!-- snippet: uses NAME -->` anywhere on a page compiles it
with the example project Examples/NAME, whose page text names it: its model files (Models/), and
the typed operations the built `switchboard codegen operations` generates from its schema and
.graphql files (with its switchboard-codegen.json, when it has one).

Usage: check_snippets.py BUILD_BIN_DIR TRIPLE OUTPUT_DIR FILE.md...
"""

import os
import re
import subprocess
import sys

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|nonisolated|indirect)\s+)*"
    r"(?:struct|class|enum|extension|protocol|actor|func|typealias)\b"
)
FENCE = re.compile(r"^```(\S*)\s*$")
MARKER = re.compile(r"^<!--\s*snippet:\s*(\w+)\s*(.*?)\s*-->\s*$")


def blocks(path):
    """(line, language, marker, reason, text) for each fenced block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    result, i, marker, reason = [], 0, None, ""
    while i < len(lines):
        m = MARKER.match(lines[i].strip())
        if m:
            marker, reason = m.group(1), m.group(2)
            i += 1
            continue
        f = FENCE.match(lines[i].strip())
        if f and lines[i].startswith("```"):
            language, start, body = f.group(1), i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            result.append((start, language, marker, reason, "\n".join(body)))
            marker, reason = None, ""
        elif lines[i].strip():
            marker, reason = None, ""
        i += 1
    return result


def split(text):
    """(imports, declarations, statements) of one block: a line at column 0 that starts a
    declaration begins one, which runs until the next line at column 0 that is not `}`."""
    imports, declarations, statements = [], [], []
    lines, i = text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("import ") or line.startswith("@testable import"):
            imports.append(line)
            i += 1
        elif DECLARATION.match(line) or (line.startswith("///") and i + 1 < len(lines)):
            chunk = [line]
            i += 1
            while i < len(lines) and (not lines[i] or lines[i][0] in " \t}" or lines[i].startswith("///")
                                      or (chunk and chunk[-1].startswith("///"))):
                chunk.append(lines[i])
                i += 1
                if chunk[-2].startswith("///") and not chunk[-1].startswith("///"):
                    continue
            if DECLARATION.match(chunk[0]) or any(DECLARATION.match(c) for c in chunk if not c.startswith("///")):
                declarations.append("\n".join(chunk))
            else:
                statements.extend(chunk)
        else:
            statements.append(line)
            i += 1
    return imports, declarations, statements


def uses(path):
    """The example projects a page declares it uses."""
    text = open(path, encoding="utf-8").read()
    return re.findall(r"<!--\s*snippet:\s*uses\s+(\w+)\s*-->", text)


def example_sources(name, binaries, output):
    """The Swift files of Examples/NAME: its models, and the operations generated from it."""
    folder = os.path.join("Examples", name)
    if not os.path.isdir(folder):
        raise SystemExit(f"no example project {folder}")
    files = []
    models = os.path.join(folder, "Models")
    if os.path.isdir(models):
        files += sorted(os.path.join(models, f) for f in os.listdir(models) if f.endswith(".swift"))
    schema = [f for f in os.listdir(folder) if f.endswith(".graphqls")]
    if schema:
        generated = os.path.join(output, "examples", name)
        config = os.path.join(folder, "switchboard-codegen.json")
        options = ["--config", config] if os.path.exists(config) else []
        subprocess.run(
            [os.path.join(binaries, "switchboard"), "codegen", "operations", "--schema",
             os.path.join(folder, schema[0]), "--output", generated] + options + [folder],
            check=True, capture_output=True)
        files += sorted(os.path.join(generated, f) for f in os.listdir(generated) if f.endswith(".swift"))
    return files


def assemble(path):
    imports, declarations, scopes, skipped = [], [], [], []
    for line, language, marker, reason, text in blocks(path):
        if language != "swift":
            continue
        if marker == "skip":
            skipped.append(f"{path}:{line}: skipped: {reason or 'no reason given'}")
            continue
        block_imports, block_declarations, statements = split(text)
        imports += [i for i in block_imports if i not in imports]
        tag = f"// {path}:{line}"
        declarations += [f"{tag}\n{d}" for d in block_declarations]
        if marker != "context" and any(s.strip() for s in statements):
            scopes.append((tag, statements))
    body, depth = [], 1
    for tag, statements in scopes:
        indent = "    " * depth
        body.append(f"{indent}{tag}")
        body.append(f"{indent}do {{")
        body += [(indent + "    " + s) if s.strip() else "" for s in statements]
        depth += 1
    body += ["    " * d + "}" for d in range(depth - 1, 0, -1)]
    source = "\n".join(imports) + "\n\n" + "\n\n".join(declarations)
    source += "\n\n@available(macOS 15.0, iOS 18.0, *)\nfunc __snippets() async throws {\n" + "\n".join(body) + "\n}\n"
    return source, skipped, len(scopes) + len(declarations)


def main():
    binaries, triple, output = sys.argv[1:4]
    modules = os.path.join(binaries, "Modules")
    os.makedirs(output, exist_ok=True)
    failed = 0
    examples = {}
    for path in sys.argv[4:]:
        source, skipped, count = assemble(path)
        for line in skipped:
            print(line)
        if count == 0:
            continue
        name = re.sub(r"[^A-Za-z0-9]", "_", path)
        file = os.path.join(output, name + ".swift")
        open(file, "w", encoding="utf-8").write(source)
        command = ["swiftc", "-typecheck", "-swift-version", "6", "-target", triple, "-module-name", "Snippets_" + name,
                   "-I", modules]
        for c in ("COpenSSL", "CSystemEvents", "CSQLite", "CZlib"):
            command += ["-I", f"Sources/{c}"]
        extra = []
        for example in uses(path):
            if example not in examples:
                examples[example] = example_sources(example, binaries, output)
            extra += examples[example]
        result = subprocess.run(command + [file] + extra, capture_output=True, text=True)
        errors = [l for l in result.stderr.split("\n") if ": error:" in l]
        if result.returncode != 0:
            failed += 1
            print(f"FAILED {path} ({len(errors)} errors; assembled in {file})")
            for e in errors[:40]:
                print("  " + e.replace(file, name + ".swift"))
        else:
            print(f"ok     {path}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
