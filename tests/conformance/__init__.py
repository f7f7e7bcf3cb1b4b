"""Users' own rule sets on every surface, checked against brute forces written here."""
