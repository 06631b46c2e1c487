"""The library's version, in a module of its own so that any layer (the store writes it into
log headers) can import it without importing the facade."""

__version__ = "0.1.0"
