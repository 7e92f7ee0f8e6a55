import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# pytest-xdist's workers export COLUMNS=80 and LINES=24 (for their own output); fauna reads COLUMNS as the
# terminal's width, so tables would wrap in workers and not in a plain run. Tests that want a width set it.
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)

# The suite tests the Python sources even where a compiled copy of a playout is built (tools/build_native.py):
# FAUNA_NATIVE=require runs it against that copy instead; tests/test_native.py builds and tests one itself.
os.environ.setdefault("FAUNA_NATIVE", "0")
