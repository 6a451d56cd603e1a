"""Write each service's OpenAPI document to a folder (what the frontend's RTK Query codegen reads).

python -m embedded.openapi frontend/openapi
"""

import json
import sys
import tempfile
from pathlib import Path

from embedded.app import build_service_apps
from kit.events import InProcessBus


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "frontend/openapi")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        apps = build_service_apps(Path(tmp), InProcessBus(), demo=False, public_base_url="http://127.0.0.1:8000")
        for name, app in apps.items():
            text = json.dumps(app.openapi(), indent=2, sort_keys=True) + "\n"
            target = out / f"{name}.json"
            # Rewrite only on change: the frontend build depends on these files' timestamps.
            if not target.exists() or target.read_text() != text:
                target.write_text(text)
            print(target)


if __name__ == "__main__":
    main()
