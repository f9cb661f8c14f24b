"""Chapter notebooks as Voila shows them: MyST rewritten as plain CommonMark.

The chapters are written for Jupyter Book, in MyST Markdown: rule targets such
as ``(gs-move-stack)=``, cross-references such as ``{ref}`moving <gs-move>```
and ``{doc}`strategy```, and rulings in ``{admonition}`` fences. Voila renders
Markdown cells with plain CommonMark, so without help a live chapter would show
those as raw text. Live mode (``necro.book.live``) passes every notebook through
:func:`prepare_notebook` before Voila runs it:

* a target becomes an HTML anchor, so ``#gs-move-stack`` works in the app too;
* ``{ref}`` and ``{doc}`` become links into the served book, resolved with the
  book's own Sphinx inventory (``objects.inv``); a reference to this very page
  stays an in-page link;
* an admonition (``{note}``, ``{admonition} Ruling: ...`` etc.) becomes a
  block quote headed by its title; ``{code-block}``, ``{math}`` and images
  become their CommonMark equivalents; any other directive keeps its content;
* code cells tagged ``remove-cell`` or ``remove-output`` (hidden by the book)
  still run, but under ``%%capture``, so Voila does not show them either.

Pure text processing: nothing here imports Jupyter or Sphinx.
"""

from __future__ import annotations

import posixpath
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ADMONITIONS = {
    "admonition", "attention", "caution", "danger", "error", "hint", "important", "note",
    "seealso", "tip", "warning", "dropdown",
}
HIDDEN_TAGS = {"remove-cell", "remove-output"}

_TARGET = re.compile(r"^\s*\(([^()\s]+)\)=\s*$")
_FENCE_OPEN = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|:{3,})\{(?P<name>[\w:-]+)\}\s*(?P<args>.*)$")
_PLAIN_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})")
_OPTION = re.compile(r"^\s*:[\w-]+:")
_ROLE = re.compile(r"\{(?P<name>[\w:-]+)\}`(?P<body>[^`]+)`")
_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.S)


@dataclass
class Inventory:
    """What the built book knows: label and document -> (uri, title)."""

    labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    docs: dict[str, tuple[str, str]] = field(default_factory=dict)


def read_inventory(path: str | Path) -> Inventory:
    """Read a Sphinx ``objects.inv`` (version 2): four header lines, then zlib."""
    inventory = Inventory()
    data = Path(path).read_bytes()
    parts = data.split(b"\n", 4)
    if len(parts) < 5 or not parts[0].startswith(b"# Sphinx inventory version 2"):
        return inventory
    body = zlib.decompress(parts[4]).decode("utf-8", errors="replace")
    line_re = re.compile(r"(?x)(?P<name>.+?)\s+(?P<type>\S+:\S+)\s+(?P<prio>-?\d+)\s+"
                         r"(?P<uri>\S*)\s+(?P<title>.*)")
    for line in body.splitlines():
        match = line_re.match(line.rstrip())
        if not match:
            continue
        name, kind, uri, title = match["name"], match["type"], match["uri"], match["title"]
        if uri.endswith("$"):
            uri = uri[:-1] + name
        if title == "-":
            title = name
        if kind == "std:label":
            inventory.labels[name] = (uri, title)
        elif kind == "std:doc":
            inventory.docs[name] = (uri, title)
    return inventory


