"""Notebook views: thin ipywidgets layers over the pure rules, one module per area."""
