"""The quick starts are no longer than the rule texts they replace (issue 27), counted as a reader
reads them (:mod:`necro.book.wordcount`)."""

import json

import pytest

from necro.book import wordcount


def test_prose_is_counted_as_a_reader_reads_it():
    text = ("Dig a grave.\n\n```python\nlesson('x')\n```\n<!-- a note for authors -->\n"
            ":::{tip}\n:class: dropdown\nShovel it.\n:::\n")
    assert wordcount.count_words(text) == len("Dig a grave. :::{tip} Shovel it. :::".split())


def test_a_page_counts_its_markdown_and_its_lessons_text(tmp_path):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "l.json").write_text(json.dumps(
        {"title": "Two words", "steps": [{"text": "three more words", "ask": "predict", "options": ["a b", "c"],
                                           "play": ["enter a1"], "other": {"enter d1": "four words for this"}}]}))
    nb = {"cells": [{"cell_type": "markdown", "source": ["# Learn\n", "one two"]},
                    {"cell_type": "code", "source": ["from necro.book.chapter import lesson\n",
                                                     "lesson(\"lessons/l.json\")"]}]}
    (tmp_path / "learn.ipynb").write_text(json.dumps(nb))
    assert wordcount.page_words(tmp_path / "learn.ipynb") == 4
    assert wordcount.lesson_words(tmp_path / "learn.ipynb") == 2 + 3 + 3 + 4


@pytest.mark.parametrize("row", wordcount.rows(), ids=lambda r: r["game"])
def test_each_quick_start_is_no_longer_than_its_limit(row):
    assert row["page"] is not None, f"{row['name']} has no quick start (book/{row['game']}/learn.ipynb)"
    assert row["page"] <= row["limit"], (f"{row['name']}: the quick start has {row['page']} words, "
                                         f"over its limit of {row['limit']}")
