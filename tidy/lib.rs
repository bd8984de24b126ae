//! Repository checks live in `tests/`.