class Converter:
    """Rewrites the MyST of one document (``docname``, e.g. ``book/gs/index``)."""

    def __init__(self, docname: str, inventory: Inventory, book_url: str):
        self.docname = docname
        self.inventory = inventory
        self.book_url = book_url
        self.page = inventory.docs.get(docname, (docname + ".html", ""))[0]

    # ----------------------------------------------------------------- blocks

    def convert(self, source: str) -> str:
        lines = source.split("\n")
        out: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            target = _TARGET.match(line)
            if target:
                # the blank line ends the HTML block, so a heading below still renders
                out += [f'<a id="{_attr(target[1])}"></a>', ""]
                i += 1
                continue
            directive = _FENCE_OPEN.match(line)
            if directive:
                end = _closing(lines, i + 1, directive["fence"])
                out += self.directive(directive, lines[i + 1:end])
                i = end + 1
                continue
            plain = _PLAIN_FENCE.match(line)
            if plain:  # code: copied as it is
                end = _closing(lines, i + 1, plain["fence"])
                out += lines[i:end + 1]
                i = end + 1
                continue
            out.append(_ROLE.sub(self.role, line))
            i += 1
        return "\n".join(out)

    def directive(self, match: re.Match, body: list[str]) -> list[str]:
        name, args, indent = match["name"], match["args"].strip(), match["indent"]
        body = _strip_options(body)
        if name in {"code-block", "code", "code-cell", "sourcecode"}:
            return [f"{indent}```{args}", *body, f"{indent}```"]
        if name == "math":
            return [f"{indent}$$", *body, f"{indent}$$"]
        if name in {"figure", "image"}:
            caption = self.convert("\n".join(body)).strip() if name == "figure" else ""
            return [f"{indent}![{caption}]({args})"]
        inner = self.convert("\n".join(body)).split("\n")
        if name not in ADMONITIONS:
            return inner
        if name in {"admonition", "dropdown"}:
            title = args or name.capitalize()
        else:
            title = name.capitalize() + (f": {args}" if args else "")
        title = _ROLE.sub(self.role, title)
        quoted = [f"{indent}> {line}" if line.strip() else f"{indent}>" for line in inner]
        return [f"{indent}> **{title}**", f"{indent}>", *quoted, ""]

    # ----------------------------------------------------------------- roles

    def role(self, match: re.Match) -> str:
        name, body = match["name"], match["body"]
        explicit = _EXPLICIT.match(body)
        text, target = (explicit["text"], explicit["target"]) if explicit else (None, body)
        if name in {"ref", "numref", "std:ref"}:
            return self.link_label(target.strip(), text)
        if name in {"doc", "std:doc"}:
            return self.link_doc(target.strip(), text)
        if name == "math":
            return f"${body}$"
        return text or body  # {term}, {abbr}, ...: the words themselves

    def link_label(self, label: str, text: str | None) -> str:
        found = self.inventory.labels.get(label.lower()) or self.inventory.labels.get(label)
        if found is None:
            return text or label
        uri, title = found
        shown = text or title
        if uri.split("#", 1)[0] == self.page and "#" in uri:
            return f"[{shown}](#{uri.split('#', 1)[1]})"
        return f"[{shown}]({self.book_url}{uri})"

    def link_doc(self, target: str, text: str | None) -> str:
        if target.startswith("/"):
            docname = target.lstrip("/")
        else:
            docname = posixpath.normpath(posixpath.join(posixpath.dirname(self.docname), target))
        docname = re.sub(r"\.(ipynb|md)$", "", docname)
        found = self.inventory.docs.get(docname)
        if found is None:
            return text or target
        uri, title = found
        return f"[{text or title}]({self.book_url}{uri})"


def _attr(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _closing(lines: list[str], start: int, fence: str) -> int:
    """Index of the line closing ``fence`` (or the last line if it is never closed)."""
    char, size = fence[0], len(fence)
    for j in range(start, len(lines)):
        stripped = lines[j].strip()
        if stripped and set(stripped) == {char} and len(stripped) >= size:
            return j
    return len(lines)


def _strip_options(body: list[str]) -> list[str]:
    """Drop a directive's ``:option: value`` lines (or ``---`` YAML block) at its top."""
    if body and body[0].strip() == "---":
        for j in range(1, len(body)):
            if body[j].strip() == "---":
                return body[j + 1:]
        return []
    j = 0
    while j < len(body) and _OPTION.match(body[j]):
        j += 1
    return body[j:]


def convert(source: str, docname: str, inventory: Inventory, book_url: str) -> str:
    """``source`` (one Markdown cell of ``docname``) with its MyST rewritten."""
    return Converter(docname, inventory, book_url).convert(source)


def prepare_notebook(notebook, docname: str, inventory: Inventory, book_url: str):
    """Rewrite ``notebook`` (an nbformat NotebookNode) in place for Voila; return it."""
    converter = Converter(docname, inventory, book_url)
    for cell in notebook.get("cells", []):
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        if cell.get("cell_type") == "markdown":
            cell["source"] = converter.convert(source)
        elif cell.get("cell_type") == "code":
            tags = set(cell.get("metadata", {}).get("tags", []))
            if tags & HIDDEN_TAGS and source.strip():
                cell["source"] = "%%capture\n" + source
    return notebook
