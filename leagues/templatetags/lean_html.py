"""`{% dedent %}…{% enddedent %}`: the block's HTML without its templates' indentation.

A page with many rows (a long match's score sheet, hands and history) would spend a sixth of
its bytes on the indentation of the templates' loops.
Every run of whitespace that holds a line break becomes one line break: for HTML that is
the same whitespace, so nothing on the page moves. Not for blocks with `<pre>` or
`<textarea>`, whose whitespace is their content.
"""

from __future__ import annotations

import re

from django import template
from django.utils.safestring import mark_safe

register = template.Library()

_INDENTED_BREAK = re.compile(r"[ \t\r\n]*\n[ \t\r\n]*")


class DedentNode(template.Node):
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        # The block rendered already escaped what it had to; this only removes whitespace.
        return mark_safe(_INDENTED_BREAK.sub("\n", self.nodelist.render(context)))


@register.tag
def dedent(parser: template.base.Parser, token: template.base.Token) -> DedentNode:
    nodelist = parser.parse(("enddedent",))
    parser.delete_first_token()
    return DedentNode(nodelist)
