"""The command line's own error: a mistake in how a command was called."""


class UsageError(Exception):
    """A file that cannot be read, or arguments that do not fit: exit status 2."""
