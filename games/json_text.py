"""JSON text on the live tables' hot paths, by orjson.

Every move is written to the table's row (its round, its recent events), read back by the
other server processes, and sent to every socket of the table as frames. With the standard
library's `json` that encoding and decoding was the largest single cost left in a server's
profile at 150 tables (docs/benchmarks.md); orjson does the same work 3 to 12 times faster.
The text differs only in spacing and in writing non-ASCII characters as UTF-8 rather than
`\\u` escapes: the same JSON to any reader.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# Dict keys that are numbers become strings, as json.dumps makes them.
_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:  # what orjson does not take (an integer past 64 bits): json decides
        return json.dumps(value)


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)
