"""RuleBook: which page of a chapter each rule's link goes to."""

import pytest

from necro.core import Rule, RuleBook, taught_on

RULES = [Rule("x-a", "A", "a"), Rule("x-b", "B", "b"), Rule("x-b-more", "B more", "b+"), Rule("x-c", "C", "c")]


def test_links_go_to_the_page_listing_the_id_or_its_longest_prefix():
    book = RuleBook("x", "book/x/index", RULES, pages=taught_on({"book/x/two": ["x-b"], "book/x/three": ["x-b-more"]}))
    assert book.href("x-a") == "book/x/index.html#x-a"
    assert book.href("x-b") == "book/x/two.html#x-b"
    assert book.href("x-b-more") == "book/x/three.html#x-b-more"
    assert RuleBook("x", "book/x/index", RULES, pages={"x-b": "book/x/two"}).page("x-b-more") == "book/x/two"
    assert book.href("core-legal").startswith("book/intro.html#")


def test_pages_naming_no_rule_are_refused():
    with pytest.raises(ValueError, match="x-typo"):
        RuleBook("x", "book/x/index", RULES, pages={"x-typo": "book/x/two"})


def test_an_id_taught_on_two_pages_is_refused():
    with pytest.raises(ValueError, match="x-a"):
        taught_on({"book/x/one": ["x-a"], "book/x/two": ["x-a"]})
