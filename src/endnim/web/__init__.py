"""The web workbench (``endnim serve``): a static page and the JSON API behind it.

Import :func:`endnim.web.app.create_app` to build the application (it needs FastAPI).
"""
