"""catalog -> generated/ (Python stubs) and site/docs (Markdown), via Jinja2 templates."""
