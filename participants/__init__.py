"""Team and player pages, and the board prizes (issue 20, item 2): public, cached like the other public pages.

Reads the results (``operations``) and the published pairings with their "why" (``committee``),
so it sits above both, as ``printing`` does.
"""
