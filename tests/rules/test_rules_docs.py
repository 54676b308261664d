"""The rules readings live in docs/rules/: no file cites the rulebooks' own
files or their old readings list, and every citation of a docs/rules page
names a page and a section that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SKIPPED = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache"}

#: The old readings list, the seeds folder and a seed file's name (three digits, "_", 16 hex digits).
#: Written so that this file does not match itself.
FORBIDDEN = re.compile(r"READ[I]NGS|\bseed[s]/|\b[0-9]{3}_[0-9a-f]{16}\b")
#: ``docs/rules/<page>.md``, then, after a comma, the section it cites (up to the first mark that ends it).
CITATION = re.compile(r"docs/rules/([a-z0-9_]+)\.md(?!')(?:,\s*([A-Z][\w -]*\w))?")
#: A Markdown link into a docs/rules page, with its anchor.
LINK = re.compile(r"\]\((?:[./]*|[./]*docs/)rules/([a-z0-9_]+)\.md(?:#([a-z0-9-]+))?\)")


def text_files():
    for path in sorted(ROOT.rglob("*")):
        if path.is_file() and not SKIPPED & set(path.relative_to(ROOT).parts):
            try:
                yield path, path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue


def headings(page: Path) -> list[str]:
    return [line.lstrip("#").strip() for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_no_file_cites_the_rulebooks_files_or_the_old_readings_list():
    cited = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, found.start()) + 1}: {found.group()}"
        for path, text in text_files()
        for found in FORBIDDEN.finditer(text)
    ]
    assert not cited, "cite docs/rules/<system>.md and its section instead:\n" + "\n".join(cited)


def test_every_citation_of_a_rules_page_names_a_page_and_section_that_exist():
    pages = {page.stem: headings(page) for page in RULES.glob("*.md")}
    sections = {stem: {heading.lower() for heading in found} for stem, found in pages.items()}
    anchors = {stem: {slug(heading) for heading in found} for stem, found in pages.items()}
    broken, cited = [], 0
    for path, text in text_files():
        for page, section in CITATION.findall(text):
            cited += 1
            if page not in pages or (section and section.lower() not in sections[page]):
                broken.append(f"{path.relative_to(ROOT)}: docs/rules/{page}.md, {section}")
        for page, anchor in LINK.findall(text):
            cited += 1
            if page not in pages or (anchor and anchor not in anchors[page]):
                broken.append(f"{path.relative_to(ROOT)}: rules/{page}.md#{anchor}")
    assert cited > 40, "the citations were not found: is CITATION still right?"
    assert not broken, "\n".join(broken)


def test_every_system_has_its_readings_page_in_the_index():
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for system in ("moment_of_truth", "two_d20", "moment_of_clarity", "highest_d10"):
        assert (RULES / f"{system}.md").is_file()
        assert f"]({system}.md)" in index
