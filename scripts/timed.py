"""Run a command and append how long it took to a times file; `--report` prints the file (make test's summary).

    python scripts/timed.py var/test-times.txt python -- .venv/bin/python -m pytest ...
    python scripts/timed.py var/test-times.txt --report
"""

import subprocess
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    times = Path(argv[0])
    if argv[1:] == ["--report"]:
        print("suite times:")
        print(times.read_text() if times.exists() else "  (none recorded)", end="")
        return 0
    if argv[1:] == ["--reset"]:
        times.parent.mkdir(parents=True, exist_ok=True)
        times.write_text("")
        return 0
    label, sep, *cmd = argv[1:]
    assert sep == "--", "usage: timed.py FILE LABEL -- COMMAND..."
    start = time.monotonic()
    code = subprocess.call(cmd)
    elapsed = time.monotonic() - start
    times.parent.mkdir(parents=True, exist_ok=True)
    with times.open("a") as f:
        f.write(f"  {label:<14} {elapsed:7.1f} s{'' if code == 0 else f'  (exit {code})'}\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
