"""necro.book.live_markdown: a chapter's MyST, rewritten for Voila's plain CommonMark."""

from __future__ import annotations

import zlib

import nbformat

from necro.book.live_markdown import Inventory, convert, prepare_notebook, read_inventory

BOOK = "/book/"
INVENTORY = Inventory(
    labels={
        "gs-move": ("book/gs/index.html#gs-move", "Moving"),
        "gs-ruling-first-player": ("book/gs/index.html#gs-ruling-first-player", "Who starts"),
        "sf-dig": ("book/sf/digging.html#sf-dig", "Digging"),
    },
    docs={
        "book/gs/index": ("book/gs/index.html", "Graveyard Shift"),
        "book/gs/strategy": ("book/gs/strategy.html", "Strategy from the engine"),
        "book/intro": ("book/intro.html", "necro"),
    },
)


def md(source: str, docname: str = "book/gs/index") -> str:
    return convert(source, docname, INVENTORY, BOOK)


def test_targets_become_anchors_and_the_heading_still_renders():
    out = md("(gs-move)=\n## Moving\n\nText.")
    assert out.startswith('<a id="gs-move"></a>\n\n## Moving')
    assert "(gs-move)=" not in out


def test_ref_to_this_page_stays_in_the_page():
    assert md("See {ref}`gs-move`.") == "See [Moving](#gs-move)."
    assert md("{ref}`who starts <gs-ruling-first-player>`") == (
        "[who starts](#gs-ruling-first-player)"
    )


def test_ref_to_another_page_links_into_the_served_book():
    assert md("{ref}`digging <sf-dig>`") == "[digging](/book/book/sf/digging.html#sf-dig)"


def test_unknown_ref_is_just_its_text():
    assert md("{ref}`the worm <sf-worm>` and {ref}`nowhere`") == "the worm and nowhere"


def test_doc_is_relative_to_the_chapter_or_absolute():
    assert md("{doc}`strategy`") == "[Strategy from the engine](/book/book/gs/strategy.html)"
    assert md("{doc}`the intro </book/intro>`") == "[the intro](/book/book/intro.html)"
    assert md("{doc}`../intro`") == "[necro](/book/book/intro.html)"
    assert md("{doc}`missing`") == "missing"


def test_admonition_becomes_a_titled_block_quote_without_options():
    source = (
        "```{admonition} Ruling: Who starts the first round\n"
        ":class: note\n"
        "\n"
        "The youngest player; see {ref}`gs-move`.\n"
        "```\n"
        "After."
    )
    out = md(source)
    assert out.startswith("> **Ruling: Who starts the first round**\n>\n")
    assert "> The youngest player; see [Moving](#gs-move)." in out
    assert ":class:" not in out and "```" not in out
    assert out.endswith("\nAfter.")


def test_named_admonitions_nested_and_colon_fences():
    source = "::::{warning} Careful\n:::{note}\nInner.\n:::\n::::"
    out = md(source)
    assert out.startswith("> **Warning: Careful**")
    assert "> > **Note**" in out and "> > Inner." in out


def test_code_math_and_figures():
    assert md("```{code-block} python\n:linenos:\nx = 1\n```") == "```python\nx = 1\n```"
    assert md("```{math}\na^2\n```") == "$$\na^2\n$$"
    assert md("```{figure} board.png\n:width: 50%\nThe board.\n```") == "![The board.](board.png)"
    assert md("{math}`x^2` and {term}`zombie`") == "$x^2$ and zombie"


def test_code_fences_are_left_alone():
    source = "```python\n(not-a-target)=\n{ref}`gs-move`\n```"
    assert md(source) == source


def test_unknown_directives_keep_their_content():
    assert md("```{only} html\nShown.\n```") == "Shown."


def test_prepare_notebook_rewrites_markdown_and_hides_removed_cells():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("(gs-move)=\n# Moving"),
        nbformat.v4.new_code_cell("print('setup')", metadata={"tags": ["remove-cell"]}),
        nbformat.v4.new_code_cell("widget", metadata={"tags": ["hide-input"]}),
    ]
    prepare_notebook(nb, "book/gs/index", INVENTORY, BOOK)
    assert nb.cells[0].source.startswith('<a id="gs-move"></a>')
    assert nb.cells[1].source == "%%capture\nprint('setup')"
    assert nb.cells[2].source == "widget"


def test_read_inventory(tmp_path):
    body = "\n".join([
        "gs-move std:label -1 book/gs/index.html#$ Moving",
        "sf-plain std:label -1 book/sf/index.html#sf-plain -",
        "book/gs/index std:doc -1 book/gs/index.html Graveyard Shift",
        "something py:function 1 api.html#$ -",
    ]) + "\n"
    path = tmp_path / "objects.inv"
    path.write_bytes(
        b"# Sphinx inventory version 2\n# Project: necro\n# Version: \n"
        b"# The remainder of this file is compressed using zlib.\n" + zlib.compress(body.encode())
    )
    inventory = read_inventory(path)
    assert inventory.labels == {
        "gs-move": ("book/gs/index.html#gs-move", "Moving"),
        "sf-plain": ("book/sf/index.html#sf-plain", "sf-plain"),
    }
    assert inventory.docs == {"book/gs/index": ("book/gs/index.html", "Graveyard Shift")}
    path.write_bytes(b"not an inventory")
    assert read_inventory(path) == Inventory()
