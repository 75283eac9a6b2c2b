"""The full-screen interface (Textual). The only package that imports Textual;
the engine never imports it (checked by `lint-imports`)."""
