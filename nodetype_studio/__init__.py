"""Node Type Studio: design, preview, validate and check Neos-style CMS node types offline."""

__version__ = "0.1.0"
