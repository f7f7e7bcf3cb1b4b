"""A gallery of broken rule-set files: one class per fault (see broken.py and FAULTS)."""
