"""TOML files -> validated engine values. Every problem is a `DataError` that
names the file, the entry and what is wrong."""
