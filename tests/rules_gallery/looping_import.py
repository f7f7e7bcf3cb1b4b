from endnim import Variant

while True:  # the import never ends
    pass


class Never(Variant):
    name = "never-imported"
    title = "gallery: its file never finishes loading"
