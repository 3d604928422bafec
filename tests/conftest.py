"""Suite-wide test settings.

Hypothesis draws the same examples on every run (`derandomize`), so a red CI run is reproducible and
a green one stays green; `SPACETABLE_HYPOTHESIS=explore make test` draws fresh examples to hunt for
new failures (add any it finds as an `@example`).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("SPACETABLE_HYPOTHESIS", "repeatable"))
