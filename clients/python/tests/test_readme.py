"""README.md's Python example (the ```python block between <!-- client-example: python --> and
<!-- /client-example -->) run against the service, its address replaced by SONAR_URL's."""

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
README = HERE.parent.parent.parent / "README.md"
ADDRESS = '"http://127.0.0.1:8080"'


def readme_example() -> str:
    text = README.read_text(encoding="utf-8")
    section = re.search(r"<!-- client-example: python -->\n(.*?)<!-- /client-example -->", text, re.DOTALL)
    assert section, f"{README} has no <!-- client-example: python --> section"
    block = re.search(r"^```python\n(.*?)^```$", section.group(1), re.DOTALL | re.MULTILINE)
    assert block, "the python client example has no ```python block"
    return block.group(1)


def test_readme_example_runs_against_the_service(sonar_url: str) -> None:
    code = readme_example()
    assert code.count(ADDRESS) == 1, f"the python client example must name {ADDRESS} exactly once"
    run = subprocess.run(
        [sys.executable, "-c", code.replace(ADDRESS, repr(sonar_url))],
        check=False,
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert re.fullmatch(r"[A-J](10|[1-9]) (hunt|target)\n", run.stdout), run.stdout
